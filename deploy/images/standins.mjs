// Stand-ins for the official base images, for machines that cannot pull them (R-RUN-IMAGES).
// Each is made from Debian packages of the same release as the image it stands in for
// (mmdebstrap --variant=minbase), imported, completed by a small Containerfile and tagged with
// the official name, so that deploy/images/*.Dockerfile build unchanged:
//   node:24-bookworm-slim                      minbase bookworm + the pinned Node binary
//                                              (node_modules/node) + the npm that runs this
//                                              script; user node (1000); the machine's CA bundle
//                                              with NODE_EXTRA_CA_CERTS, so npm in a build
//                                              trusts the same registry proxy as the host
//   nginxinc/nginx-unprivileged:1.28-bookworm  minbase bookworm + Debian's nginx (1.22, not
//                                              1.28) and curl, laid out as nginx-unprivileged:
//                                              user nginx (101), port 8080, temp files and pid
//                                              under /tmp, logs to stdout/stderr
// A stand-in is labelled with a hash of everything that goes into it and made again only when
// that changes. docs/deploy.md "Building the images" lists how each differs from the original.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { imageExists, repoRoot, run, which, workDir } from './engine.mjs';

export const STAND_IN_LABEL = 'org.naschool.stand-in';

/** The name an engine stores `ref` under: podman and docker expand short names alike. */
export function fullName(engine, ref) {
  if (engine.name !== 'podman') return ref;
  const [first, ...rest] = ref.split('/');
  if (rest.length > 0 && /[.:]|^localhost$/.test(first)) return ref;
  return rest.length === 0 ? `docker.io/library/${ref}` : `docker.io/${ref}`;
}

/** The Debian release a tag names (…-bookworm-slim, …-bookworm, …-trixie); bookworm else. */
export function debianRelease(ref) {
  const m = /(bookworm|trixie|bullseye)/.exec(ref.split(':')[1] ?? '');
  return m ? m[1] : 'bookworm';
}

/** The Debian mirror apt uses on this machine (DEBIAN_MIRROR overrides). */
export function debianMirror() {
  if (process.env.DEBIAN_MIRROR) return process.env.DEBIAN_MIRROR;
  const texts = [];
  for (const dir of ['/etc/apt/sources.list.d']) {
    try {
      for (const f of fs.readdirSync(dir)) texts.push(fs.readFileSync(path.join(dir, f), 'utf8'));
    } catch {
      // none
    }
  }
  try {
    texts.push(fs.readFileSync('/etc/apt/sources.list', 'utf8'));
  } catch {
    // none
  }
  for (const text of texts) {
    const uris =
      /^URIs:\s*(\S+)/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)/m.exec(text)?.[1];
    if (uris && !/security/.test(uris)) return uris;
  }
  return 'http://deb.debian.org/debian';
}

/** The npm package directory of the npm running this (or on PATH). */
function npmDir() {
  const cli = process.env.npm_execpath || (which('npm') && fs.realpathSync(which('npm')));
  if (!cli) throw new Error('stand-in: npm not found (run through `npm run images`)');
  let dir = path.dirname(fs.realpathSync(cli));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

const NODE_BIN = path.join(repoRoot, 'node_modules', 'node', 'bin', 'node');
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
// As debian:*-slim: no manuals, docs or translations (copyright files stay).
const DPKG_EXCLUDES = [
  'path-exclude=/usr/share/man/*',
  'path-exclude=/usr/share/doc/*',
  'path-include=/usr/share/doc/*/copyright',
  'path-exclude=/usr/share/info/*',
  'path-exclude=/usr/share/locale/*',
  'path-include=/usr/share/locale/locale.alias',
];

const NODE_CONTAINERFILE = (from, nodeVersion) => `FROM ${from}
COPY node /usr/local/bin/node
COPY npm/ /usr/local/lib/node_modules/npm/
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node \\
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
ENV NODE_VERSION=${nodeVersion} \\
    NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
`;

// nginx-unprivileged's own nginx.conf, with Debian's module directory (its dynamic modules are
// compiled in upstream).
const NGINX_CONF = `include /etc/nginx/modules-enabled/*.conf;
worker_processes  auto;

error_log  /var/log/nginx/error.log notice;
pid        /tmp/nginx.pid;

events {
    worker_connections  1024;
}

http {
    proxy_temp_path /tmp/proxy_temp;
    client_body_temp_path /tmp/client_temp;
    fastcgi_temp_path /tmp/fastcgi_temp;
    uwsgi_temp_path /tmp/uwsgi_temp;
    scgi_temp_path /tmp/scgi_temp;

    include       /etc/nginx/mime.types;
    default_type  application/octet-stream;

    log_format  main  '$remote_addr - $remote_user [$time_local] "$request" '
                      '$status $body_bytes_sent "$http_referer" '
                      '"$http_user_agent" "$http_x_forwarded_for"';

    access_log  /var/log/nginx/access.log  main;

    sendfile        on;
    keepalive_timeout  65;

    include /etc/nginx/conf.d/*.conf;
}
`;
const NGINX_DEFAULT = `server {
    listen       8080;
    server_name  localhost;

    location / {
        root   /usr/share/nginx/html;
        index  index.html index.htm;
    }
}
`;
const NGINX_INDEX =
  '<!DOCTYPE html>\n<title>nginx stand-in</title>\n<p>nginx (Debian) stand-in</p>\n';
const NGINX_CONTAINERFILE = (from) => `FROM ${from}
COPY nginx.conf /etc/nginx/nginx.conf
COPY default.conf /etc/nginx/conf.d/default.conf
COPY index.html /usr/share/nginx/html/index.html
RUN groupadd --system --gid 101 nginx \\
 && useradd --system --gid nginx --no-create-home --home /nonexistent --shell /bin/false --uid 101 nginx \\
 && rm -f /etc/nginx/sites-enabled/default \\
 && ln -sf /dev/stdout /var/log/nginx/access.log \\
 && ln -sf /dev/stderr /var/log/nginx/error.log \\
 && chown -R 101:0 /etc/nginx && chmod -R g+w /etc/nginx \\
 && nginx -v
EXPOSE 8080
STOPSIGNAL SIGQUIT
USER 101
CMD ["nginx", "-g", "daemon off;"]
`;

/** What goes into a stand-in: its packages, Containerfile and files (name -> content or path). */
function recipe(kind, release) {
  if (kind === 'node') {
    const nodeVersion = spawnSync(NODE_BIN, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (!/^v\d+\./.test(nodeVersion)) throw new Error(`stand-in: ${NODE_BIN} does not run`);
    return {
      release,
      packages: [],
      containerfile: (from) => NODE_CONTAINERFILE(from, nodeVersion.slice(1)),
      files: { node: NODE_BIN, npm: npmDir(), 'ca-certificates.crt': CA_BUNDLE },
      nodeVersion,
    };
  }
  return {
    release,
    packages: ['nginx', 'curl'],
    containerfile: NGINX_CONTAINERFILE,
    files: { 'nginx.conf': NGINX_CONF, 'default.conf': NGINX_DEFAULT, 'index.html': NGINX_INDEX },
  };
}

function hashRecipe(r, mirror) {
  const h = createHash('sha256');
  h.update(JSON.stringify({ release: r.release, packages: r.packages, mirror, DPKG_EXCLUDES }));
  h.update(r.containerfile('FROM'));
  for (const [name, src] of Object.entries(r.files).sort()) {
    h.update(`\0${name}\0`);
    if (!src.startsWith('/')) h.update(src);
    else if (fs.statSync(src).isDirectory())
      h.update(JSON.parse(fs.readFileSync(path.join(src, 'package.json'), 'utf8')).version);
    else h.update(fs.readFileSync(src));
  }
  return h.digest('hex').slice(0, 16);
}

function labelOf(engine, ref) {
  const out = run(
    engine,
    ['image', 'inspect', '--format', `{{index .Config.Labels "${STAND_IN_LABEL}"}}`, ref],
    { allowFail: true },
  );
  return out.status === 0 ? out.stdout.trim().replace('<no value>', '') : undefined;
}

function mmdebstrap(release, packages, mirror, tar) {
  if (!which('mmdebstrap')) {
    throw new Error(
      'stand-in: mmdebstrap is missing: apt-get install -y mmdebstrap (or make the official base images pullable)',
    );
  }
  const args = [
    '--variant=minbase',
    '--aptopt=APT::Install-Recommends "false"',
    ...DPKG_EXCLUDES.map((o) => `--dpkgopt=${o}`),
    ...(packages.length ? [`--include=${packages.join(',')}`] : []),
    release,
    tar,
    mirror,
  ];
  console.log(`stand-in: mmdebstrap ${args.join(' ')}`);
  const r = spawnSync('mmdebstrap', args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`stand-in: mmdebstrap failed (exit ${r.status})`);
}

/**
 * Makes (or reuses) the stand-in of `ref` from a recipe (release, packages, Containerfile,
 * files): the base images' own by default, or another's (deploy/compose/standins.mjs).
 * Returns its full name.
 */
export function makeStandIn(engine, ref, kind, r = recipe(kind, debianRelease(ref))) {
  const name = fullName(engine, ref);
  const mirror = debianMirror();
  const hash = hashRecipe(r, mirror);
  if (labelOf(engine, name) === hash) {
    console.log(`stand-in: ${name} is up to date (${hash})`);
    return name;
  }
  const dir = path.join(workDir, `stand-in-${kind}-${hash}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // The Debian root is keyed on what goes into it alone: a changed Containerfile or file
  // builds on the root already made (mmdebstrap takes minutes).
  const rootHash = createHash('sha256')
    .update(JSON.stringify({ release: r.release, packages: r.packages, mirror, DPKG_EXCLUDES }))
    .digest('hex')
    .slice(0, 16);
  const rootfs = `localhost/naschool-stand-in/${kind}-rootfs:${rootHash}`;
  if (!imageExists(engine, rootfs)) {
    const tar = path.join(dir, 'rootfs.tar');
    mmdebstrap(r.release, r.packages, mirror, tar);
    run(engine, ['import', tar, rootfs]);
    fs.rmSync(tar, { force: true });
  }
  for (const [file, src] of Object.entries(r.files)) {
    const dest = path.join(dir, file);
    if (!src.startsWith('/')) fs.writeFileSync(dest, src);
    else fs.cpSync(src, dest, { recursive: true, dereference: true });
  }
  fs.writeFileSync(path.join(dir, 'Containerfile'), r.containerfile(rootfs));
  console.log(`stand-in: building ${name} (${hash})`);
  run(
    engine,
    [
      'build',
      ...engine.buildArgs,
      '--label',
      `${STAND_IN_LABEL}=${hash}`,
      '-t',
      name,
      '-f',
      path.join(dir, 'Containerfile'),
      dir,
    ],
    { inherit: true },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  return name;
}

/**
 * Makes sure `ref` is present: an official image already there is used; a stand-in is made
 * again when its inputs changed; otherwise a pull is tried (unless `pull` is false) and a
 * stand-in made when it fails.
 */
export async function ensureBase(engine, ref, kind, { pull = true, recipe: r } = {}) {
  const name = fullName(engine, ref);
  const label = labelOf(engine, name);
  if (label === '') {
    console.log(`base: ${name} present`);
    return name;
  }
  if (label === undefined && pull) {
    const seconds = Number(process.env.PULL_TIMEOUT_SECONDS ?? 20);
    console.log(`base: pulling ${name} (at most ${seconds} s)`);
    const r = run(engine, ['pull', '--quiet', name], {
      allowFail: true,
      timeoutMs: seconds * 1000,
    });
    if (r.status === 0) return name;
    console.log(`base: ${name} cannot be pulled here: making a stand-in`);
  }
  return makeStandIn(engine, ref, kind, r);
}
