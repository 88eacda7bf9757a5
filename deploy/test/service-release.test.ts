// R-OPS-COMPAT: deploy/release/service-release.mjs: service releases recorded in the repository, and
// `npm run compat`, which CI runs here: the current schemas against every service's last
// release as committed, and a copy of the sources with one event field renamed, which fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SERVICES,
  lastRelease,
  nextVersion,
  readSnapshot,
  releasesDir,
  repoRoot,
} from '../release/service-release.mjs';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  temps.push(dir);
  return dir;
};

function compat(...args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', 'compat', '--', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/**
 * The committed sources the schemas come from (package.json and the workspaces they import),
 * copied: the working tree may hold changes in progress.
 */
function committedSources(...paths: string[]): string {
  const tree = tempDir('compat-tree');
  const archive = spawnSync('git', ['archive', '--format=tar', 'HEAD', ...paths], {
    cwd: repoRoot,
    maxBuffer: 1 << 30,
  });
  expect(archive.status, String(archive.stderr)).toBe(0);
  const untar = spawnSync('tar', ['-x', '-C', tree], { input: archive.stdout });
  expect(untar.status, String(untar.stderr)).toBe(0);
  return tree;
}
const SOURCES = ['package.json', 'packages', ...Object.keys(SERVICES)];

/** Edits the registration events' schema in a copy of the sources. */
function editRegistrationEvent(tree: string, edit: (block: string) => string) {
  const file = path.join(tree, 'packages/contracts/src/events.ts');
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf('export const registrationEventSchema = z.object({');
  const end = text.indexOf('});', start);
  expect(start).toBeGreaterThan(0);
  const edited = edit(text.slice(start, end));
  expect(edited).not.toBe(text.slice(start, end));
  fs.writeFileSync(file, text.slice(0, start) + edited + text.slice(end));
}

describe('releases as committed', () => {
  it('every service has a release with its commit and the schemas of that commit', () => {
    for (const pkg of Object.keys(SERVICES)) {
      const last = lastRelease(pkg);
      expect(last, pkg).toBeDefined();
      expect(last!.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(last!.commit).toMatch(/^[0-9a-f]{40}$/);
      const snapshot = readSnapshot(last!);
      expect(snapshot.commit).toBe(last!.commit);
      expect(Object.keys(snapshot.events)).toContain('registrations.registration.created');
      expect(snapshot.speaks[pkg]!.events.length).toBeGreaterThan(0);
    }
  });

  it('npm run compat passes for the sources as committed', () => {
    const tree = committedSources(...SOURCES);
    const r = compat('--tree', tree);
    expect(r.out).toContain('svc-registrations: compatible with');
    expect(r.status, r.out).toBe(0);
  });
});

describe('npm run compat on changed sources', () => {
  it('fails on a renamed field of an event, naming the event and both names', () => {
    const tree = committedSources(...SOURCES);
    editRegistrationEvent(tree, (block) => block.replace(/\n {2}activityId:/, '\n  activityRef:'));
    const r = compat('--tree', tree);
    expect(r.status, r.out).toBe(1);
    expect(r.out).toContain(
      'event registrations.registration.created data.activityId: removed; the last release requires it',
    );
    expect(r.out).toContain(
      'event registrations.registration.created data.activityRef: new required field; the last release does not send it',
    );
    // Its producer's and its consumers' last releases are named.
    expect(r.out).toMatch(/svc-registrations: \d+ breaking for /);
    expect(r.out).toMatch(/svc-notify: \d+ breaking for /);
  });

  it('passes an added optional field', () => {
    const tree = committedSources(...SOURCES);
    editRegistrationEvent(
      tree,
      (block) => `${block}  /** A note. */\n  compatTestNote: z.string().optional(),\n`,
    );
    const r = compat('--tree', tree);
    expect(r.status, r.out).toBe(0);
  });
});

describe('npm run release', () => {
  // A process of its own: the sources are imported through Node's module hooks.
  const release = (...args: string[]) => {
    const r = spawnSync('npm', ['run', '--silent', 'release', '--', ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };

  it('records version, commit, date and the schemas of the commit, newest last', () => {
    const dir = tempDir('releases');
    const first = release('svc-notify', '--releases', dir);
    expect(first.status, first.out).toBe(0);
    const record = JSON.parse(fs.readFileSync(path.join(dir, 'svc-notify.json'), 'utf8'));
    const pkgVersion = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'svc-notify/package.json'), 'utf8'),
    ).version;
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
    expect(record.releases).toEqual([
      expect.objectContaining({ version: pkgVersion, commit: head.stdout.trim() }),
    ]);
    expect(first.out).toContain(`released svc-notify ${pkgVersion} at ${head.stdout.slice(0, 12)}`);
    const snapshot = JSON.parse(
      fs.readFileSync(path.join(dir, record.releases[0].schemas), 'utf8'),
    );
    expect(snapshot.commit).toBe(head.stdout.trim());
    expect(snapshot.http['svc-notify']).toHaveProperty(['GET /api/health']);

    // The same commit again only with a version of its own.
    const again = release('notify', '--releases', dir);
    expect(again.status).toBe(1);
    expect(again.out).toContain('is this commit already');
    expect(release('notify', '--releases', dir, '--version', '0.9.0').status).toBe(0);
    const after = JSON.parse(fs.readFileSync(path.join(dir, 'svc-notify.json'), 'utf8'));
    expect(after.releases.map((r: { version: string }) => r.version)).toEqual([
      pkgVersion,
      '0.9.0',
    ]);
    const unknown = release('svc-nope', '--releases', dir);
    expect(unknown.status).toBe(1);
    expect(unknown.out).toContain('unknown package');
  });

  it('takes the package.json version first, then bumps the patch of the last release', () => {
    const rel = (version: string) => ({ version, commit: 'x', date: 'x', schemas: 'x' });
    expect(nextVersion('0.1.0', [])).toBe('0.1.0');
    expect(nextVersion('0.1.0', [rel('0.1.0')])).toBe('0.1.1');
    expect(nextVersion('0.1.0', [rel('0.1.0'), rel('0.1.1')])).toBe('0.1.2');
    expect(nextVersion('0.2.0', [rel('0.1.0'), rel('0.1.1')])).toBe('0.2.0');
    expect(nextVersion('0.1.0', [rel('0.1.0')], '1.0.0')).toBe('1.0.0');
    expect(() => nextVersion('0.1.0', [rel('0.1.0')], '0.1.0')).toThrow(/released already/);
    expect(() => nextVersion('0.1.0', [], 'latest')).toThrow(/not x.y.z/);
  });

  it('keeps the records in deploy/releases', () => {
    expect(releasesDir).toBe(path.join(repoRoot, 'deploy', 'releases'));
  });
});
