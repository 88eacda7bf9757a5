// What the image runs' tests (images-up, images-release, compose) share: why they cannot run
// on a machine; `npm run images:up` started and its containers; the bench's client of the API
// and its cross-service walk (bench/src/lib/api.ts, walk.ts, smtp.ts, built by
// npm run build:backend), loaded from their build since deploy's sources stop at deploy/, typed
// here by what the tests use of them; and the shell and its remotes answering.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { expect } from 'vitest';
import { IMAGES, imageExists, imageTag, repoRoot, run, type Engine } from '../images/engine.mjs';
import { killLeftovers } from '../local/pidfiles.js';

const benchLib = path.join(repoRoot, 'bench', 'dist', 'bench', 'src', 'lib');
export const benchApi = path.join(benchLib, 'api.js');
/** Every built file of the bench the image runs load. */
export const benchBuilt = ['api.js', 'smtp.js', 'walk.js'].map((f) => path.join(benchLib, f));

interface Answer<T> {
  status: number;
  body: T;
}
export interface ApiClient {
  login(email?: string, password?: string): Promise<void>;
  call<T>(
    method: string,
    p: string,
    body?: unknown,
    headers?: Record<string, string>,
    timeoutMs?: number,
  ): Promise<Answer<T>>;
  must<T>(method: string, p: string, body?: unknown): Promise<T>;
  approve(id: number, sendEmail: boolean): Promise<Answer<{ id: number; status: string }>>;
}
interface SignUpBody {
  activityId: number;
  email: string;
  childFirstName: string;
}
interface BenchApi {
  Api: new (base: string) => ApiClient;
  signUpBody(n: number, activityId: number, tag?: string): SignUpBody;
  naschoolPool(adminDbUrl: string, max?: number): pg.Pool;
  seedSchool(
    api: ApiClient,
    opts: { name: string; activities: number; capacity: number },
  ): Promise<{ school: { id: number; accessToken: string }; activityIds: number[] }>;
  waitForProjection(db: pg.Pool, activityIds: number[], timeoutMs?: number): Promise<void>;
}
export interface SmtpCapture {
  readonly url: string;
  readonly received: Array<{ messageId: string; to: string; at: number }>;
  /** Distinct Message-IDs received. */
  readonly unique: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  sentTo(to: string, kind: string): Array<{ messageId: string; to: string; at: number }>;
  duplicates(): string[];
  waitForUnique(count: number, timeoutMs: number): Promise<boolean>;
}
interface BenchSmtp {
  SmtpCapture: new (port: number, opts?: { keepMessages?: boolean }) => SmtpCapture;
}
interface BenchWalk {
  /** The bootstrap admin the walk logs in as. */
  ADMIN: { email: string; password: string; name: string };
  walkAcrossServices(
    base: string,
    smtp: SmtpCapture,
    db: pg.Pool,
    tag: string,
  ): Promise<{ schoolId: number; activityId: number; registrationId: number; waitingId: number }>;
  signUpTwice(
    parent: ApiClient,
    body: SignUpBody,
    schoolToken: string,
    key: string,
  ): Promise<number>;
}
const load = async <T>(file: string) =>
  (await import(pathToFileURL(path.join(benchLib, file)).href)) as T;
export const loadBenchApi = () => load<BenchApi>('api.js');
export const loadBenchSmtp = () => load<BenchSmtp>('smtp.js');
export const loadBenchWalk = () => load<BenchWalk>('walk.js');

/** The shell's page, and every remote the registry names, answer 200 through the gateway. */
export async function expectShellAndRemotes(base: string) {
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<!doctype html>/i);
  const registry = (await (await fetch(`${base}/mfe-registry.json`)).json()) as Record<
    string,
    string
  >;
  for (const entry of Object.values(registry)) {
    expect((await fetch(`${base}${entry}`)).status, entry).toBe(200);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether something listens on `port` of the loopback. */
export const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** A child process's exit code, once it has exited. */
export function exited(proc: ChildProcess): Promise<number | null> {
  if (proc.exitCode !== null) return Promise.resolve(proc.exitCode);
  return new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
}

/**
 * Why an image run's test cannot run here (undefined: it can), in this order: no engine (or
 * not the one `opts.engineNeeded` names), IMAGES_TEST=1 not set, one of the nine images
 * missing, the bench (and, with `opts.launcher`, the launcher's parts) not built, then
 * `opts.more()`'s own reason. The test file warns with it and skips its tests.
 */
export function imagesSkipReason(
  file: string,
  engine: Engine | undefined,
  opts: { engineNeeded?: string; launcher?: boolean; more?: () => string | undefined } = {},
): string | undefined {
  const missing = engine ? IMAGES.filter((i) => !imageExists(engine, imageTag(i.name))) : [];
  const launcherBuilt = fs.existsSync(path.join(repoRoot, 'deploy', 'dist', 'local', 'parts.js'));
  const reason = !engine
    ? 'no container engine (podman or docker) on this machine'
    : opts.engineNeeded
      ? opts.engineNeeded
      : process.env.IMAGES_TEST !== '1'
        ? 'IMAGES_TEST=1 not set'
        : missing.length > 0
          ? `images missing (npm run images): ${missing.map((i) => i.name).join(', ')}`
          : !benchBuilt.every((f) => fs.existsSync(f)) || (opts.launcher && !launcherBuilt)
            ? `${opts.launcher ? 'deploy or bench' : 'bench'} not built (npm run build:backend)`
            : opts.more?.();
  if (reason) console.warn(`${file} skipped: ${reason}`);
  return reason;
}

/** One container `npm run images:up` started (DATA_DIR/images-up/containers.json). */
export interface UpContainer {
  part: string;
  id: string;
  port: number;
  image: string;
}

/** A running `npm run images:up`. */
export interface ImagesUp {
  child: ChildProcess;
  dataDir: string;
  /** Everything it printed so far. */
  output(): string;
  /** Its containers as it records them now (a restart or set-image changes ids). */
  containers(): UpContainer[];
}

/**
 * Starts `npm run images:up` (deploy/images/up.mjs) on `gatewayPort` with a DATA_DIR of its
 * own and `env` (the run's SMTP relay, admin, rate limits), and waits until it says ready.
 */
export async function startImagesUp(
  gatewayPort: number,
  env: NodeJS.ProcessEnv,
  onChild: (up: ImagesUp) => void,
): Promise<ImagesUp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-up-'));
  let output = '';
  const child = spawn(process.execPath, [path.join(repoRoot, 'deploy/images/up.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, GATEWAY_PORT: String(gatewayPort), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const list = path.join(dataDir, 'images-up', 'containers.json');
  const up: ImagesUp = {
    child,
    dataDir,
    output: () => output,
    containers: () =>
      fs.existsSync(list) ? (JSON.parse(fs.readFileSync(list, 'utf8')) as UpContainer[]) : [],
  };
  // The caller's clean-up knows it from here on, even if it never becomes ready.
  onChild(up);
  const t0 = Date.now();
  while (!/ready in [\d.]+ s/.test(output)) {
    if (child.exitCode !== null) throw new Error(`images:up exited:\n${output.slice(-4000)}`);
    if (Date.now() - t0 > 280_000) throw new Error(`images:up not ready:\n${output.slice(-4000)}`);
    await sleep(500);
  }
  console.log(`images:up ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return up;
}

/**
 * Stops `up` (SIGTERM, as Ctrl-C) and removes whatever a failed run left: only containers it
 * recorded (and `seen`, ids it recorded earlier), by id, and the launcher's processes its pid
 * files name; then its DATA_DIR.
 */
export async function stopImagesUp(
  engine: Engine,
  up: ImagesUp | undefined,
  seen: UpContainer[] = [],
): Promise<void> {
  if (!up) return;
  if (up.child.exitCode === null) {
    up.child.kill('SIGTERM');
    await exited(up.child);
  }
  for (const c of [...seen, ...up.containers()])
    run(engine, ['rm', '-f', '-t', '0', c.id], { allowFail: true });
  killLeftovers(up.dataDir);
  fs.rmSync(up.dataDir, { recursive: true, force: true });
}
