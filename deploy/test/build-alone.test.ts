// R-RUN-BUILD-ALONE: each deployable builds alone, as a team that owns only it would build it.
// The repository (its last commit) is cloned once into a temporary folder and installed with
// `npm ci` (from npm's cache where it can); then, for each of the eight, every workspace
// package's dist/ is removed and `npm -w <package> run build` must build the workspace
// packages it depends on (TypeScript project references, `tsc -b`) and then itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceDirs } from '../../scripts/workspaces.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MINUTE = 60_000;

// What each one's build must leave behind.
const DEPLOYABLES: Array<[name: string, outputs: string[]]> = [
  ['svc-catalog', ['svc-catalog/dist/src/main.js']],
  [
    'svc-registrations',
    ['svc-registrations/dist/src/main.js', 'svc-registrations/dist/sql/sign-up.sql'],
  ],
  ['svc-identity', ['svc-identity/dist/src/main.js']],
  ['svc-notify', ['svc-notify/dist/src/main.js']],
  ['shell', ['shell/dist/index.html']],
  ['mfe-public', ['mfe-public/dist/remoteEntry.js']],
  ['mfe-admin', ['mfe-admin/dist/remoteEntry.js']],
  ['mfe-provider', ['mfe-provider/dist/remoteEntry.js']],
];

let clone = '';
let workspaces: string[] = [];

function run(cmd: string, args: string[], cwd: string, timeout: number) {
  const res = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    timeout,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  return { ok: res.status === 0, output: `${res.stdout ?? ''}${res.stderr ?? ''}`.slice(-4000) };
}

beforeAll(() => {
  clone = fs.mkdtempSync(path.join(os.tmpdir(), 'nsa-build-alone-'));
  const cloned = run('git', ['clone', '--quiet', repo, clone], os.tmpdir(), 2 * MINUTE);
  expect(cloned.ok, cloned.output).toBe(true);
  const installed = run('npm', ['ci', '--prefer-offline'], clone, 10 * MINUTE);
  expect(installed.ok, installed.output).toBe(true);
  workspaces = workspaceDirs(clone);
}, 12 * MINUTE);

afterAll(() => {
  if (clone) fs.rmSync(clone, { recursive: true, force: true });
});

describe('every deployable builds alone in a fresh clone (R-RUN-BUILD-ALONE)', () => {
  it.each(DEPLOYABLES)(
    'npm -w %s run build builds its workspace dependencies first',
    (name, outputs) => {
      for (const ws of workspaces)
        fs.rmSync(path.join(clone, ws, 'dist'), { recursive: true, force: true });
      const built = run('npm', ['-w', name, 'run', 'build'], clone, 8 * MINUTE);
      expect(built.ok, built.output).toBe(true);
      for (const out of outputs) expect(fs.existsSync(path.join(clone, out)), out).toBe(true);
      // It built what it imports, and nothing it does not need.
      expect(fs.existsSync(path.join(clone, 'packages/contracts/dist/index.js'))).toBe(true);
      const others = DEPLOYABLES.map(([n]) => n).filter((n) => n !== name);
      for (const other of others)
        expect(fs.existsSync(path.join(clone, other, 'dist')), other).toBe(false);
    },
    8 * MINUTE,
  );
});
