// The container engine `npm run images` and deploy/test/images-build.test.ts use: podman, or
// docker where there is no podman (CONTAINER_ENGINE=podman|docker chooses). With podman, the
// settings a root podman needs on a host whose cgroups are in hybrid mode: the runc runtime,
// cgroupfs, and a containers.conf without default ulimits (podman's default RLIMIT_NOFILE is
// refused there), written under .tmp/ and passed with CONTAINERS_CONF. Nothing outside the
// repository's ignored directories is written.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES } from '../../packages/contracts/src/services.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const workDir = path.join(repoRoot, '.tmp', 'images');

/** The directories of PATH in which `name` is an executable file, first match. */
export function which(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The engine to use, or undefined when none is installed.
 * @returns {{ name: 'podman' | 'docker', bin: string, globalArgs: string[], buildArgs: string[], env: NodeJS.ProcessEnv } | undefined}
 */
export function detectEngine() {
  const wanted = process.env.CONTAINER_ENGINE;
  const names = wanted ? [wanted] : ['podman', 'docker'];
  for (const name of names) {
    if (name !== 'podman' && name !== 'docker') {
      throw new Error(`CONTAINER_ENGINE must be podman or docker, not ${name}`);
    }
    const bin = which(name);
    if (!bin) continue;
    if (name === 'docker') return { name, bin, globalArgs: [], buildArgs: [], env: process.env };
    const globalArgs = [];
    // crun refuses cgroups in hybrid mode; runc works. PODMAN_RUNTIME= (empty) keeps podman's own.
    const runtime = process.env.PODMAN_RUNTIME ?? (which('runc') ? 'runc' : '');
    if (runtime) globalArgs.push('--runtime', runtime);
    if (process.getuid?.() === 0) globalArgs.push('--cgroup-manager=cgroupfs');
    const env = { ...process.env };
    if (!env.CONTAINERS_CONF) {
      fs.mkdirSync(workDir, { recursive: true });
      const conf = path.join(workDir, 'containers.conf');
      fs.writeFileSync(conf, '[containers]\ndefault_ulimits = []\n');
      env.CONTAINERS_CONF = conf;
    }
    // Docker's format keeps HEALTHCHECK (OCI drops it); host network: no bridge here.
    return { name, bin, globalArgs, buildArgs: ['--format', 'docker', '--network=host'], env };
  }
  return undefined;
}

/**
 * Runs the engine; throws with its output on failure unless `allowFail`.
 * @param {NonNullable<ReturnType<typeof detectEngine>>} engine
 * @param {string[]} args
 * @param {{ allowFail?: boolean, inherit?: boolean, timeoutMs?: number, input?: string }} [opts]
 */
export function run(engine, args, opts = {}) {
  const r = spawnSync(engine.bin, [...engine.globalArgs, ...args], {
    cwd: repoRoot,
    env: engine.env,
    encoding: 'utf8',
    stdio: opts.inherit ? ['ignore', 'inherit', 'inherit'] : ['pipe', 'pipe', 'pipe'],
    timeout: opts.timeoutMs,
    input: opts.input,
    maxBuffer: 256 * 1024 * 1024,
  });
  const out = { status: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  if (out.status !== 0 && !opts.allowFail) {
    throw new Error(
      `${engine.name} ${args.slice(0, 3).join(' ')} … failed (${r.error?.message ?? `exit ${out.status}`})\n${out.stderr.slice(-4000)}`,
    );
  }
  return out;
}

/** @param {NonNullable<ReturnType<typeof detectEngine>>} engine @param {string} ref */
export function imageExists(engine, ref) {
  return (
    run(engine, ['image', 'inspect', '--format', '{{.Id}}', ref], { allowFail: true }).status === 0
  );
}

/**
 * Size in bytes of an image (its layers, the base's included).
 * @param {NonNullable<ReturnType<typeof detectEngine>>} engine @param {string} ref
 */
export function imageSize(engine, ref) {
  return Number(run(engine, ['image', 'inspect', '--format', '{{.Size}}', ref]).stdout.trim());
}

/**
 * The images, in build order, each with its Dockerfile (deploy/images/<dockerfile>.Dockerfile)
 * and kind: the services of the table first, all from service.Dockerfile with their folder,
 * name and schema as build arguments; then the gateway and the frontends, each its own.
 */
export const IMAGES = [
  ...SERVICES.map((s) => ({
    name: s.folder,
    kind: 'service',
    dockerfile: 'service',
    buildArgs: { SERVICE: s.folder, SERVICE_NAME: s.name, DB_SCHEMA: s.schema },
  })),
  ...['gateway', 'shell', 'mfe-public', 'mfe-admin', 'mfe-provider'].map((name) => ({
    name,
    kind: 'static',
    dockerfile: name,
    buildArgs: {},
  })),
];

/** The product's version: the root package.json's. */
export function productVersion() {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;
}

/** `naschool/<name>:<version>` */
export const imageTag = (name, version = productVersion()) => `naschool/${name}:${version}`;
