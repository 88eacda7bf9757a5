// deploy/release/mfe-release.mjs: versioned publishing of one remote and the registry switch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  main,
  releaseRemote,
  releaseStatus,
  remoteName,
  resolveLocations,
  rollbackRemote,
} from '../release/mfe-release.mjs';

let dir: string;
let releasesRoot: string;
let registryFile: string;

function build(name: string, marker: string): string {
  const out = path.join(dir, 'builds', name);
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, 'mf-manifest.json'),
    `{"name":"mfe_public","marker":"${marker}"}`,
  );
  fs.writeFileSync(path.join(out, 'remoteEntry.js'), `var remote = "${marker}";`);
  fs.writeFileSync(path.join(out, `123.${marker}.js`), `var chunk = "${marker}";`);
  return out;
}

const registry = () => JSON.parse(fs.readFileSync(registryFile, 'utf8')) as Record<string, string>;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mfe-release-'));
  releasesRoot = path.join(dir, 'mfe');
  registryFile = path.join(dir, 'gateway', 'mfe-registry.json');
  fs.mkdirSync(path.dirname(registryFile), { recursive: true });
  fs.writeFileSync(
    registryFile,
    JSON.stringify({
      mfe_public: '/mfe/public/mf-manifest.json',
      mfe_admin: '/mfe/admin/mf-manifest.json',
      mfe_provider: '/mfe/provider/mf-manifest.json',
    }),
  );
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('releaseRemote / rollbackRemote', () => {
  it('publishes gzip copies that match their files, also when a file changed after the build', () => {
    const from = build('gz', 'cccc3333');
    const entry = path.join(from, 'remoteEntry.js');
    fs.writeFileSync(`${entry}.gz`, zlib.gzipSync(fs.readFileSync(entry)));
    fs.writeFileSync(entry, 'var remote = "patched";');
    const r = releaseRemote({ name: 'public', from, version: '1.0.0', releasesRoot, registryFile });
    const published = path.join(r.dir!, 'remoteEntry.js');
    expect(zlib.gunzipSync(fs.readFileSync(`${published}.gz`)).toString()).toBe(
      'var remote = "patched";',
    );
    // The same build released again under its version is the same release.
    expect(
      releaseRemote({ name: 'public', from, version: '1.0.0', releasesRoot, registryFile }).changed,
    ).toBe(false);
  });

  it('publishes a build under its version and switches only that remote', () => {
    const r = releaseRemote({
      name: 'public',
      from: build('a', 'aaaa1111'),
      version: '1.0.0',
      releasesRoot,
      registryFile,
    });
    expect(r).toMatchObject({
      url: '/mfe/public/1.0.0/mf-manifest.json',
      previous: '/mfe/public/mf-manifest.json',
      changed: true,
    });
    expect(
      fs.readFileSync(path.join(releasesRoot, 'public', '1.0.0', 'remoteEntry.js'), 'utf8'),
    ).toBe('var remote = "aaaa1111";');
    expect(registry()).toEqual({
      mfe_public: '/mfe/public/1.0.0/mf-manifest.json',
      mfe_admin: '/mfe/admin/mf-manifest.json',
      mfe_provider: '/mfe/provider/mf-manifest.json',
    });
    // Written through a temp file and a rename: nothing half-written is left behind.
    const leftovers = fs
      .readdirSync(path.dirname(registryFile))
      .filter((f) => f.includes('.tmp-') || f.endsWith('.lock'));
    expect(leftovers).toEqual([]);
    expect(fs.readdirSync(path.join(releasesRoot, 'public'))).toEqual(['1.0.0']);
  });

  it('rolls back step by step to what each release replaced', () => {
    releaseRemote({
      name: 'public',
      from: build('a', 'a1'),
      version: '1.0.0',
      releasesRoot,
      registryFile,
    });
    releaseRemote({
      name: 'mfe-public',
      from: build('b', 'b2'),
      version: '1.1.0',
      releasesRoot,
      registryFile,
    });
    expect(registry().mfe_public).toBe('/mfe/public/1.1.0/mf-manifest.json');

    expect(rollbackRemote({ name: 'public', registryFile })).toEqual({
      name: 'public',
      from: '/mfe/public/1.1.0/mf-manifest.json',
      to: '/mfe/public/1.0.0/mf-manifest.json',
    });
    expect(registry().mfe_public).toBe('/mfe/public/1.0.0/mf-manifest.json');
    // The rolled-back version's files stay published: releasing it again is instant.
    expect(fs.existsSync(path.join(releasesRoot, 'public', '1.1.0', 'remoteEntry.js'))).toBe(true);

    rollbackRemote({ name: 'public', registryFile });
    expect(registry().mfe_public).toBe('/mfe/public/mf-manifest.json');
    expect(() => rollbackRemote({ name: 'public', registryFile })).toThrow(/no earlier version/);
    expect(registry().mfe_admin).toBe('/mfe/admin/mf-manifest.json');
  });

  it('treats a version as immutable, and the same build again as a no-op', () => {
    const from = build('a', 'a1');
    releaseRemote({ name: 'public', from, version: '2.0.0', releasesRoot, registryFile });
    const again = releaseRemote({
      name: 'public',
      from,
      version: '2.0.0',
      releasesRoot,
      registryFile,
    });
    expect(again.changed).toBe(false);
    expect(() =>
      releaseRemote({
        name: 'public',
        from: build('b', 'b2'),
        version: '2.0.0',
        releasesRoot,
        registryFile,
      }),
    ).toThrow(/immutable/);
    expect(registry().mfe_public).toBe('/mfe/public/2.0.0/mf-manifest.json');
  });

  it('derives a version from the build when none is given', () => {
    const a = releaseRemote({ name: 'public', from: build('a', 'a1'), releasesRoot, registryFile });
    const b = releaseRemote({ name: 'public', from: build('b', 'b2'), releasesRoot, registryFile });
    expect(a.version).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    expect(b.version).not.toBe(a.version);
  });

  it('keeps an entry changed by hand in the history', () => {
    releaseRemote({
      name: 'admin',
      from: build('a', 'a1'),
      version: 'v1',
      releasesRoot,
      registryFile,
    });
    fs.writeFileSync(
      registryFile,
      JSON.stringify({ ...registry(), mfe_admin: '/mfe/admin/hand/mf-manifest.json' }),
    );
    releaseRemote({
      name: 'admin',
      from: build('b', 'b2'),
      version: 'v2',
      releasesRoot,
      registryFile,
    });
    expect(rollbackRemote({ name: 'admin', registryFile }).to).toBe(
      '/mfe/admin/hand/mf-manifest.json',
    );
  });

  it('switches only the registry with copy: false, e.g. to a CDN', () => {
    const r = releaseRemote({
      name: 'provider',
      version: '3.1.0',
      copy: false,
      baseUrl: 'https://cdn.example.nl/mfe/',
      registryFile,
    });
    expect(r.url).toBe('https://cdn.example.nl/mfe/provider/3.1.0/mf-manifest.json');
    expect(fs.existsSync(releasesRoot)).toBe(false);
  });

  it('refuses bad input', () => {
    expect(() => remoteName('shell')).toThrow(/unknown remote/);
    expect(() =>
      releaseRemote({
        name: 'public',
        from: build('a', 'a1'),
        version: '../x',
        releasesRoot,
        registryFile,
      }),
    ).toThrow(/version/);
    const empty = path.join(dir, 'empty');
    fs.mkdirSync(empty);
    expect(() =>
      releaseRemote({ name: 'public', from: empty, releasesRoot, registryFile }),
    ).toThrow(/mf-manifest\.json/);
  });
});

describe('the CLI', () => {
  it('releases, reports and rolls back in a DATA_DIR layout', () => {
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    const from = build('a', 'a1');
    expect(
      main(['release', 'public', '--from', from, '--version', '5.0.0', '--data-dir', dir], log),
    ).toBe(0);
    expect(lines.join('\n')).toContain('released mfe-public 5.0.0');
    expect(registry().mfe_public).toBe('/mfe/public/5.0.0/mf-manifest.json');
    expect(releaseStatus({ registryFile, releasesRoot }).public).toEqual({
      current: '/mfe/public/5.0.0/mf-manifest.json',
      history: ['/mfe/public/mf-manifest.json'],
      published: ['5.0.0'],
    });
    expect(main(['rollback', 'public', '--data-dir', dir], log)).toBe(0);
    expect(registry().mfe_public).toBe('/mfe/public/mf-manifest.json');
    expect(main(['nonsense'], log)).toBe(2);
  });

  it('finds the local stack from DATA_DIR', () => {
    expect(resolveLocations({}, { DATA_DIR: dir })).toEqual({ releasesRoot, registryFile });
    expect(resolveLocations({ root: '/srv/r', registry: '/etc/reg.json' }, {})).toEqual({
      releasesRoot: '/srv/r',
      registryFile: '/etc/reg.json',
    });
  });
});
