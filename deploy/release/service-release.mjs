// Releases of the services as records in the repository, and the check that the current
// contracts still work with each service's last release (docs/deploy.md, Releases and
// compatibility).
//
//   npm run release -- <svc-catalog|…: a package of the table of services> [--version X] [--commit C]
//   npm run compat [-- --releases DIR] [--tree DIR]
//
//   deploy/releases/<package>.json            {"package", "releases": [{version, commit, date, schemas}]}, newest last
//   deploy/releases/schemas/<commit 12>.json  the JSON Schema of every event, request-reply
//                                             message and HTTP call at that commit
//
// The schemas come from the zod schemas in the TypeScript sources (ts-source.mjs), of the
// commit for a release (`git archive`) and of the working tree for `compat`: no build needed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { SERVICES as TABLE } from '../../packages/contracts/src/services.mjs';
import { compareSchemas } from './schema-compat.mjs';
import { importSource, repoRoot } from './ts-source.mjs';

export { repoRoot };
export const releasesDir = path.join(repoRoot, 'deploy', 'releases');

/**
 * The services released this way (the table of services, by package), their name on NATS and
 * their HTTP route list.
 */
export const SERVICES = Object.fromEntries(
  TABLE.map((s) => [s.folder, s.openapi ? { name: s.name, api: s.openapi } : { name: s.name }]),
);
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export class ReleaseError extends Error {
  name = 'ReleaseError';
}

export function servicePackage(value) {
  const name = String(value ?? '');
  const pkg = SERVICES[name] ? name : SERVICES[`svc-${name}`] ? `svc-${name}` : undefined;
  if (!pkg) {
    throw new ReleaseError(
      `unknown package ${JSON.stringify(value)}: one of ${Object.keys(SERVICES).join(', ')}`,
    );
  }
  return pkg;
}

// ---------------------------------------------------------------------------------------------
// Schemas

/** Keywords of no use for comparing (texts for readers, examples): left out of snapshots. */
const DROPPED = new Set(['$schema', 'description', 'examples', 'example', 'title']);
function strip(node) {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !DROPPED.has(k))
      .map(([k, v]) => [k, k === 'properties' || k === '$defs' ? mapValues(v, strip) : strip(v)]),
  );
}
const mapValues = (o, f) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/** The zod that @nsa/contracts uses (its ES module build, as the sources import it). */
const require = createRequire(path.join(repoRoot, 'packages', 'contracts', 'package.json'));
const zodDir = path.dirname(require.resolve('zod/package.json'));
const zodEntry = JSON.parse(fs.readFileSync(path.join(zodDir, 'package.json'), 'utf8')).exports['.']
  .import;
const { z } = await import(pathToFileURL(path.join(zodDir, zodEntry)).href);

/** A zod schema's JSON Schema, as values are read (input) or written (output). */
export const jsonSchema = (schema, io) =>
  strip(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }));

/** A message's schema as read (input) and as written (output, when it differs). */
export function both(schema) {
  const input = jsonSchema(schema, 'input');
  const output = jsonSchema(schema, 'output');
  return JSON.stringify(input) === JSON.stringify(output) ? { input } : { input, output };
}

/**
 * The JSON Schema of every event, request-reply message and HTTP call in the sources under
 * `tree` (this checkout, or a copy of a commit), and which of them each service speaks.
 */
export async function schemaSnapshot(tree = repoRoot) {
  const contracts = await importSource(tree, 'packages/contracts/src/index.ts');
  const messages = await importSource(tree, 'packages/contracts/src/message-schemas.ts');
  const kit = await importSource(tree, 'packages/service-kit/src/openapi.ts');
  const snapshot = {
    envelope: both(messages.EVENT_ENVELOPE_SCHEMA),
    events: mapValues(sorted(messages.EVENT_DATA_SCHEMAS), both),
    rpc: mapValues(sorted(messages.RPC_SCHEMAS), (m) => ({
      request: both(m.request),
      reply: both(m.reply),
    })),
    http: {},
    speaks: {},
  };
  for (const [pkg, service] of Object.entries(SERVICES)) {
    const apis = [kit.healthApi];
    if (service.api) {
      const mod = await importSource(tree, `${pkg}/src/entry-points/http/api-doc.ts`);
      apis.push(mod[service.api]);
    }
    snapshot.http[pkg] = Object.fromEntries(
      apis
        .flatMap((api) => api.routes)
        .map((route) => [`${route.method.toUpperCase()} ${route.path}`, httpCall(route)])
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    snapshot.speaks[pkg] = speaks(contracts, service.name, snapshot);
  }
  return snapshot;
}

const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

function httpCall(route) {
  const call = {};
  for (const part of ['params', 'query', 'headers', 'body']) {
    if (route[part]) call[part] = jsonSchema(route[part], 'input');
  }
  if (route.body && route.optionalBody) call.bodyOptional = true;
  call.responses = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    if (answer.schema) call.responses[status] = jsonSchema(answer.schema, 'output');
  }
  return call;
}

/**
 * The events (of its own stream and of those it reads) and request subjects (asked or
 * answered) of a service, from its NATS permissions (R-NATS-USERS).
 */
function speaks(contracts, name, snapshot) {
  const use = contracts.NATS_USES[name];
  // A service without events of its own has no stream (use.stream undefined).
  const streams = [use.stream, ...use.consumers.map((c) => c.stream)].filter(Boolean);
  const prefixes = streams.map((s) => contracts.STREAMS[s].subjects[0].replace(/>$/, ''));
  return {
    events: Object.keys(snapshot.events).filter((t) => prefixes.some((p) => t.startsWith(p))),
    rpc: [...new Set([...use.asks, ...use.answers])].filter((s) => snapshot.rpc[s]).sort(),
  };
}

// ---------------------------------------------------------------------------------------------
// Compatibility

const message = (m) => ({ input: m.input, output: m.output ?? m.input });

/**
 * What the current schemas (`current`) break for a service whose last release has `last`:
 * every message it spoke then and every HTTP call it answered then.
 * @returns {string[]} one line per breaking change, naming the schema and the field
 */
export function breakingChanges(pkg, last, current) {
  const out = [];
  const add = (name, issues) => {
    for (const i of issues) out.push(`${name} ${i.path}: ${i.problem}`);
  };
  add(
    'event envelope',
    compareSchemas('message', message(last.envelope), message(current.envelope)),
  );
  for (const type of last.speaks[pkg]?.events ?? []) {
    const now = current.events[type];
    if (!now) {
      out.push(`event ${type}: removed; the last release sends or reads it`);
      continue;
    }
    add(
      `event ${type}`,
      compareSchemas('message', message(last.events[type]), message(now), 'data'),
    );
  }
  for (const subject of last.speaks[pkg]?.rpc ?? []) {
    const now = current.rpc[subject];
    if (!now) {
      out.push(`request ${subject}: removed; the last release asks or answers it`);
      continue;
    }
    for (const part of ['request', 'reply']) {
      add(
        `request ${subject}`,
        compareSchemas('message', message(last.rpc[subject][part]), message(now[part]), part),
      );
    }
  }
  for (const [route, before] of Object.entries(last.http[pkg] ?? {})) {
    const after = current.http[pkg]?.[route];
    if (!after) {
      out.push(`http ${route}: removed; the last release's pages call it`);
      continue;
    }
    for (const part of ['params', 'query', 'headers']) {
      // Parts the last release's pages sent none of are checked as empty ones.
      const sent = before[part] ?? { type: 'object' };
      if (after[part]) add(`http ${route}`, compareSchemas('request', sent, after[part], part));
    }
    if (after.body && !after.bodyOptional && (!before.body || before.bodyOptional)) {
      out.push(`http ${route} body: now required; the last release's pages may send none`);
    }
    if (before.body && after.body) {
      add(`http ${route}`, compareSchemas('request', before.body, after.body, 'body'));
    }
    for (const [status, schema] of Object.entries(before.responses)) {
      const now = after.responses[status];
      if (now) add(`http ${route}`, compareSchemas('response', schema, now, `response ${status}`));
    }
  }
  return [...new Set(out)];
}

// ---------------------------------------------------------------------------------------------
// Release records

export function readReleases(pkg, dir = releasesDir) {
  const file = path.join(dir, `${pkg}.json`);
  if (!fs.existsSync(file)) return { package: pkg, releases: [] };
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function lastRelease(pkg, dir = releasesDir) {
  return readReleases(pkg, dir).releases.at(-1);
}

export function readSnapshot(release, dir = releasesDir) {
  return JSON.parse(fs.readFileSync(path.join(dir, release.schemas), 'utf8'));
}

function parseVersion(v) {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(v);
  return m ? m.slice(1).map(Number) : undefined;
}
function newer(a, b) {
  const x = parseVersion(a);
  const y = parseVersion(b);
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}

/**
 * The version of a new release: `requested`, else the package.json's while no release has it,
 * else the last release's with its patch number one higher.
 */
export function nextVersion(pkgVersion, released, requested) {
  const taken = new Set(released.map((r) => r.version));
  if (requested !== undefined) {
    if (!VERSION_PATTERN.test(requested)) {
      throw new ReleaseError(`version ${JSON.stringify(requested)} is not x.y.z`);
    }
    if (taken.has(requested)) throw new ReleaseError(`version ${requested} is released already`);
    return requested;
  }
  const last = released.at(-1)?.version;
  if (!last || (!taken.has(pkgVersion) && newer(pkgVersion, last))) return pkgVersion;
  const [major, minor, patch] = parseVersion(last);
  return `${major}.${minor}.${patch + 1}`;
}

const git = (args, cwd = repoRoot) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The sources of a commit in a temporary directory. */
function checkoutCommit(commit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `release-${commit.slice(0, 12)}-`));
  const archive = execFileSync('git', ['archive', '--format=tar', commit], {
    cwd: repoRoot,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  return dir;
}

async function writeJson(file, value) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  const text = await prettier.format(JSON.stringify(value), { ...options, parser: 'json' });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/**
 * Records a release of `pkg` at `commit` (default HEAD): its version, the commit, the date,
 * and the schemas at that commit.
 */
export async function releaseService(opts) {
  const pkg = servicePackage(opts.package);
  const dir = opts.releasesDir ?? releasesDir;
  const commit = git(['rev-parse', '--verify', `${opts.commit ?? 'HEAD'}^{commit}`]);
  const record = readReleases(pkg, dir);
  const previous = record.releases.at(-1);
  if (previous?.commit === commit && opts.version === undefined) {
    throw new ReleaseError(`${pkg} ${previous.version} is this commit already (${commit})`);
  }
  const pkgJson = JSON.parse(git(['show', `${commit}:${pkg}/package.json`]));
  const version = nextVersion(pkgJson.version ?? '0.0.0', record.releases, opts.version);
  const schemas = `schemas/${commit.slice(0, 12)}.json`;
  const snapshotFile = path.join(dir, schemas);
  if (!fs.existsSync(snapshotFile)) {
    const tree = checkoutCommit(commit);
    try {
      let snapshot;
      try {
        snapshot = await schemaSnapshot(tree);
      } catch (err) {
        throw new ReleaseError(`cannot read the schemas of ${commit}: ${err.message}`);
      }
      await writeJson(snapshotFile, { commit, ...snapshot });
    } finally {
      fs.rmSync(tree, { recursive: true, force: true });
    }
  }
  const date = opts.date ?? new Date().toISOString();
  record.releases.push({ version, commit, date, schemas });
  await writeJson(path.join(dir, `${pkg}.json`), { package: pkg, releases: record.releases });
  return { package: pkg, version, commit, date, schemas: snapshotFile, previous };
}

/**
 * Every service's last release against the schemas of `tree` (default this checkout).
 * @returns {Promise<Array<{ package: string, version?: string, changes: string[] }>>}
 */
export async function checkCompat(opts = {}) {
  const dir = opts.releasesDir ?? releasesDir;
  const current = await schemaSnapshot(opts.tree ?? repoRoot);
  return Object.keys(SERVICES).map((pkg) => {
    const last = lastRelease(pkg, dir);
    if (!last) return { package: pkg, changes: [] };
    return {
      package: pkg,
      version: last.version,
      changes: breakingChanges(pkg, readSnapshot(last, dir), current),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Command line

function parseArgs(argv) {
  const args = { _: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [key, inline] = a.slice(2).split('=', 2);
      args[key] = inline ?? argv[(i += 1)];
      if (args[key] === undefined) throw new ReleaseError(`--${key} needs a value`);
    } else args._.push(a);
  }
  return args;
}

const USAGE = `usage:
  npm run release -- <${Object.keys(SERVICES).join('|')}> [--version X] [--commit C]
  npm run compat [-- --releases DIR] [--tree DIR]`;

export async function main(argv, log = console) {
  const [command, ...rest] = argv;
  try {
    const args = parseArgs(rest);
    if (command === 'release' && args._.length === 1) {
      const r = await releaseService({
        package: args._[0],
        version: args.version,
        commit: args.commit,
        releasesDir: args.releases && path.resolve(args.releases),
      });
      log.log(
        `released ${r.package} ${r.version} at ${r.commit.slice(0, 12)}` +
          (r.previous ? ` (last: ${r.previous.version})` : '') +
          `; schemas in ${path.relative(process.cwd(), r.schemas)}`,
      );
      return 0;
    }
    if (command === 'compat' && args._.length === 0) {
      const results = await checkCompat({
        releasesDir: args.releases && path.resolve(args.releases),
        tree: args.tree && path.resolve(args.tree),
      });
      let broken = 0;
      for (const r of results) {
        if (!r.version) {
          log.log(`${r.package}: no release yet`);
        } else if (r.changes.length === 0) {
          log.log(`${r.package}: compatible with ${r.version}`);
        } else {
          broken += r.changes.length;
          log.error(`${r.package}: ${r.changes.length} breaking for ${r.version}:`);
          for (const c of r.changes) log.error(`  ${c}`);
        }
      }
      return broken ? 1 : 0;
    }
    log.error(USAGE);
    return 2;
  } catch (err) {
    if (err instanceof ReleaseError) {
      log.error(err.message);
      return 1;
    }
    throw err;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
