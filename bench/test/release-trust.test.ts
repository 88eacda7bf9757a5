// R-SKEW-TRUST: the version-skew test runs a release's checkout only from a folder this user
// owns and no one else can write (bench/src/lib/release.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isTrustedDir, releaseCheckout, releasesDir } from '../src/lib/release.js';
import { repoRoot } from '../src/lib/stack.js';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-trust-'));
  temps.push(dir);
  return dir;
};
const asRoot = process.getuid?.() === 0;
// A commit id that is in no clone's history: building it fails, so a run that gets past the
// check of the planted folder says so with an error instead of returning that folder.
const UNKNOWN = 'f00dfeedf00dfeedf00dfeedf00dfeedf00dfeed';

describe('release checkouts (R-SKEW-TRUST)', () => {
  it("keeps them under the repository's own ignored .tmp/, not the shared temporary folder", () => {
    expect(releasesDir()).toBe(path.join(repoRoot, '.tmp', 'releases'));
    // Never a folder of the shared temporary folder itself, where anyone may make one first
    // (the repository may sit below it, as a CI clone does: its own .tmp is still its own).
    expect(path.dirname(releasesDir())).not.toBe(os.tmpdir());
    expect(path.relative(repoRoot, releasesDir()).startsWith('..')).toBe(false);
  });

  it('trusts a folder of this user that only it can write, and no other', () => {
    const base = tempDir();
    const dir = path.join(base, 'a', 'b');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(base, 0o700);
    expect(isTrustedDir(dir, base)).toBe(true);
    expect(isTrustedDir(path.join(base, 'missing'), base)).toBe(false);
    // Outside the folder it is checked within.
    expect(isTrustedDir(os.tmpdir(), base)).toBe(false);

    for (const mode of [0o777, 0o770, 0o702]) {
      fs.chmodSync(dir, mode);
      expect(isTrustedDir(dir, base), mode.toString(8)).toBe(false);
    }
    fs.chmodSync(dir, 0o755);
    expect(isTrustedDir(dir, base)).toBe(true);
    // A writable folder above it lets anyone swap it.
    fs.chmodSync(path.join(base, 'a'), 0o777);
    expect(isTrustedDir(dir, base)).toBe(false);
    fs.chmodSync(path.join(base, 'a'), 0o700);

    const link = path.join(base, 'link');
    fs.symlinkSync(dir, link);
    expect(isTrustedDir(link, base)).toBe(false);
  });

  it.runIf(asRoot)('does not trust a folder owned by another user', () => {
    const base = tempDir();
    const dir = path.join(base, 'other');
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chownSync(dir, 65_534, 65_534);
    expect(isTrustedDir(dir, base)).toBe(false);
  });

  it('runs no planted checkout: in the shared temporary folder, world-writable, or of another user', () => {
    const root = tempDir();
    // Where earlier versions looked, ready and world-writable as anyone could leave it.
    const shared = path.join(os.tmpdir(), `nsa-release-${UNKNOWN.slice(0, 12)}`);
    fs.mkdirSync(shared, { recursive: true });
    temps.push(shared);
    fs.writeFileSync(path.join(shared, '.release-ready'), `${UNKNOWN}\n`);
    fs.chmodSync(shared, 0o777);
    // And where it is kept now, but writable by others.
    const planted = path.join(releasesDir(root), UNKNOWN.slice(0, 12));
    fs.mkdirSync(planted, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(planted, '.release-ready'), `${UNKNOWN}\n`);
    fs.chmodSync(planted, 0o777);
    fs.writeFileSync(path.join(root, 'package.json'), '{}');
    const attempt = () => releaseCheckout(UNKNOWN, () => {}, root);
    expect(attempt).toThrow(/not in this clone's history/);
    if (asRoot) {
      fs.chmodSync(planted, 0o700);
      fs.chownSync(planted, 65_534, 65_534);
      expect(attempt).toThrow(/not in this clone's history/);
    }
  });
});
