// `npm start` / `npm test` entry (R-RUN-START, R-RUN-TEST). Plain JavaScript without
// dependencies: it runs before `npm ci`. Installs what is missing, builds what is stale, then
// hands over.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mode = process.argv[2];
if (mode !== 'start' && mode !== 'test') {
  console.error('usage: node deploy/local/bootstrap.mjs start|test');
  process.exit(2);
}
const say = (line) => console.log(`[bootstrap] ${line}`);

function onPath(name) {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && isExecutable(path.join(dir, name)));
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Debian keeps PostgreSQL's server binaries off PATH, in /usr/lib/postgresql/<major>/bin.
function hasPostgres() {
  if (onPath('initdb') && onPath('postgres')) return true;
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return false;
  return fs
    .readdirSync(base)
    .some((v) => ['initdb', 'postgres'].every((b) => isExecutable(path.join(base, v, 'bin', b))));
}

/**
 * nats-server 2.10.23 or later: stream loss after process kills (Jepsen, 2025) and
 * CVE-2023-47090 are fixed there. Debian 12 has 2.9.10; Debian 13 (trixie) has 2.10.27, whose
 * binary needs only libc, so it comes from trixie, pinned low so nothing else does.
 */
const NATS_MIN = [2, 10, 23];
const TRIXIE_SOURCE = '/etc/apt/sources.list.d/naschool-trixie.sources';
const TRIXIE_PIN = '/etc/apt/preferences.d/naschool-trixie';

function natsServerCurrent() {
  const bin =
    ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find(isExecutable) ??
    (onPath('nats-server') ? 'nats-server' : undefined);
  if (!bin) return false;
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const v = /(\d+)\.(\d+)\.(\d+)/.exec(out)?.slice(1).map(Number);
  if (!v) return false;
  for (let i = 0; i < 3; i += 1) if (v[i] !== NATS_MIN[i]) return v[i] > NATS_MIN[i];
  return true;
}

function trixieSource() {
  fs.writeFileSync(
    TRIXIE_SOURCE,
    'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: trixie\nComponents: main\n' +
      'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n',
  );
  // Low priority: nothing is taken from trixie unless asked for by name with -t trixie.
  fs.writeFileSync(TRIXIE_PIN, 'Package: *\nPin: release n=trixie\nPin-Priority: 100\n');
}

function missingPackages() {
  const missing = [];
  if (!onPath('nginx') && !isExecutable('/usr/sbin/nginx')) missing.push('nginx');
  if (!hasPostgres()) missing.push('postgresql');
  if (mode === 'test' && !onPath('chromium') && !isExecutable('/usr/bin/chromium')) {
    // Recommends are skipped, so the fonts pages are rendered with come explicitly.
    missing.push('chromium', 'fonts-liberation');
  }
  // The NATS TLS tests make their certificates with it (and make-secrets.mjs for Kubernetes).
  if (mode === 'test' && !onPath('openssl') && !isExecutable('/usr/bin/openssl'))
    missing.push('openssl');
  return missing;
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.status !== 0) {
    say(`failed: ${cmd} ${args.join(' ')} (exit ${res.status ?? res.signal})`);
    process.exit(res.status || 1);
  }
}

function installSystemPackages() {
  const missing = missingPackages();
  const nats = !natsServerCurrent();
  if (missing.length === 0 && !nats) return;
  const lines = [
    ...(missing.length > 0
      ? [`apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`]
      : []),
    ...(nats
      ? [
          `printf 'Types: deb\\nURIs: http://deb.debian.org/debian\\nSuites: trixie\\nComponents: main\\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\\n' > ${TRIXIE_SOURCE}`,
          `printf 'Package: *\\nPin: release n=trixie\\nPin-Priority: 100\\n' > ${TRIXIE_PIN}`,
          'apt-get update && apt-get install -y --no-install-recommends -t trixie nats-server',
        ]
      : []),
  ];
  const wanted = [...missing, ...(nats ? ['nats-server (2.10.23 or later, from trixie)'] : [])];
  if (process.getuid?.() !== 0) {
    console.error(`[bootstrap] missing: ${wanted.join(', ')}. Install them as root, then retry:`);
    for (const line of lines) console.error(`  sudo sh -c "${line.replaceAll('"', '\\"')}"`);
    process.exit(1);
  }
  say(`installing ${wanted.join(', ')}`);
  // We need the binaries, not Debian's system-wide daemons (nginx on :80, a PostgreSQL
  // cluster on :5432): policy-rc.d tells the packages not to start them.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !fs.existsSync(policy);
  if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (nats) trixieSource();
    run('apt-get', ['update'], { env });
    if (missing.length > 0)
      run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env });
    if (nats)
      run('apt-get', ['install', '-y', '--no-install-recommends', '-t', 'trixie', 'nats-server'], {
        env,
      });
  } finally {
    if (ownPolicy) fs.rmSync(policy, { force: true });
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function installNodeModules() {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  const lock = mtime(path.join(root, 'package-lock.json'));
  if (installed !== undefined && lock !== undefined && installed >= lock) return;
  say(
    installed === undefined
      ? 'installing npm dependencies (npm ci)'
      : 'package-lock.json changed: npm ci',
  );
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Runs the next program in the foreground, forwarding signals, and exits as it exits. */
function handOver(script, args = [], node = process.execPath) {
  const child = spawn(node, [path.resolve(root, script), ...args], {
    stdio: 'inherit',
    cwd: root,
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
  });
}

/**
 * The project's runtime is the `node` package pinned in the root package.json (Node 24, R-RUN-NODE):
 * this script may have been started by the machine's own Node (a fresh clone, before `npm ci`),
 * so once the dependencies are in, it runs itself again on the pinned one. Every program it
 * starts then runs on it too: the services are started with `process.execPath`, and
 * `node_modules/.bin` goes first on the PATH of the children (tools with `#!/usr/bin/env node`,
 * npm itself), as npm does for its scripts.
 */
function onPinnedNode() {
  const bin = path.join(root, 'node_modules', '.bin');
  const pinned = path.join(root, 'node_modules', 'node', 'bin', 'node');
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  if (dirs[0] !== bin) process.env.PATH = [bin, ...dirs].join(path.delimiter);
  if (!isExecutable(pinned) || fs.realpathSync(pinned) === fs.realpathSync(process.execPath))
    return false;
  say(`switching from node ${process.version} to the pinned node_modules/node`);
  handOver(fileURLToPath(import.meta.url), [mode], pinned);
  return true;
}

installSystemPackages();
installNodeModules();
if (!onPinnedNode()) {
  say(`node ${process.version} (${process.execPath})`);
  run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
  handOver(mode === 'start' ? 'deploy/dist/local/main.js' : 'scripts/test-all.mjs');
}
