// The services' last releases (deploy/releases/<package>.json, recorded by `npm run release`)
// as a runnable build: the repository at a release's commit, cloned into a temporary folder,
// installed with `npm ci` as a team that owns only that release would, and its services built.
// The version-skew test starts services from there beside the current ones (R-OPS-SKEW).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, SERVICES, type ServiceName } from './stack.js';

export interface Release {
  service: ServiceName;
  version: string;
  commit: string;
}

interface ReleaseFile {
  package: string;
  releases: Array<{ version: string; commit: string }>;
}

/** Each service's newest recorded release. */
export function lastReleases(root = repoRoot): Release[] {
  return SERVICES.map((service) => {
    const file = path.join(root, 'deploy', 'releases', `svc-${service}.json`);
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as ReleaseFile;
    const last = record.releases.at(-1);
    if (!last) throw new Error(`${file}: no release recorded`);
    return { service, version: last.version, commit: last.commit };
  });
}

function run(cmd: string, args: string[], cwd: string, timeoutMs: number): void {
  const res = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  if (res.status !== 0) {
    const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.slice(-3000);
    throw new Error(`${cmd} ${args.join(' ')} in ${cwd} failed (${res.status}): ${out}`);
  }
}

/** Where the checkouts are kept: the repository's own ignored `.tmp/`, never a shared folder. */
export function releasesDir(root = repoRoot): string {
  return path.join(root, '.tmp', 'releases');
}

/**
 * R-SKEW-TRUST: whether a folder may be run as code: a real folder (no symbolic link) owned by
 * this user that no one else can write, and so are the folders above it up to `within`. A
 * checkout someone else could have made or changed is built afresh instead.
 */
export function isTrustedDir(dir: string, within: string): boolean {
  const uid = process.getuid?.();
  const trusted = (d: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(d);
    } catch {
      return false;
    }
    return (
      st.isDirectory() &&
      !st.isSymbolicLink() &&
      (uid === undefined || st.uid === uid) &&
      (st.mode & 0o022) === 0
    );
  };
  const rel = path.relative(within, dir);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return false;
  for (let d = dir; ; d = path.dirname(d)) {
    if (!trusted(d)) return false;
    if (d === within || d === path.dirname(d)) return true;
  }
}

/**
 * The checkout of `commit` with its services built, made once per clone (a folder named by the
 * commit under `releasesDir()`, marked ready when complete, trusted only as `isTrustedDir`
 * says): its root, to be passed as a service root to the stack.
 */
export function releaseCheckout(
  commit: string,
  log: (line: string) => void = () => {},
  root = repoRoot,
): string {
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`not a full commit id: ${commit}`);
  const base = releasesDir(root);
  const dir = path.join(base, commit.slice(0, 12));
  const ready = path.join(dir, '.release-ready');
  if (fs.existsSync(ready) && isTrustedDir(dir, path.dirname(base))) return dir;
  const known = spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root });
  if (known.status !== 0) {
    throw new Error(
      `release commit ${commit} is not in this clone's history (a shallow clone?): ` +
        'the version-skew test needs the history back to the last release',
    );
  }
  fs.mkdirSync(base, { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(base), 0o700);
  fs.chmodSync(base, 0o700);
  fs.rmSync(dir, { recursive: true, force: true });
  const t0 = Date.now();
  run('git', ['clone', '--quiet', '--no-checkout', root, dir], base, 120_000);
  fs.chmodSync(dir, 0o700);
  run('git', ['checkout', '--quiet', commit], dir, 60_000);
  run('npm', ['ci', '--prefer-offline'], dir, 10 * 60_000);
  run(process.execPath, ['scripts/build.mjs', '--backend'], dir, 10 * 60_000);
  if (!isTrustedDir(dir, path.dirname(base)))
    throw new Error(`${dir} is writable by others or not owned by this user`);
  fs.writeFileSync(ready, `${commit}\n`, { mode: 0o600 });
  log(`release ${commit.slice(0, 12)} cloned, installed and built in ${Date.now() - t0} ms`);
  return dir;
}
