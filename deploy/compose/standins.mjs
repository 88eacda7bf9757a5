#!/usr/bin/env node
// Stand-ins for the two official infrastructure images deploy/compose/compose.yaml names, for
// machines that cannot pull them (R-RUN-COMPOSE). As deploy/images/standins.mjs does for the
// base images: a Debian bookworm minbase (mmdebstrap) with Debian's own packages, completed by
// a small Containerfile and tagged with the official name, so the compose file stays as it is.
//   postgres:15-bookworm     Debian's postgresql-15 (15.x, as the official image of that tag);
//                            user postgres as uid/gid 999, PGDATA /var/lib/postgresql/data,
//                            the official entrypoint's contract reduced to what the compose
//                            file uses: POSTGRES_USER/PASSWORD/DB, PGPORT, initdb on an empty
//                            PGDATA, /docker-entrypoint-initdb.d/*.sh and *.sql, password
//                            (scram-sha-256) for TCP, then `exec "$@"`.
//   nats:2.10.29-alpine      Debian's nats-server (2.10.27, not 2.10.29) on Debian, not
//                            Alpine, with busybox's wget (the compose healthcheck) and the
//                            official entrypoint (`nats-server` prepended to `-…` arguments).
// docs/deploy.md "One machine" lists how each differs from the original. Made again only when
// what goes into it changes (a label with its hash).
//   node deploy/compose/standins.mjs          (CONTAINER_ENGINE=podman|docker)
import { pathToFileURL } from 'node:url';
import { detectEngine } from '../images/engine.mjs';
import { ensureBase } from '../images/standins.mjs';

const PG_ENTRYPOINT = `#!/bin/bash
# Stand-in of the official postgres image's entrypoint (deploy/compose/standins.mjs).
set -Eeo pipefail
if [ "\${1:0:1}" = '-' ]; then set -- postgres "$@"; fi
if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA" && chmod 3777 /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "\${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  export POSTGRES_USER="\${POSTGRES_USER:-postgres}"
  export POSTGRES_DB="\${POSTGRES_DB:-$POSTGRES_USER}"
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\\n' "$POSTGRES_PASSWORD") \\
    -D "$PGDATA" $POSTGRES_INITDB_ARGS
  printf '\\nhost all all all scram-sha-256\\n' >> "$PGDATA/pg_hba.conf"
  printf "listen_addresses = '*'\\n" >> "$PGDATA/postgresql.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -p \${PGPORT:-5432}" -w start
  if [ "$POSTGRES_DB" != postgres ]; then
    psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --dbname postgres \\
      --set db="$POSTGRES_DB" <<< 'CREATE DATABASE :"db";'
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) echo "running $f"; if [ -x "$f" ]; then "$f"; else . "$f"; fi ;;
      *.sql) echo "running $f"; psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" \\
               --no-password --dbname "$POSTGRES_DB" -f "$f" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
  echo 'PostgreSQL init process complete; ready for start up.'
fi
exec "$@"
`;

const PG_CONTAINERFILE = (from) => `FROM ${from}
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN groupmod -g 999 postgres && usermod -u 999 -g 999 postgres \\
 && rm -rf /etc/postgresql/15 /var/lib/postgresql/15 \\
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql /docker-entrypoint-initdb.d \\
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql \\
 && chmod 1777 /var/lib/postgresql/data && chmod 3777 /var/run/postgresql \\
 && chmod 755 /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \\
    PGDATA=/var/lib/postgresql/data \\
    LANG=C.UTF-8
VOLUME /var/lib/postgresql/data
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
`;

const NATS_ENTRYPOINT = `#!/bin/sh
# Stand-in of the official nats alpine image's entrypoint (deploy/compose/standins.mjs).
set -e
if [ "\${1#-}" != "$1" ]; then set -- nats-server "$@"; fi
exec "$@"
`;

const NATS_CONTAINERFILE = (from) => `FROM ${from}
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
COPY nats-server.conf /etc/nats/nats-server.conf
RUN ln -s /usr/bin/nats-server /usr/local/bin/nats-server \\
 && ln -s /bin/busybox /usr/local/bin/wget \\
 && chmod 755 /usr/local/bin/docker-entrypoint.sh && nats-server --version
EXPOSE 4222 8222 6222
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["nats-server", "--config", "/etc/nats/nats-server.conf"]
`;
const NATS_DEFAULT_CONF = 'port: 4222\nhttp_port: 8222\n';

export const STANDINS = [
  {
    ref: 'postgres:15-bookworm',
    kind: 'postgres',
    release: 'bookworm',
    packages: ['postgresql-15'],
    containerfile: PG_CONTAINERFILE,
    files: { 'docker-entrypoint.sh': PG_ENTRYPOINT },
  },
  {
    ref: 'nats:2.10.29-alpine',
    kind: 'nats',
    release: 'bookworm',
    packages: ['nats-server', 'busybox'],
    containerfile: NATS_CONTAINERFILE,
    files: { 'docker-entrypoint.sh': NATS_ENTRYPOINT, 'nats-server.conf': NATS_DEFAULT_CONF },
  },
];

/** Makes (or keeps) the stand-in `s`; an official image already present is left alone. */
export function ensureStandIn(engine, s) {
  const { ref, kind, ...recipe } = s;
  return ensureBase(engine, ref, kind, { pull: false, recipe });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const engine = detectEngine();
  if (!engine) throw new Error('no container engine: apt-get install -y podman runc');
  for (const s of STANDINS) {
    const t0 = Date.now();
    const name = await ensureStandIn(engine, s);
    console.log(`${name}: ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}
