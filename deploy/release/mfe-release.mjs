// Independent micro-frontend releases (docs/architecture.md, Frontend): publish one remote's build
// under an immutable, versioned path and switch /mfe-registry.json to it; roll back to the
// version it replaced. Plain JavaScript without dependencies, so it runs before any build
// (npm run release:mfe / rollback:mfe) and inside a container.
//
//   <releases root>/<name>/<version>/...   the remote's files (mf-manifest.json, remoteEntry.js, chunks)
//   <registry file>                        {"mfe_public": "/mfe/public/<version>/mf-manifest.json", ...}
//   <registry file>.history.json           per remote: the entries it had, newest last
//
// Locally the releases root is DATA_DIR/mfe and the registry DATA_DIR/gateway/mfe-registry.json,
// both served by the gateway (gateway/render.mjs `releasesRoot`).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export const REMOTES = ['public', 'admin', 'provider'];
/** Same rule as the gateway's versioned location. */
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export class ReleaseError extends Error {
  name = 'ReleaseError';
}

/** `public`, `mfe-public` and `mfe_public` all name the same remote. */
export function remoteName(value) {
  const name = String(value ?? '').replace(/^mfe[-_]/, '');
  if (!REMOTES.includes(name)) {
    throw new ReleaseError(`unknown remote ${JSON.stringify(value)}: one of ${REMOTES.join(', ')}`);
  }
  return name;
}

const registryKey = (name) => `mfe_${name}`;
const defaultEntry = (name) => `/mfe/${name}/mf-manifest.json`;

/**
 * Where releases and the registry live: explicit options first, then MFE_RELEASES_ROOT /
 * MFE_REGISTRY_FILE, then the local stack's DATA_DIR (default `.data` in the repository).
 */
export function resolveLocations(opts = {}, env = process.env) {
  const dataDir = path.resolve(repoRoot, opts.dataDir ?? env.DATA_DIR ?? '.data');
  return {
    releasesRoot: path.resolve(opts.root ?? env.MFE_RELEASES_ROOT ?? path.join(dataDir, 'mfe')),
    registryFile: path.resolve(
      opts.registry ?? env.MFE_REGISTRY_FILE ?? path.join(dataDir, 'gateway', 'mfe-registry.json'),
    ),
  };
}

function listFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return out.sort();
}

// A build writes `X.gz` next to each compressible file X for the gateway's
// gzip_static (packages/web-kit/precompress.mjs). They are derived files: left
// out of the tree hash, and checked against X on publishing: a copy whose files
// were changed after the build gets its .gz written again from X, so it never
// serves stale compressed ones (the build's own, smaller Zopfli copy is kept
// when it still matches).
const isPrecompressed = (file, files) => file.endsWith('.gz') && files.has(file.slice(0, -3));

function rewritePrecompressed(dir) {
  const files = new Set(listFiles(dir));
  for (const file of files) {
    if (!isPrecompressed(file, files)) continue;
    const source = fs.readFileSync(path.join(dir, file.slice(0, -3)));
    const gzPath = path.join(dir, file);
    let current;
    try {
      current = gunzipSync(fs.readFileSync(gzPath));
    } catch {
      current = undefined;
    }
    if (current?.equals(source)) continue;
    fs.writeFileSync(gzPath, gzipSync(source, { level: zlibConstants.Z_BEST_COMPRESSION }));
  }
}

/** A hash of a directory's file names and contents: equal builds give equal hashes. */
export function treeHash(dir) {
  const hash = createHash('sha256');
  const files = listFiles(dir);
  const names = new Set(files);
  for (const file of files) {
    if (isPrecompressed(file, names)) continue;
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function packageVersion(name) {
  try {
    const pkg = path.join(repoRoot, `mfe-${name}`, 'package.json');
    return JSON.parse(fs.readFileSync(pkg, 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Writes a file so that a reader sees the old or the new content, never a part. */
export function writeAtomic(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}-${Date.now()}`;
  const fd = fs.openSync(tmp, 'w', 0o644);
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

function readJson(file, fallback) {
  if (!fs.existsSync(file)) return fallback;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ReleaseError(`${file} is not valid JSON: ${err.message}`);
  }
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** One registry change at a time: a lock file next to the registry, freed when its owner died. */
function withLock(registryFile, work) {
  const lock = `${registryFile}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lock, 'utf8'));
      if (!Number.isInteger(owner) || owner <= 0 || !pidAlive(owner)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new ReleaseError(`${lock} is held by pid ${owner}; another release is running`);
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

const historyFile = (registryFile) => `${registryFile}.history.json`;

function loadState(registryFile) {
  const registry = readJson(
    registryFile,
    Object.fromEntries(REMOTES.map((n) => [registryKey(n), defaultEntry(n)])),
  );
  const history = readJson(historyFile(registryFile), {});
  return { registry, history };
}

function saveState(registryFile, { registry, history }) {
  // History first: a crash between the two leaves a history that still names the entry the
  // registry shows, so a rollback stays possible.
  writeAtomic(historyFile(registryFile), `${JSON.stringify(history, null, 2)}\n`);
  writeAtomic(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
}

function remoteHistory(history, name, current) {
  const h = (history[registryKey(name)] ??= { entries: [], log: [] });
  // An entry changed by hand counts as a version in its own right.
  if (h.entries.at(-1) !== current) h.entries.push(current);
  return h;
}

/** Copies `from` to <root>/<name>/<version>/ once; a version's files never change after. */
function publish(from, releasesRoot, name, version) {
  const target = path.join(releasesRoot, name, version);
  const hash = treeHash(from);
  if (fs.existsSync(target)) {
    if (treeHash(target) === hash) return { target, reused: true };
    throw new ReleaseError(
      `${name} ${version} is already published with other files (${target}); ` +
        'versions are immutable: release under a new --version',
    );
  }
  const incoming = path.join(releasesRoot, name, `.incoming-${version}-${process.pid}`);
  fs.rmSync(incoming, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(incoming), { recursive: true });
  fs.cpSync(from, incoming, { recursive: true });
  rewritePrecompressed(incoming);
  // Readable by the gateway's worker user, whoever ran the release.
  for (const file of listFiles(incoming)) fs.chmodSync(path.join(incoming, file), 0o644);
  fs.renameSync(incoming, target);
  return { target, reused: false };
}

/**
 * Publishes one remote's build and points the registry at it.
 * @param {{ name: string, from?: string, version?: string, releasesRoot?: string,
 *   registryFile: string, baseUrl?: string, copy?: boolean }} opts
 */
export function releaseRemote(opts) {
  const name = remoteName(opts.name);
  const copy = opts.copy ?? true;
  const from = path.resolve(opts.from ?? path.join(repoRoot, `mfe-${name}`, 'dist'));
  if (copy || !opts.version) {
    if (!fs.existsSync(path.join(from, 'mf-manifest.json'))) {
      throw new ReleaseError(
        `${from} has no mf-manifest.json: build the remote first (npm run build -w mfe-${name})`,
      );
    }
  }
  const version = opts.version ?? `${packageVersion(name)}-${treeHash(from).slice(0, 10)}`;
  if (!VERSION_PATTERN.test(version)) {
    throw new ReleaseError(
      `version ${JSON.stringify(version)} must match ${VERSION_PATTERN} (letters, digits, . _ + -)`,
    );
  }
  const baseUrl = (opts.baseUrl ?? '/mfe').replace(/\/+$/, '');
  const url = `${baseUrl}/${name}/${version}/mf-manifest.json`;
  let published;
  if (copy) {
    if (!opts.releasesRoot) throw new ReleaseError('releasesRoot is required to publish files');
    published = publish(from, opts.releasesRoot, name, version);
  }
  return withLock(opts.registryFile, () => {
    const state = loadState(opts.registryFile);
    const key = registryKey(name);
    const previous = state.registry[key] ?? defaultEntry(name);
    const h = remoteHistory(state.history, name, previous);
    if (previous !== url) {
      h.entries.push(url);
      h.log.push({ at: new Date().toISOString(), action: 'release', from: previous, to: url });
      state.registry[key] = url;
      saveState(opts.registryFile, state);
    }
    return { name, version, url, previous, changed: previous !== url, dir: published?.target };
  });
}

/** Points the registry back at the entry the current one replaced. */
export function rollbackRemote(opts) {
  const name = remoteName(opts.name);
  return withLock(opts.registryFile, () => {
    const state = loadState(opts.registryFile);
    const key = registryKey(name);
    const current = state.registry[key] ?? defaultEntry(name);
    const h = remoteHistory(state.history, name, current);
    if (h.entries.length < 2) {
      throw new ReleaseError(`${name}: no earlier version to roll back to (current: ${current})`);
    }
    h.entries.pop();
    const target = h.entries.at(-1);
    h.log.push({ at: new Date().toISOString(), action: 'rollback', from: current, to: target });
    state.registry[key] = target;
    saveState(opts.registryFile, state);
    return { name, from: current, to: target };
  });
}

/** What the registry points at, what each remote could roll back to, what is published. */
export function releaseStatus({ registryFile, releasesRoot }) {
  const { registry, history } = loadState(registryFile);
  return Object.fromEntries(
    REMOTES.map((name) => {
      const dir = releasesRoot ? path.join(releasesRoot, name) : undefined;
      const published =
        dir && fs.existsSync(dir)
          ? fs
              .readdirSync(dir)
              .filter((v) => VERSION_PATTERN.test(v))
              .sort()
          : [];
      const entries = history[registryKey(name)]?.entries ?? [];
      return [
        name,
        { current: registry[registryKey(name)], history: entries.slice(0, -1), published },
      ];
    }),
  );
}

const USAGE = `usage:
  npm run release:mfe -- <public|admin|provider> [--version X] [--from DIR] [--no-copy] [--base-url URL]
  npm run rollback:mfe -- <public|admin|provider>
  node deploy/release/mfe-release.mjs status
locations (default: the local stack's DATA_DIR, else .data):
  --data-dir DIR    releases in DIR/mfe, registry DIR/gateway/mfe-registry.json
  --root DIR        releases root (env MFE_RELEASES_ROOT)
  --registry FILE   registry file (env MFE_REGISTRY_FILE)`;

function parseArgs(argv) {
  const out = { _: [] };
  const valued = new Set(['version', 'from', 'data-dir', 'root', 'registry', 'base-url']);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2);
      if (key === 'no-copy') out.copy = false;
      else if (key === 'help') out.help = true;
      else if (valued.has(key)) {
        const value = inline ?? argv[(i += 1)];
        if (value === undefined) throw new ReleaseError(`--${key} needs a value`);
        out[key] = value;
      } else throw new ReleaseError(`unknown option ${arg}`);
    } else out._.push(arg);
  }
  return out;
}

export function main(argv = process.argv.slice(2), log = console.log) {
  const [command, ...rest] = argv;
  const args = parseArgs(rest);
  if (args.help || !['release', 'rollback', 'status'].includes(command)) {
    log(USAGE);
    return command === undefined || args.help ? 0 : 2;
  }
  const where = resolveLocations({
    dataDir: args['data-dir'],
    root: args.root,
    registry: args.registry,
  });
  if (command === 'status') {
    log(JSON.stringify(releaseStatus(where), null, 2));
    return 0;
  }
  if (args._.length !== 1) throw new ReleaseError(`name one remote\n${USAGE}`);
  if (command === 'release') {
    const r = releaseRemote({
      name: args._[0],
      from: args.from,
      version: args.version,
      releasesRoot: where.releasesRoot,
      registryFile: where.registryFile,
      baseUrl: args['base-url'],
      copy: args.copy,
    });
    log(
      r.changed
        ? `released mfe-${r.name} ${r.version}: ${r.url} (was ${r.previous})`
        : `mfe-${r.name} ${r.version} is already current: ${r.url}`,
    );
    if (r.dir) log(`files: ${r.dir}`);
    log(`registry: ${where.registryFile}`);
    return 0;
  }
  const r = rollbackRemote({ name: args._[0], registryFile: where.registryFile });
  log(`rolled back mfe-${r.name}: ${r.to} (was ${r.from})`);
  log(`registry: ${where.registryFile}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    process.exitCode = main();
  } catch (err) {
    console.error(`mfe-release: ${err instanceof ReleaseError ? err.message : err.stack}`);
    process.exitCode = 1;
  }
}
