// `npm run build`: builds every workspace package that has a build script, dependencies
// first, skipping a package whose last successful build is newer than all of its inputs and
// its workspace dependencies' inputs. `--backend` builds the TypeScript (tsc) packages only,
// `--force` ignores up-to-date stamps, `--dry-run` only lists what is stale.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, workspaceDirs } from './workspaces.mjs';

const backendOnly = process.argv.includes('--backend');
const force = process.argv.includes('--force');
const dryRun = process.argv.includes('--dry-run');
const stampDir = path.join(root, 'node_modules', '.cache', 'naschool-build');
// Not inputs of a build: outputs, dependencies, tests.
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test', 'tests', 'coverage', 'test-results']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function readPackages() {
  const pkgs = workspaceDirs().map((dir) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    return {
      dir,
      name: manifest.name,
      build: manifest.scripts?.build,
      deps: Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }),
    };
  });
  const names = new Set(pkgs.map((p) => p.name));
  for (const p of pkgs) p.deps = p.deps.filter((d) => names.has(d));
  return new Map(pkgs.map((p) => [p.name, p]));
}

/** Dependencies before dependants; the root's workspace order breaks ties. */
function buildOrder(pkgs) {
  const order = [];
  const state = new Map();
  const visit = (name) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`dependency cycle through ${name}`);
    state.set(name, 'visiting');
    for (const dep of pkgs.get(name).deps) visit(dep);
    state.set(name, 'done');
    order.push(pkgs.get(name));
  };
  for (const name of pkgs.keys()) visit(name);
  return order;
}

function newestInput(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(full);
      } else if (!TEST_FILE.test(entry.name)) {
        newest = Math.max(newest, fs.statSync(full).mtimeMs);
      }
    }
  };
  walk(path.join(root, dir));
  return newest;
}

function stampFile(pkg) {
  return path.join(stampDir, `${pkg.name.replace(/[@/]/g, '_')}.stamp`);
}

function run(pkg) {
  // tsc never deletes the output of a removed source file: start TypeScript packages from empty.
  if (isBackend(pkg)) fs.rmSync(path.join(root, pkg.dir, 'dist'), { recursive: true, force: true });
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'build', '--workspace', pkg.dir, '--silent'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
}

const pkgs = readPackages();
const inputs = new Map();
const inputsWithDeps = (pkg) => {
  if (!inputs.has(pkg.name)) {
    const own = newestInput(pkg.dir);
    inputs.set(pkg.name, Math.max(own, ...pkg.deps.map((d) => inputsWithDeps(pkgs.get(d)))));
  }
  return inputs.get(pkg.name);
};

const isBackend = (pkg) => /^tsc\b/.test(pkg.build ?? '');
const todo = buildOrder(pkgs).filter((p) => p.build && (!backendOnly || isBackend(p)));
// tsc packages first (the frontends never need them built), then the bundlers one at a time:
// each already uses both cores.
const ordered = [...todo.filter(isBackend), ...todo.filter((p) => !isBackend(p))];
fs.mkdirSync(stampDir, { recursive: true });

const started = Date.now();
let built = 0;
for (const pkg of ordered) {
  const stamp = fs.existsSync(stampFile(pkg)) ? fs.statSync(stampFile(pkg)).mtimeMs : 0;
  const hasOutput = fs.existsSync(path.join(root, pkg.dir, 'dist'));
  if (!force && hasOutput && stamp >= inputsWithDeps(pkg)) continue;
  if (dryRun) {
    console.log(`[build] ${pkg.dir} is stale`);
    continue;
  }
  console.log(`[build] ${pkg.dir}`);
  // The stamp time is taken before the build, so an edit made during it still counts.
  const before = new Date();
  const res = await run(pkg);
  if (!res.ok) {
    fs.rmSync(stampFile(pkg), { force: true });
    console.error(`[build] ${pkg.dir} failed`);
    process.exit(1);
  }
  fs.writeFileSync(stampFile(pkg), '');
  fs.utimesSync(stampFile(pkg), before, before);
  console.log(`[build] ${pkg.dir} done in ${res.seconds.toFixed(1)} s`);
  built += 1;
}
const total = ((Date.now() - started) / 1000).toFixed(1);
if (!dryRun)
  console.log(`[build] ${built} built, ${ordered.length - built} up to date (${total} s)`);
