// The services' last releases (deploy/releases/<package>.json, recorded by `npm run release`)
// as a runnable build: the repository at a release's commit, cloned into a temporary folder,
// installed with `npm ci` as a team that owns only that release would, and its services built.
// The version-skew test starts services from there beside the current ones (CONTRACT §6).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/**
 * The checkout of `commit` with its services built, made once per machine (a folder named by
 * the commit in the temporary directory, marked ready when complete): its root, to be passed
 * as a service root to the stack.
 */
export function releaseCheckout(commit: string, log: (line: string) => void = () => {}): string {
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`not a full commit id: ${commit}`);
  const dir = path.join(os.tmpdir(), `nsa-release-${commit.slice(0, 12)}`);
  const ready = path.join(dir, '.release-ready');
  if (fs.existsSync(ready)) return dir;
  const known = spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot });
  if (known.status !== 0) {
    throw new Error(
      `release commit ${commit} is not in this clone's history (a shallow clone?): ` +
        'the version-skew test needs the history back to the last release',
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const t0 = Date.now();
  run('git', ['clone', '--quiet', '--no-checkout', repoRoot, dir], os.tmpdir(), 120_000);
  run('git', ['checkout', '--quiet', commit], dir, 60_000);
  run('npm', ['ci', '--prefer-offline'], dir, 10 * 60_000);
  run(process.execPath, ['scripts/build.mjs', '--backend'], dir, 10 * 60_000);
  fs.writeFileSync(ready, `${commit}\n`);
  log(`release ${commit.slice(0, 12)} cloned, installed and built in ${Date.now() - t0} ms`);
  return dir;
}
