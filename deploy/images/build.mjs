#!/usr/bin/env node
// `npm run images`: builds the nine images from deploy/images/*.Dockerfile as
// naschool/<name>:<version> with podman (or docker), sharing one layer cache: every service's
// from service.Dockerfile with its folder, name and schema from the table of services as build
// arguments (SERVICE, SERVICE_NAME, DB_SCHEMA), the others from their own. It prints each
// image's size and what it adds to its base (R-RUN-IMAGES in docs/requirements.md).
//
// Where a base image the Dockerfiles name (their NODE_IMAGE and NGINX_IMAGE defaults) is not
// present and cannot be pulled, a stand-in of the same Debian release is made first and tagged
// with that very name, so the Dockerfiles build unchanged (deploy/images/standins.mjs).
//
//   npm run images [-- [--stand-ins] [--no-pull] [--release] [--prepare] [name ...]]
//     --stand-ins   make (or reuse) the stand-ins without trying to pull the official bases
//     --no-pull     never pull: use what is present, else stand-ins (same as --stand-ins)
//     --prepare     build no image: only what the builds and deploy/compose start from, the
//                   bases (or their stand-ins, compose's PostgreSQL and NATS ones too) and the
//                   install layer every Node image shares; `npm test` runs this beside its
//                   first suites, as it mostly waits on the network
//     --release     the services' last releases' images instead, from each release's commit
//                   and its own Dockerfile: naschool/svc-<name>:<version>-<commit12>
//                   (deploy/images/release.mjs; present ones are kept)
//     name ...      build only these images (svc-catalog, gateway, mfe-public, ...)
//   Environment: CONTAINER_ENGINE (podman|docker), PULL_TIMEOUT_SECONDS (20),
//                DEBIAN_MIRROR (default: the mirror apt uses), PODMAN_RUNTIME (runc if present).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  IMAGES,
  detectEngine,
  imageExists,
  imageSize,
  imageTag,
  productVersion,
  repoRoot,
  run,
} from './engine.mjs';
import { STANDINS, ensureStandIn } from '../compose/standins.mjs';
import { buildReleaseImages, releasedServices } from './release.mjs';
import { ensureBase, fullName } from './standins.mjs';

const MB = 1024 * 1024;
const imagesDir = path.join(repoRoot, 'deploy', 'images');

/** The Dockerfile an image is built from (its name without .Dockerfile). */
export const dockerfileOf = (image) => IMAGES.find((i) => i.name === image)?.dockerfile ?? image;

/** The default of `ARG <name>=<value>` before the first FROM of an image's Dockerfile. */
export function argDefault(image, name) {
  const file = path.join(imagesDir, `${dockerfileOf(image)}.Dockerfile`);
  const text = fs.readFileSync(file, 'utf8');
  const m = new RegExp(`^ARG ${name}=(\\S+)\\s*$`, 'm').exec(text);
  return m?.[1];
}

/** The base images the Dockerfiles name: { node: 'node:24-bookworm-slim', nginx: '...' }. */
export function baseImages(names = IMAGES.map((i) => i.name)) {
  const node = new Set();
  const nginx = new Set();
  for (const name of names) {
    const n = argDefault(name, 'NODE_IMAGE');
    if (n) node.add(n);
    const g = argDefault(name, 'NGINX_IMAGE');
    if (g) nginx.add(g);
  }
  return { node: [...node], nginx: [...nginx] };
}

/** The final stage's base of an image: NGINX_IMAGE for the static ones, else NODE_IMAGE. */
export const finalBase = (name) =>
  argDefault(name, 'NGINX_IMAGE') ?? argDefault(name, 'NODE_IMAGE');

function packageVersion(name) {
  const file = path.join(repoRoot, name, 'package.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).version : undefined;
}

export async function main(argv = process.argv.slice(2)) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const unknown = [...flags].filter(
    (f) => !['--stand-ins', '--no-pull', '--release', '--prepare'].includes(f),
  );
  const only = argv.filter((a) => !a.startsWith('--'));
  const release = flags.has('--release');
  const known = release ? releasedServices() : IMAGES.map((i) => i.name);
  const bad = only.filter((o) => !known.includes(o));
  if (unknown.length || bad.length) {
    console.error(`images: unknown ${[...unknown, ...bad].join(', ')}`);
    console.error(`images: names are ${known.join(', ')}`);
    return 2;
  }
  const engine = detectEngine();
  if (!engine) {
    console.error(
      'images: no container engine: install podman (apt-get install -y podman runc) or docker',
    );
    return 1;
  }
  if (release) {
    const pull = !flags.has('--stand-ins') && !flags.has('--no-pull');
    const rows = await buildReleaseImages(engine, only.length > 0 ? only : known, { pull });
    console.log(`\n${'release image'.padEnd(44)} ${'size'.padStart(9)}  built`);
    for (const r of rows) {
      const size = (imageSize(engine, r.tag) / MB).toFixed(1).padStart(6);
      const how = r.built ? `in ${r.seconds.toFixed(0)} s` : 'already present';
      console.log(`${r.tag.padEnd(44)} ${size} MB  ${how} (commit ${r.commit.slice(0, 12)})`);
    }
    return 0;
  }
  const version = productVersion();
  const selected = IMAGES.filter((i) => only.length === 0 || only.includes(i.name));
  const started = Date.now();
  const pull = !flags.has('--stand-ins') && !flags.has('--no-pull');
  const bases = baseImages(selected.map((i) => i.name));
  for (const ref of bases.node) await ensureBase(engine, ref, 'node', { pull });
  for (const ref of bases.nginx) await ensureBase(engine, ref, 'nginx', { pull });
  if (flags.has('--prepare')) return prepare(engine, started);

  const rows = [];
  for (const { name, dockerfile, buildArgs } of selected) {
    const tag = imageTag(name, version);
    const args = [...buildCommand(engine, dockerfile, buildArgs), '-t', tag];
    if (name.startsWith('mfe-'))
      args.push('--build-arg', `VERSION=${packageVersion(name) ?? version}`);
    args.push('.');
    console.log(`\n== ${tag}: ${engine.name} ${args.join(' ')}`);
    const t0 = Date.now();
    run(engine, args, { inherit: true });
    const base = fullName(engine, finalBase(name));
    const size = imageSize(engine, tag);
    const baseSize = imageExists(engine, base) ? imageSize(engine, base) : 0;
    rows.push({ tag, seconds: (Date.now() - t0) / 1000, size, adds: size - baseSize, base });
  }

  console.log(`\n${'image'.padEnd(34)} ${'size'.padStart(9)} ${'adds'.padStart(9)}  base`);
  for (const r of rows) {
    console.log(
      `${r.tag.padEnd(34)} ${(r.size / MB).toFixed(1).padStart(6)} MB ${(r.adds / MB).toFixed(1).padStart(6)} MB  ${r.base} (${r.seconds.toFixed(0)} s)`,
    );
  }
  console.log(`images: ${rows.length} built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return 0;
}

/** `build` with the engine's arguments, a Dockerfile of deploy/images and its build arguments. */
function buildCommand(engine, dockerfile, buildArgs) {
  const args = ['build', ...engine.buildArgs, '-f', `deploy/images/${dockerfile}.Dockerfile`];
  if (engine.name === 'podman') args.push('--layers');
  for (const [key, value] of Object.entries(buildArgs)) args.push('--build-arg', `${key}=${value}`);
  return args;
}

/**
 * After the bases: compose's stand-ins, and the first two stages every Node image begins with
 * (manifests, install: its `npm ci`), built once so that each image's build finds them cached.
 */
async function prepare(engine, started) {
  for (const s of STANDINS) await ensureStandIn(engine, s);
  const service = IMAGES.find((i) => i.dockerfile === 'service');
  const args = [
    ...buildCommand(engine, 'service', service?.buildArgs ?? {}),
    '--target',
    'install',
    '.',
  ];
  console.log(`\n== the shared install: ${engine.name} ${args.join(' ')}`);
  run(engine, args, { inherit: true });
  console.log(`images: prepared in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(`images: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
