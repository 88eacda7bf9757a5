// The part of the walk the image runs share (images-up.test.ts, compose.test.ts): the bench's
// client of the API (bench/src/lib/api.ts, built by npm run build:backend), as the version-skew
// walk uses it, loaded from its build since deploy's sources stop at deploy/; a keyed sign-up
// sent twice to the demo school's first open activity, stored once; the shell and its remotes.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { repoRoot } from '../images/engine.mjs';

export const benchApi = path.join(repoRoot, 'bench', 'dist', 'bench', 'src', 'lib', 'api.js');

interface Answer<T> {
  status: number;
  body: T;
}
export interface ApiClient {
  login(email: string, password: string): Promise<void>;
  call<T>(
    method: string,
    p: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer<T>>;
  must<T>(method: string, p: string, body?: unknown): Promise<T>;
  approve(id: number, sendEmail: boolean): Promise<Answer<{ id: number; status: string }>>;
}
interface BenchApi {
  Api: new (base: string) => ApiClient;
  signUpBody(n: number, activityId: number, tag?: string): { email: string };
}
export const loadBenchApi = async () => (await import(pathToFileURL(benchApi).href)) as BenchApi;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Logs the admin in, finds the demo school (waiting up to a minute for its seed) and an open
 * activity, and sends one keyed sign-up twice: both 201 with the same id (R-IDEMPOTENCY).
 */
export async function keyedSignUpTwice(
  base: string,
  admin: { email: string; password: string },
  tag: string,
) {
  const { Api, signUpBody } = await loadBenchApi();
  const api = new Api(base);
  await api.login(admin.email, admin.password);
  let schools: Array<{ id: number; accessToken: string }> = [];
  for (let i = 0; i < 120 && schools.length === 0; i++) {
    const r = await api.call<typeof schools>('GET', '/api/schools');
    if (r.status === 200) schools = r.body;
    if (schools.length === 0) await sleep(500);
  }
  expect(schools.length, 'the demo school').toBeGreaterThan(0);
  const school = schools[0]!;
  const list = await api.must<Array<{ id: number; isLocked: boolean; isHidden: boolean }>>(
    'GET',
    `/api/activities?schoolId=${school.id}`,
  );
  const activity = list.find((a) => !a.isLocked && !a.isHidden);
  expect(activity, 'an open demo activity').toBeDefined();
  const parent = new Api(base);
  const body = signUpBody(1, activity!.id, `${tag}${process.pid}`);
  const headers = {
    'x-school-token': school.accessToken,
    'idempotency-key': `${tag}-${process.pid}`,
  };
  const first = await parent.call<{ registration: { id: number } }>(
    'POST',
    '/api/registrations',
    body,
    headers,
  );
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const again = await parent.call<{ registration: { id: number } }>(
    'POST',
    '/api/registrations',
    body,
    headers,
  );
  expect(again.status).toBe(201);
  expect(again.body.registration.id).toBe(first.body.registration.id);
  return {
    admin: api,
    school,
    activityId: activity!.id,
    email: body.email,
    registrationId: first.body.registration.id,
  };
}

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
