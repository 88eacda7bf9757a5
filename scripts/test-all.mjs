// Runs every test of the project and ends with one line: `N passed, N failed`.
// Lint and each package's typecheck count as one check each; test counts come
// from vitest's and Playwright's JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, workspaces } from './workspaces.mjs';

const reports = join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2); // optional: suite names to run

const results = [];
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
const wanted = (suite) => only.length === 0 || only.some((o) => suite.includes(o));

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

for (const ws of workspaces()) {
  if (ws.dir === 'e2e' || !ws.scripts.test?.startsWith('vitest') || !wanted(`test:${ws.dir}`))
    continue;
  const out = join(reports, `${ws.dir.replace(/\//g, '_')}.json`);
  const r = run(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    join(root, ws.dir),
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    // A suite that crashed before its tests ran still counts as a failure.
    const suiteErrors = report.testResults.filter(
      (t) => t.status === 'failed' && t.assertionResults.length === 0,
    ).length;
    record(`test:${ws.dir}`, report.numPassedTests, report.numFailedTests + suiteErrors, r.seconds, r.ok);
  } else {
    record(`test:${ws.dir}`, 0, 1, r.seconds);
  }
}

if (wanted('e2e')) {
  const out = join(reports, 'e2e.json');
  const r = run(bin('playwright'), ['test'], join(root, 'e2e'), {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  if (existsSync(out)) {
    const { stats } = JSON.parse(readFileSync(out, 'utf8'));
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
const passed = results.reduce((n, s) => n + s.passed, 0);
const failed = results.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
