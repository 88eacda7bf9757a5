// The last release's image of each service (R-OPS-SKEW, R-RUN-IMAGES-UP): what an operator rolls
// back to. A service's last release is the newest entry of deploy/releases/<package>.json; its
// image is built from that release's own committed sources with that commit's own Dockerfile
// (`git archive <commit>` into .tmp/release-images/<commit>/, then the build there), and tagged
//
//   naschool/<package>:<version>-<first 12 hex of the commit>     e.g. naschool/svc-catalog:0.1.0-93ceaf0f2139
//
// so it is never mistaken for the current build's naschool/<package>:<version> (both may say
// 0.1.0). The image also carries the commit and version as labels. An image already present is
// not built again.
//
//   npm run images -- --release [svc-<name> ...]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVICES } from '../../packages/contracts/src/services.mjs';
import { imageExists, repoRoot, run } from './engine.mjs';
import { ensureBase } from './standins.mjs';

export const REVISION_LABEL = 'org.opencontainers.image.revision';

/** The newest recorded release of a service package (svc-<name>): { version, commit }. */
export function lastRelease(pkg, root = repoRoot) {
  const file = path.join(root, 'deploy', 'releases', `${pkg}.json`);
  const record = JSON.parse(fs.readFileSync(file, 'utf8'));
  const last = record.releases?.at(-1);
  if (!last || !/^[0-9a-f]{40}$/.test(last.commit ?? '')) {
    throw new Error(`${file}: no release with a full commit id`);
  }
  return { version: last.version, commit: last.commit };
}

/** `naschool/<package>:<version>-<commit12>`: the tag of a release's image. */
export const releaseTag = (pkg, { version, commit }) =>
  `naschool/${pkg}:${version}-${commit.slice(0, 12)}`;

/** The service packages that have a recorded release. */
export const releasedServices = (root = repoRoot) =>
  SERVICES.map((s) => s.folder).filter((f) =>
    fs.existsSync(path.join(root, 'deploy', 'releases', `${f}.json`)),
  );

function git(args, opts = {}) {
  const r = spawnSync('git', args, { cwd: repoRoot, maxBuffer: 512 * 1024 * 1024, ...opts });
  if (r.status !== 0) {
    throw new Error(`git ${args.join(' ')} failed: ${r.stderr?.toString().slice(-2000)}`);
  }
  return r.stdout;
}

/**
 * The commit's tree under .tmp/release-images/<commit12>/ (made once: marked complete by a
 * file of its own), its path.
 */
export function releaseSources(commit) {
  const dir = path.join(repoRoot, '.tmp', 'release-images', commit.slice(0, 12));
  const done = path.join(dir, '.archived');
  if (fs.existsSync(done) && fs.readFileSync(done, 'utf8').trim() === commit) return dir;
  if (spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot }).status !== 0) {
    throw new Error(`release commit ${commit} is not in this clone's history (a shallow clone?)`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tar = git(['archive', '--format=tar', commit]);
  const x = spawnSync('tar', ['-x', '-C', dir], { input: tar, maxBuffer: 16 * 1024 * 1024 });
  if (x.status !== 0) throw new Error(`tar -x failed: ${x.stderr?.toString()}`);
  fs.writeFileSync(done, `${commit}\n`);
  return dir;
}

/**
 * How the release's commit builds a service's image: its own deploy/images/<package>.Dockerfile
 * where it has one (as up to the release 0.1.0), else the one service.Dockerfile with the
 * service's folder, name and schema as build arguments.
 */
export function releaseDockerfile(dir, pkg) {
  const own = path.join('deploy', 'images', `${pkg}.Dockerfile`);
  if (fs.existsSync(path.join(dir, own))) return { file: own, buildArgs: {} };
  const shared = path.join('deploy', 'images', 'service.Dockerfile');
  if (!fs.existsSync(path.join(dir, shared))) {
    throw new Error(`the release's tree has neither ${own} nor ${shared}`);
  }
  const s = SERVICES.find((x) => x.folder === pkg);
  return {
    file: shared,
    buildArgs: { SERVICE: s.folder, SERVICE_NAME: s.name, DB_SCHEMA: s.schema },
  };
}

/**
 * Builds (unless present) the last release's image of each package in `pkgs`; answers one row
 * per image: { pkg, tag, commit, built, seconds }.
 */
export async function buildReleaseImages(
  engine,
  pkgs = releasedServices(),
  { log = console.log, pull = false } = {},
) {
  const rows = [];
  for (const pkg of pkgs) {
    const release = lastRelease(pkg);
    const tag = releaseTag(pkg, release);
    if (imageExists(engine, tag)) {
      log(`${tag}: present (commit ${release.commit})`);
      rows.push({ pkg, tag, commit: release.commit, built: false, seconds: 0 });
      continue;
    }
    const t0 = Date.now();
    const dir = releaseSources(release.commit);
    const { file, buildArgs } = releaseDockerfile(dir, pkg);
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const nodeBase = /^ARG NODE_IMAGE=(\S+)\s*$/m.exec(text)?.[1];
    if (nodeBase) await ensureBase(engine, nodeBase, 'node', { pull });
    const args = ['build', ...engine.buildArgs, '-f', file, '-t', tag];
    if (engine.name === 'podman') args.push('--layers');
    args.push('--label', `${REVISION_LABEL}=${release.commit}`);
    args.push('--label', `org.opencontainers.image.version=${release.version}`);
    for (const [k, v] of Object.entries(buildArgs)) args.push('--build-arg', `${k}=${v}`);
    args.push('.');
    log(`\n== ${tag}: ${engine.name} ${args.join(' ')} (in ${path.relative(repoRoot, dir)})`);
    const r = spawnSync(engine.bin, [...engine.globalArgs, ...args], {
      cwd: dir,
      env: engine.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`${tag}: the release's Dockerfile did not build`);
    const seconds = (Date.now() - t0) / 1000;
    rows.push({ pkg, tag, commit: release.commit, built: true, seconds });
  }
  return rows;
}

/** The commit an image was built from (its revision label), or '' when it has none. */
export const imageRevision = (engine, ref) =>
  run(engine, ['image', 'inspect', '--format', `{{index .Labels "${REVISION_LABEL}"}}`, ref], {
    allowFail: true,
  }).stdout.trim();
