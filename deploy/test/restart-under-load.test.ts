// "Restarting svc-catalog on a new build during a sign-up load loses no sign-up": the real
// product (startStack: PostgreSQL, NATS, mail catcher, the four built services, nginx) on its
// own port and a fresh DATA_DIR; a steady stream of sign-ups through the gateway; svc-catalog
// stopped with SIGTERM mid-load (as a rollout would) and started again by the launcher's
// supervisor from its dist/. Every 201 must be stored. A sign-up is accepted only on the
// activity as svc-catalog answers for it (R-FRESH-SIGNUP), so while this single catalog is away
// sign-ups may be refused with 503 SERVICE_UNAVAILABLE and Retry-After (never another 5xx, and
// in Kubernetes two replicas with maxUnavailable 0 keep one to ask); once it is back every
// sign-up succeeds again, and catalog's sign-up counts catch up with every sign-up made while
// it was away (its durable JetStream consumer resumes where it stopped).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../local/stack.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GATEWAY_PORT = 19100;
const ADMIN = { email: 'restart-test@school.nl', password: 'Herstart-Test-Wachtwoord-2024!' };
const WORKERS = 4;
const built = ['catalog', 'registrations', 'identity', 'notify'].every((s) =>
  fs.existsSync(path.join(repo, `svc-${s}`, 'dist', 'src', 'main.js')),
);

let stack: Stack | undefined;
let dataDir: string;
let base: string;
let cookie = '';
const lines: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

async function api(p: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${p}`, {
    ...init,
    headers: { cookie, 'content-type': 'application/json', ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as any) : undefined }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const catalogPid = () =>
  Number(fs.readFileSync(path.join(dataDir, 'pids', 'catalog-1.pid'), 'utf8').split('\n')[0]);

beforeAll(async () => {
  if (!built) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restart-load-'));
  stack = await startStack({
    gatewayPort: GATEWAY_PORT,
    dataDir,
    env: {
      DEMO_DATA: '1',
      SIGNUP_RATE_LIMIT: '0',
      LOGIN_RATE_LIMIT: '0',
      BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      BOOTSTRAP_ADMIN_NAME: 'Herstart Test',
      LOG_LEVEL: 'warn',
    },
    log: (l) => lines.push(l),
    healthTimeoutMs: 90_000,
  });
  base = `http://127.0.0.1:${GATEWAY_PORT}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${GATEWAY_PORT}` },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}, 150_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!built)('svc-catalog restarted during a sign-up load', () => {
  it('loses no sign-up, refuses only with 503 while catalog is away, and takes every sign-up once it is back', async () => {
    // The demo school and its open activities, once the services have seeded them.
    const school = await until(
      'demo school',
      async () => {
        const r = await api('/api/schools');
        return r.status === 200 && r.json.length > 0
          ? (r.json[0] as { id: number; accessToken: string })
          : undefined;
      },
      60_000,
    );
    const activities = await until(
      'activities',
      async () => {
        const r = await api(`/api/activities?schoolId=${school.id}`);
        const open = (r.json as Array<{ id: number; isLocked: boolean; isHidden: boolean }>).filter(
          (a) => !a.isLocked && !a.isHidden,
        );
        return open.length > 0 ? open : undefined;
      },
      30_000,
    );

    let n = 0;
    const signUp = async (activityId: number) => {
      n += 1;
      const started = Date.now();
      try {
        const r = await fetch(`${base}/api/registrations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-school-token': school.accessToken },
          body: JSON.stringify({
            activityId,
            childFirstName: `Kind${n}`,
            childLastName: `Herstart${process.pid}x${n}`,
            childDateOfBirth: '2016-05-05',
            childGroup: 'groep5',
            parentName: `Ouder ${n}`,
            email: `ouder${n}@voorbeeld.nl`,
            phone: '0612345678',
          }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await r.json().catch(() => undefined)) as
          { registration?: { id: number }; code?: string } | undefined;
        return {
          status: r.status,
          id: body?.registration?.id,
          code: body?.code,
          retryAfter: r.headers.get('retry-after'),
          at: started,
          done: Date.now(),
        };
      } catch (err) {
        return { status: 0, error: (err as Error).message, at: started, done: Date.now() };
      }
    };

    // Wait until the stack takes a sign-up.
    const first = await until(
      'first sign-up',
      async () => {
        const r = await signUp(activities[0]!.id);
        return r.status === 201 ? r : undefined;
      },
      30_000,
    );
    const results = [first];

    let stop = false;
    const workers = Array.from({ length: WORKERS }, async (_, w) => {
      let i = 0;
      while (!stop) {
        results.push(await signUp(activities[(w + i) % activities.length]!.id));
        i += 1;
      }
    });

    await sleep(2000);
    const oldPid = catalogPid();
    const killedAt = Date.now();
    process.kill(oldPid, 'SIGTERM');
    // The supervisor starts a new process from svc-catalog/dist after a second; it is back
    // once its own /health answers 200.
    const newPid = await until(
      'catalog restarted',
      async () => {
        const pid = catalogPid();
        if (pid === oldPid) return undefined;
        const h = await fetch(`http://127.0.0.1:${stack!.ports.services.catalog}/health`);
        return h.status === 200 ? pid : undefined;
      },
      30_000,
    );
    const backAt = Date.now();
    await sleep(2000);
    stop = true;
    await Promise.all(workers);

    expect(newPid).not.toBe(oldPid);
    // Started while catalog was away (a question to an owner being replaced is asked again for
    // up to twice its time-out, so many of them end once it is back).
    const during = results.filter((r) => r.at >= killedAt && r.at <= backAt);
    console.log(
      `[restart-under-load] ${results.length} sign-ups, ${during.length} of them while catalog ` +
        `was restarting (${backAt - killedAt} ms, pid ${oldPid} -> ${newPid})`,
    );
    // Refused while catalog could not be asked: 503 with Retry-After, nothing else.
    const failed = results.filter((r) => r.status !== 201);
    const wrong = failed.filter(
      (r) => r.status !== 503 || r.code !== 'SERVICE_UNAVAILABLE' || r.retryAfter !== '5',
    );
    expect(wrong, JSON.stringify(wrong.slice(0, 5))).toEqual([]);
    // ...and only then: a sign-up that started once catalog was back succeeded.
    const afterBack = results.filter((r) => r.at > backAt);
    expect(afterBack.length).toBeGreaterThan(0);
    expect(afterBack.filter((r) => r.status !== 201)).toEqual([]);
    // The load really ran while catalog was away.
    expect(during.length).toBeGreaterThan(0);
    expect(results.length).toBeGreaterThan(20);

    // Every 201 is stored: the admin list has exactly those sign-ups.
    const created = new Set(results.filter((r) => r.status === 201).map((r) => r.id));
    const stored = new Set<number>();
    for (let page = 1; ; page += 1) {
      const r = await api(`/api/admin/registrations?schoolId=${school.id}&limit=200&page=${page}`);
      expect(r.status).toBe(200);
      for (const row of r.json.data as Array<{ id: number }>) stored.add(row.id);
      if (!r.json.pagination.hasNext) break;
    }
    expect(stored.size).toBe(created.size);
    expect([...created].every((id) => stored.has(id!))).toBe(true);

    // And catalog's counts, fed by events, include the sign-ups it missed while restarting.
    await until(
      'catalog counts caught up',
      async () => {
        const r = await api(`/api/activities?schoolId=${school.id}`);
        const total = (r.json as Array<{ registrationsCount: number }>).reduce(
          (sum, a) => sum + a.registrationsCount,
          0,
        );
        return total === created.size ? true : undefined;
      },
      30_000,
    );
    expect(lines.some((l) => /catalog-1 exited unexpectedly/.test(l))).toBe(true);
  }, 120_000);
});
