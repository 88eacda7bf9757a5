// R-RUN-TEST: `npm test` runs every test. The launcher hands `npm test` over to
// scripts/test-all.mjs, which runs the vitest suite of every workspace whose test script is
// vitest's (unit and service integration tests) and e2e's Playwright suite (the browser through
// nginx). A test file that none of them collects, or a workspace whose tests it skips, fails here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '@nsa/contracts';
import { workspaceDirs } from '../../scripts/workspaces.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (f: string) => fs.readFileSync(path.join(repo, f), 'utf8');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

/** Files of a workspace's test folders that name themselves tests (`x.test.ts`, `x.spec.ts`). */
function testFiles(workspace: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(repo, workspace, rel), { withFileTypes: true })) {
      if (e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue;
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(e.name)) out.push(child);
    }
  };
  for (const dir of ['test', 'tests'])
    if (fs.existsSync(path.join(repo, workspace, dir))) walk(dir);
  return out;
}

/** The `include` globs of a workspace's vitest config, as written there. */
function vitestIncludes(workspace: string): string[] {
  const config = fs
    .readdirSync(path.join(repo, workspace))
    .find((f) => /^vitest\.config\.[cm]?[jt]s$/.test(f));
  expect(config, `${workspace} has a vitest config`).toBeDefined();
  const include = /include:\s*\[([^\]]*)\]/.exec(read(path.posix.join(workspace, config!)));
  expect(include, `${workspace}'s vitest config names what it includes`).not.toBeNull();
  return [...include![1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

const workspaces = workspaceDirs(repo);
const testScript = (workspace: string) =>
  (JSON.parse(read(`${workspace}/package.json`)) as { scripts?: { test?: string } }).scripts?.test;

describe('the workspaces (R-RUN-TEST)', () => {
  it("are npm's own, the root's patterns (svc-*) expanded, every service of the table among them", () => {
    const npm = spawnSync('npm', ['query', '.workspace'], { cwd: repo, encoding: 'utf8' });
    expect(npm.status, npm.stderr).toBe(0);
    const npmDirs = (JSON.parse(npm.stdout) as { location: string }[]).map((w) => w.location);
    expect([...workspaces].sort()).toEqual(npmDirs.sort());
    expect(JSON.parse(read('package.json')).workspaces).toContain('svc-*');
    for (const s of SERVICES) expect(workspaces).toContain(s.folder);
  });
});

describe('npm test (R-RUN-TEST)', () => {
  it('hands over to scripts/test-all.mjs, which runs the vitest suites and e2e', () => {
    expect((JSON.parse(read('package.json')) as { scripts: { test: string } }).scripts.test).toBe(
      'node deploy/local/bootstrap.mjs test',
    );
    expect(read('deploy/local/bootstrap.mjs')).toContain("'scripts/test-all.mjs'");
    const runner = read('scripts/test-all.mjs');
    expect(runner).toContain("ws.scripts.test?.startsWith('vitest')");
    expect(runner).toContain("run(bin('playwright'), ['test'], join(root, 'e2e')");
  });

  it.each(workspaces)('runs every test file of %s', (workspace) => {
    const files = testFiles(workspace);
    if (files.length === 0) return;
    if (workspace === 'e2e') {
      expect(testScript(workspace)).toBe('playwright test');
      expect(read('e2e/playwright.config.ts')).toMatch(/testDir: 'tests'/);
      expect(files.filter((f) => !/^tests\/[^/]+\.spec\.ts$/.test(f))).toEqual([]);
      return;
    }
    expect(testScript(workspace), `${workspace}'s test script`).toMatch(/^vitest run\b/);
    const include = vitestIncludes(workspace);
    const missed = files.filter((f) => !include.some((glob) => path.posix.matchesGlob(f, glob)));
    expect(missed, `test files of ${workspace} its vitest config does not collect`).toEqual([]);
  });
});
