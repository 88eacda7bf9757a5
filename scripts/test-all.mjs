// Runs every test of the project and ends with one line: `N passed, N failed`.
// Lint and each package's typecheck count as one check each; test counts come
// from vitest's and Playwright's JSON reports.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { detectEngine } from '../deploy/images/engine.mjs';
import { root, workspaces } from './workspaces.mjs';

const reports = join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2); // optional: suite names to run

const results = [];
const failures = []; // "suite › test" of each failed test, listed again at the end
function record(suite, passed, failed, seconds, ok = true) {
  // A suite that failed without a failing test (crashed setup, no report) still fails.
  if (!ok && failed === 0) failed = 1;
  results.push({ suite, passed, failed, seconds });
  console.log(`\n== ${suite}: ${passed} passed, ${failed} failed (${seconds.toFixed(1)} s)\n`);
}
function run(cmd, args, cwd = root, env = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: r.status === 0, seconds: (Date.now() - started) / 1000 };
}
const firstLine = (text = '') => text.split('\n')[0].slice(0, 200);
/**
 * The start of a failure's message, under its name at the end of the run: where only the
 * output's tail is kept (a CI log), it still says why a test failed, not only which.
 */
const why = (message = '') =>
  message
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((l) => l.trim() && !/^\s+at /.test(l))
    .slice(0, 8)
    .map((l) => `\n      ${l.slice(0, 240)}`)
    .join('');
const wanted = (suite) => only.length === 0 || only.some((o) => suite.includes(o));

// The images' suite starts from base images (stand-ins where the official ones cannot be
// pulled, made from Debian packages) and one shared `npm ci` layer: getting those mostly waits
// on the network, so it runs beside the suites before it, niced so that they keep the CPU, its
// output in a file.
const engine = wanted('images') ? detectEngine() : undefined;
let preparing;
if (engine) {
  const log = join(reports, 'images-prepare.log');
  const started = Date.now();
  const child = spawn(process.execPath, ['deploy/images/build.mjs', '--prepare'], {
    cwd: root,
    stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')],
  });
  if (child.pid) setPriority(child.pid, 15);
  preparing = new Promise((resolve) => {
    const done = (code) => resolve({ code, seconds: (Date.now() - started) / 1000, log });
    child.once('exit', done);
    child.once('error', () => done(-1));
  });
}

if (wanted('lint')) {
  const r = run(bin('eslint'), ['.', '--max-warnings', '0']);
  record('lint', r.ok ? 1 : 0, r.ok ? 0 : 1, r.seconds);
}

for (const ws of workspaces()) {
  if (ws.hasTsconfig && wanted(`typecheck:${ws.dir}`)) {
    const r = run(bin('tsc'), ['--noEmit', '-p', join(ws.dir, 'tsconfig.json')]);
    record(`typecheck:${ws.dir}`, r.ok ? 1 : 0, r.ok ? 0 : 1, r.seconds);
  }
}

/** Runs vitest in `dir` (with `args`, `env`) as the suite `suite` and records its report. */
function vitestSuite(suite, dir, args = [], env = {}) {
  const out = join(reports, `${suite.replace(/^test:/, '').replace(/[/:]/g, '_')}.json`);
  const r = run(
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    join(root, dir),
    env,
  );
  if (!existsSync(out)) return record(suite, 0, 1, r.seconds);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  // A test file that crashed before its tests ran still counts as a failure.
  let suiteErrors = 0;
  for (const file of report.testResults) {
    const name = file.name.slice(root.length + 1);
    // A file whose setup or teardown failed (a beforeAll that threw) has only skipped tests:
    // it counts as one failure, with its message, as a file that crashed before its tests ran.
    const anyFailed = file.assertionResults.some((t) => t.status === 'failed');
    if (file.status === 'failed' && !anyFailed) {
      suiteErrors += 1;
      failures.push(`${suite} › ${name} (did not run: ${firstLine(file.message)})`);
    }
    for (const t of file.assertionResults)
      if (t.status === 'failed')
        failures.push(`${suite} › ${name} › ${t.fullName}${why(t.failureMessages?.[0])}`);
  }
  if (!r.ok && report.numFailedTests + suiteErrors === 0)
    failures.push(
      `${suite} (vitest failed without a failed test: an error outside the tests, above)`,
    );
  record(suite, report.numPassedTests, report.numFailedTests + suiteErrors, r.seconds, r.ok);
}

for (const ws of workspaces()) {
  if (ws.dir === 'e2e' || !ws.scripts.test?.startsWith('vitest') || !wanted(`test:${ws.dir}`))
    continue;
  vitestSuite(`test:${ws.dir}`, ws.dir);
}

// The nine images built, then the product run from them as Kubernetes runs it and as one
// machine runs it (deploy/vitest.images.config.ts), where podman or docker is installed: CI
// installs podman (.ci/run). Without an engine the suite is left out, and says so.
if (wanted('images')) {
  if (engine) {
    const waited = Date.now();
    const p = await preparing;
    // The suites before ran with spawnSync, so the exit was seen late: the log says how long
    // the preparation itself took.
    const logText = readFileSync(p.log, 'utf8');
    const took = /images: prepared in (\d+) s/.exec(logText)?.[1];
    console.log(
      `\n== images: bases and the shared install prepared ` +
        (took ? `in ${took} s ` : `(${p.seconds.toFixed(0)} s until looked at) `) +
        `beside the suites before (waited ${((Date.now() - waited) / 1000).toFixed(0)} s ` +
        `more; exit ${p.code}, log ${p.log.slice(root.length + 1)})`,
    );
    // Not a failure of its own: the build makes whatever is still missing, and says why.
    if (p.code !== 0) console.log(logText.split('\n').slice(-30).join('\n'));
    vitestSuite('images', 'deploy', ['--config', 'vitest.images.config.ts']);
  } else
    console.log('\n== images: not run: no container engine (apt-get install -y podman runc)\n');
}

if (wanted('e2e')) {
  const out = join(reports, 'e2e.json');
  const r = run(bin('playwright'), ['test'], join(root, 'e2e'), {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const { stats } = report;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests)
          if (t.status === 'unexpected')
            failures.push(
              `e2e › ${[...titles, spec.title].join(' › ')}${why(t.results?.at(-1)?.error?.message)}`,
            );
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const s of report.suites ?? []) walk(s, [s.title]);
    record('e2e', stats.expected + stats.flaky, stats.unexpected, r.seconds, r.ok);
  } else {
    record('e2e', 0, 1, r.seconds);
  }
}

console.log('\nsuite'.padEnd(40) + 'passed  failed  seconds');
for (const s of results) {
  console.log(
    `${s.suite.padEnd(39)}${String(s.passed).padStart(6)}  ${String(s.failed).padStart(6)}  ${s.seconds.toFixed(1).padStart(7)}`,
  );
}
if (failures.length) {
  console.log('\nfailed:');
  for (const f of failures) console.log(`  ${f}`);
}
const passed = results.reduce((n, s) => n + s.passed, 0);
const failed = results.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
