// The product's HTTP API as the tools use it: admin login, catalog set-up, sign-ups,
// approvals, and waiting for registrations' projection of the catalog.
import http from 'node:http';
import pg from 'pg';
import type { ActivityFields } from '@nsa/contracts';
import { ADMIN } from './stack.js';

/**
 * Keep-alive connections without a limit: a burst of calls (200 approvals at once) goes out
 * at once, and node:http costs the measuring side less per call than fetch does, so the
 * timings are the product's more than the tool's.
 */
const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 10_000 });

function httpCall(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: string; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () =>
      req.destroy(new Error(`${method} ${url}: no answer in ${timeoutMs} ms`)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  ms: number;
}

export class Api {
  /**
   * `host`: the host name (and port) every call names, as a browser on that name would
   * (R-ORG-HOST: the organisation holding it answers); by default the base's own.
   */
  constructor(
    readonly base: string,
    private cookie = '',
    readonly host?: string,
  ) {}

  get sessionCookie(): string {
    return this.cookie;
  }

  /**
   * Logs in; the bootstrap admin is created just after the services report healthy, so a 401
   * is retried for a while.
   */
  async login(
    email: string = ADMIN.email,
    password: string = ADMIN.password,
    timeoutMs = 60_000,
    /** R-PLATFORM-ACCOUNTS: `/api/platform/login` for a platform administrator. */
    path = '/api/auth/login',
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let res: Awaited<ReturnType<typeof httpCall>>;
    for (;;) {
      res = await httpCall(
        `${this.base}${path}`,
        'POST',
        { 'content-type': 'application/json', ...(this.host ? { host: this.host } : {}) },
        JSON.stringify({ email, password }),
        30_000,
      );
      if (res.status === 200 || res.status !== 401 || Date.now() > deadline) break;
      await sleep(250);
    }
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
    this.cookie = res.cookies.join('; ');
  }

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    timeoutMs = 30_000,
  ): Promise<Answer<T>> {
    const t0 = performance.now();
    const { status, text } = await httpCall(
      `${this.base}${path}`,
      method,
      {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.host ? { host: this.host } : {}),
        ...headers,
      },
      body === undefined ? undefined : JSON.stringify(body),
      timeoutMs,
    );
    const ms = performance.now() - t0;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    return { status, body: parsed as T, ms };
  }

  /** A call that must answer `expected`; anything else throws with the body. */
  async must<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    expected = [200, 201],
  ): Promise<T> {
    const a = await this.call<T>(method, path, body);
    if (!expected.includes(a.status)) {
      throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
    }
    return a.body;
  }

  createSchool(name: string) {
    return this.must<{ id: number; name: string; accessToken: string }>('POST', '/api/schools', {
      name,
    });
  }
  createBlock(name: string, weekStart = 1, weekEnd = 53) {
    return this.must<{ id: number }>('POST', '/api/blocks', { name, weekStart, weekEnd });
  }
  createProvider(name: string) {
    return this.must<{ id: number }>('POST', '/api/providers', { name });
  }
  createActivity(a: Omit<ActivityFields, 'id' | 'isLocked' | 'isHidden'>) {
    return this.must<{ id: number }>('POST', '/api/activities', {
      ...a,
      isLocked: false,
      isHidden: false,
    });
  }

  signUp(body: SignUpBody, schoolToken: string) {
    return this.call<{ success: boolean; registration?: { id: number; status: string } }>(
      'POST',
      '/api/registrations',
      body,
      { 'x-school-token': schoolToken },
    );
  }

  approve(id: number, sendEmail: boolean) {
    return this.call<{ id: number; status: string }>(
      'POST',
      `/api/admin/registrations/${id}/approve`,
      { sendEmail },
    );
  }

  /** `pagination.total` of the admin list with these filters. */
  async total(filters: Record<string, string | number> = {}): Promise<number> {
    const q = new URLSearchParams({ ...stringify(filters), limit: '1' });
    const body = await this.must<{ pagination: { total: number } }>(
      'GET',
      `/api/admin/registrations?${q}`,
    );
    return body.pagination.total;
  }
}

function stringify(o: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}

export interface SignUpBody {
  activityId: number;
  childFirstName: string;
  childLastName: string;
  childDateOfBirth: string;
  childGroup: string;
  parentName: string;
  email: string;
  phone: string;
}

/** A valid sign-up of child number `n`: every n is a different child (and email address). */
export function signUpBody(n: number, activityId: number, tag = 'b'): SignUpBody {
  const year = new Date().getFullYear() - 8;
  return {
    activityId,
    childFirstName: `Kind${tag}${n}`,
    childLastName: 'Bench',
    childDateOfBirth: `${year}-03-15`,
    childGroup: 'groep5',
    parentName: 'Ouder Bench',
    email: `ouder-${tag}${n}@bench.example`,
    phone: '0612345678',
  };
}

/** A superuser pool on the services' database (`naschool`), for set-up and checks only. */
export function naschoolPool(adminDbUrl: string, max = 4): pg.Pool {
  const u = new URL(adminDbUrl);
  u.pathname = '/naschool';
  return new pg.Pool({ connectionString: u.toString(), max });
}

/** Waits until registrations' projection holds these activities (fed by catalog events). */
export async function waitForProjection(
  db: pg.Pool,
  activityIds: number[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM registrations.activities WHERE id = ANY($1::int[])',
      [activityIds],
    );
    if (Number(rows[0]?.n) === activityIds.length) return;
    if (Date.now() > deadline) {
      throw new Error(`registrations did not project ${activityIds.length} activities in time`);
    }
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One school with a block, a provider and `count` activities at distinct times. */
export async function seedSchool(
  api: Api,
  opts: {
    name: string;
    activities: number;
    capacity: number;
    blockId?: number;
    providerId?: number;
  },
): Promise<{
  school: { id: number; accessToken: string };
  blockId: number;
  providerId: number;
  activityIds: number[];
}> {
  const school = await api.createSchool(opts.name);
  const blockId = opts.blockId ?? (await api.createBlock(`${opts.name} blok`)).id;
  const providerId = opts.providerId ?? (await api.createProvider(`${opts.name} aanbieder`)).id;
  const activityIds: number[] = [];
  for (let i = 0; i < opts.activities; i++) {
    const a = await api.createActivity({
      title: `${opts.name} activiteit ${i + 1}`,
      capacity: opts.capacity,
      weekday: 1 + (i % 5),
      startTime: `${String(8 + Math.floor(i / 5)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`,
      schoolId: school.id,
      blockId,
      providerId,
    });
    activityIds.push(a.id);
  }
  return { school, blockId, providerId, activityIds };
}

/** Runs `fn` over `items` with at most `concurrency` at once; results in input order. */
export async function pool<T, R>(
  items: T[],
  concurrency: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= items.length) return;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * Waits until the product's stack is idle: no email waiting to be sent, no event waiting in
 * registrations' or notify's outbox, and the number of emails recorded unchanged for two
 * seconds (notify has consumed every sign-up's event). Answers the seconds it took, or
 * undefined after `timeoutMs`. A measurement that shares the CPU with the stack's email
 * backlog measures the backlog too.
 */
export async function stackIdle(db: pg.Pool, timeoutMs: number): Promise<number | undefined> {
  const t0 = Date.now();
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    const { rows } = await db.query<{ pending: number; unpublished: number; recorded: number }>(
      `SELECT (SELECT count(*) FROM notify.deliveries WHERE status = 'pending')::int AS pending,
              ((SELECT count(*) FROM registrations.outbox WHERE published_at IS NULL) +
               (SELECT count(*) FROM notify.outbox WHERE published_at IS NULL))::int AS unpublished,
              (SELECT count(*) FROM notify.deliveries)::int AS recorded`,
    );
    const { pending, unpublished, recorded } = rows[0]!;
    if (recorded !== last) {
      last = recorded;
      stableSince = Date.now();
    }
    if (pending === 0 && unpublished === 0 && Date.now() - stableSince >= 2000)
      return (Date.now() - t0) / 1000;
    await sleep(500);
  }
  return undefined;
}
