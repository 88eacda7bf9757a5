// What the image runs' tests (images-up.test.ts, compose.test.ts) share: the bench's client of
// the API and its cross-service walk (bench/src/lib/api.ts, walk.ts, smtp.ts, built by
// npm run build:backend), loaded from their build since deploy's sources stop at deploy/, typed
// here by what the tests use of them; and the shell and its remotes answering.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { expect } from 'vitest';
import { repoRoot } from '../images/engine.mjs';

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
  start(): Promise<void>;
  stop(): Promise<void>;
  sentTo(to: string, kind: string): Array<{ messageId: string; to: string; at: number }>;
  duplicates(): string[];
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
