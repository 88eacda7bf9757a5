#!/usr/bin/env node
// Writes the configuration files deploy/compose/compose.yaml mounts (R-RUN-COMPOSE), from the
// settings in its .env; no secret is written into them (NATS reads its users' passwords from
// its environment):
//   <out>/gateway/nginx.conf      the gateway, rendered as the image renders it
//                                 (gateway/render-container.mjs) with this machine's ports:
//                                 the public port, one upstream per service and static server
//   <out>/static/<name>.conf      each static server's site from deploy/images/static/, on its
//                                 own loopback port (all containers share the host's network)
//   <out>/nats.conf               one JetStream node: the users and permissions of the
//                                 Kubernetes NATS (deploy/k8s/base/nats.yaml, R-NATS-USERS), on
//                                 loopback without TLS, its store in the volume at /data
//   node deploy/compose/configure.mjs [--env-file deploy/compose/.env] [--out <dir>]
// <out> defaults to CONFIG_DIR of the .env (relative to the .env's directory), else ./generated.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { containerOptions } from '../../gateway/render-container.mjs';
import { renderGatewayConfig } from '../../gateway/render.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

/** The machine's ports (all but the gateway's on 127.0.0.1); compose.yaml uses the same. */
export const PORTS = {
  gatewayStatus: 23509,
  static: { shell: 23501, 'mfe-public': 23502, 'mfe-admin': 23503, 'mfe-provider': 23504 },
  services: { catalog: 23510, registrations: 23511, identity: 23512, notify: 23513 },
  metrics: { catalog: 23520, registrations: 23521, identity: 23522, notify: 23523 },
  postgres: 23532,
  nats: 23542,
  natsMonitor: 23552,
};

/** KEY=value lines of an env file (comments and blank lines skipped, one level of quotes). */
export function parseEnvFile(text) {
  const out = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/.exec(line);
    if (!m) continue;
    let v = m[2].trim();
    if (/^(['"]).*\1$/.test(v)) v = v.slice(1, -1);
    out[m[1]] = v;
  }
  return out;
}

/**
 * nats-server reads each user's password from its environment as configuration text: a value
 * that begins with a digit or '-' is read as a number (refused, or not the password), one with a
 * space or ';' is cut. So a NATS password begins with a letter and holds only letters, digits,
 * '-' and '_', 24 characters or more (`echo "n$(openssl rand -hex 32)"` makes one).
 */
export const NATS_PASSWORD = /^[A-Za-z][A-Za-z0-9_-]{23,}$/;

/** What is wrong with the .env's NATS passwords, one line each (none: []). */
export function natsPasswordProblems(env) {
  return Object.keys(PORTS.services)
    .map((s) => `${s.toUpperCase()}_NATS_PASSWORD`)
    .filter((key) => !NATS_PASSWORD.test(env[key] ?? ''))
    .map(
      (key) =>
        `${key}: ${env[key] ? 'not usable by nats-server' : 'missing'}: a letter, then 23 or more letters, digits, - or _ (echo "n$(openssl rand -hex 32)")`,
    );
}

/** The users block of the Kubernetes NATS configuration (one line per service's user). */
function natsUsers() {
  const yaml = fs.readFileSync(path.join(repoRoot, 'deploy/k8s/base/nats.yaml'), 'utf8');
  const users = yaml
    .split('\n')
    .filter((l) => /^\s*\{user: "[a-z]+", password: \$[A-Z]+_NATS_PASSWORD, /.test(l))
    .map((l) => `    ${l.trim()}`);
  if (users.length !== 4) throw new Error(`nats.yaml: expected 4 users, found ${users.length}`);
  return users.join('\n');
}

// No sync_interval (the Kubernetes nodes fsync once a second): the nats-server 2.10.27 of
// Debian that stands in for the image here refuses the field; the default (every 2 minutes)
// applies, and what a power loss takes from the store the services' outboxes publish again.
export function natsConf() {
  return `# Rendered by deploy/compose/configure.mjs: do not edit.
# One JetStream node for one machine (streams with one replica, STREAM_REPLICAS=1): nothing to
# fail over to; the services' outboxes publish again what it had not stored when it stops.
server_name: naschool-1
host: 127.0.0.1
port: ${PORTS.nats}
http: 127.0.0.1:${PORTS.natsMonitor}
max_payload: 1MB
lame_duck_duration: 30s
pid_file: /tmp/nats.pid
# R-NATS-USERS: each service as its own user; the passwords from the container's environment.
authorization {
  users: [
${natsUsers()}
  ]
}
jetstream {
  store_dir: /data
  max_file_store: 8GB
  max_memory_store: 256MB
}
`;
}

export function gatewayConf(env) {
  const loop = (p) => `127.0.0.1:${p}`;
  return renderGatewayConfig({
    ...containerOptions({
      PUBLIC_BASE_URL: env.PUBLIC_BASE_URL || 'http://localhost:23500',
      SIGNUP_RATE_LIMIT: env.SIGNUP_RATE_LIMIT || '60',
      LOGIN_RATE_LIMIT: env.LOGIN_RATE_LIMIT || '10',
    }),
    port: Number(env.GATEWAY_PORT || 23500),
    listen: env.GATEWAY_LISTEN || '0.0.0.0',
    services: Object.fromEntries(Object.entries(PORTS.services).map(([s, p]) => [s, loop(p)])),
    staticUpstreams: {
      shell: loop(PORTS.static.shell),
      mfe_public: loop(PORTS.static['mfe-public']),
      mfe_admin: loop(PORTS.static['mfe-admin']),
      mfe_provider: loop(PORTS.static['mfe-provider']),
    },
    statusListen: loop(PORTS.gatewayStatus),
  });
}

export function staticConf(name) {
  const src = name === 'shell' ? 'shell.conf' : 'mfe.conf';
  const text = fs.readFileSync(path.join(repoRoot, 'deploy/images/static', src), 'utf8');
  if (!/listen 8080;/.test(text)) throw new Error(`${src}: no "listen 8080;"`);
  return text.replace(/listen 8080;/g, `listen 127.0.0.1:${PORTS.static[name]};`);
}

/** Writes every file under `out`, readable by the containers' users; answers their paths. */
export function configure(env, out) {
  const files = {
    'gateway/nginx.conf': gatewayConf(env),
    'nats.conf': natsConf(),
    ...Object.fromEntries(
      Object.keys(PORTS.static).map((n) => [`static/${n}.conf`, staticConf(n)]),
    ),
  };
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(out, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    fs.chmodSync(path.dirname(file), 0o755);
    fs.writeFileSync(file, text, { mode: 0o644 });
    fs.chmodSync(file, 0o644);
  }
  fs.chmodSync(out, 0o755);
  return Object.keys(files).map((rel) => path.join(out, rel));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const envFile = path.resolve(arg('--env-file') ?? path.join(here, '.env'));
  if (!fs.existsSync(envFile)) {
    console.error(`configure: ${envFile} not found (cp deploy/compose/.env.example to it first)`);
    process.exit(1);
  }
  const env = parseEnvFile(fs.readFileSync(envFile, 'utf8'));
  const problems = natsPasswordProblems(env);
  if (problems.length > 0) {
    for (const p of problems) console.error(`configure: ${path.basename(envFile)}: ${p}`);
    process.exit(1);
  }
  // --out from the working directory; CONFIG_DIR as compose.yaml reads it, beside the .env.
  const out = arg('--out')
    ? path.resolve(arg('--out'))
    : path.resolve(path.dirname(envFile), env.CONFIG_DIR ?? 'generated');
  for (const f of configure(env, out)) console.log(`configure: wrote ${f}`);
}
