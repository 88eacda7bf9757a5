// Fuzz: thousands of generated bad requests (cases.ts) through the gateway, as admin, without
// a session and with a forged one. Checks: no 5xx, no refused-by-design request accepted, and
// every table of every service unchanged (row count and checksum), except the logs that
// legitimately grow with refused requests: identity.login_failures and the hourly counts of
// failed logins (identity.login_failure_tallies) and of refused provider links
// (registrations.provider_link_refusals), and the audit trail (a failed login is an audit entry:
// the entries in identity_audit.audit_entries, and each service's audit events in its outbox and
// in identity's processed events). Refused anonymous requests store nothing else: no
// idempotency row, no provider access row (R-IDEMPOTENCY-ADMIT, R-PROVIDER-REFUSAL-TALLY).
import { SERVICES } from '@nsa/contracts';
import http from 'node:http';
import pg from 'pg';
import { Api, naschoolPool, seedSchool, signUpBody, sleep, waitForProjection } from '../lib/api.js';
import { addOrganisation, deleteOrganisation, rowsOfOrganisation } from '../lib/organisations.js';
import { SmtpCapture } from '../lib/smtp.js';
import { readMetrics } from '../lib/metrics.js';
import {
  ADMIN,
  PLATFORM_ADMIN,
  SERVICES as SERVICE_NAMES,
  startBenchStack,
  type BenchStack,
} from '../lib/stack.js';
import {
  fixedCases,
  otherOrganisationCases,
  sampleCases,
  type FuzzCase,
  type World,
} from './cases.js';

const SCHEMAS = SERVICES.map((s) => s.schema);
const GROWING_LOGS = new Set([
  'identity.login_failures',
  'identity.login_failure_tallies',
  'registrations.provider_link_refusals',
]);
/** Rows of the audit trail in tables that also hold other rows (R-AUDIT-STORE). */
const AUDIT_ROWS: Record<string, string> = {
  outbox: "type NOT LIKE '%.audit.recorded'",
  processed_events: "consumer <> 'identity-audit'",
};
const FORGED_COOKIE =
  'nsa_session=Fe26.2*1*0f4b0f0c5d1c4e7a*AAAA*BBBB**cccc*dddd~2; other=<script>alert(1)</script>';

export interface FuzzOptions {
  port: number;
  requests: number;
  concurrency: number;
  seed: number;
  /** Processes of each service (the launcher's REPLICAS); 1 by default. */
  replicas?: number;
  log?: (line: string) => void;
}

export interface FuzzFailure {
  status: number | string;
  family: string;
  auth: string;
  method: string;
  path: string;
  body?: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  seconds: number;
  byStatus: Record<string, number>;
  byFamily: Record<string, number>;
  /** Answers 500 and above (the gateway's 502/503/504 included). */
  serverErrors: FuzzFailure[];
  /** Requests designed to be refused that were answered 2xx. */
  accepted: FuzzFailure[];
  /** Requests that got no answer at all (connection reset, timeout). */
  noAnswer: FuzzFailure[];
  /**
   * Answers on the second organisation's host that held a row, link or address of the first
   * (R-ORG-RLS).
   */
  crossed: FuzzFailure[];
  /** How many cases tried the first organisation's rows, links and accounts from the second's host. */
  isolationCases: number;
  /** Tables whose row count or checksum changed. */
  changedTables: Array<{ table: string; before: string; after: string }>;
  /**
   * R-PLATFORM-DELETE: after the run, the second organisation deleted through the platform's
   * calls: the tables that still hold a row of it, and the first's tables that changed (none).
   */
  leftAfterDelete: string[];
  changedOnDelete: string[];
  tablesChecked: number;
}

type Snapshot = Map<string, string>;

/**
 * Each table's rows but those of `otherOrganisation` (R-ORG-RLS: what that organisation does
 * to its own rows, such as recording an erasure it asked for, is its own business).
 */
async function snapshot(db: pg.Pool, otherOrganisation: number): Promise<Snapshot> {
  const { rows: tables } = await db.query<{ s: string; t: string; owned: boolean }>(
    `SELECT table_schema AS s, table_name AS t,
            EXISTS (SELECT 1 FROM information_schema.columns c
                     WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name
                       AND c.column_name = 'organisation_id') AS owned
       FROM information_schema.tables t
     WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [SCHEMAS],
  );
  const out: Snapshot = new Map();
  for (const { s, t, owned } of tables) {
    const name = `${s}.${t}`;
    if (GROWING_LOGS.has(name)) continue;
    const conditions = [
      ...(AUDIT_ROWS[t] ? [AUDIT_ROWS[t]] : []),
      ...(owned ? [`organisation_id <> ${otherOrganisation}`] : []),
    ];
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const q = `SELECT count(*)::text AS n, coalesce(md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))), '-') AS h
               FROM ${pg.escapeIdentifier(s)}.${pg.escapeIdentifier(t)} x ${where}`;
    const { rows } = await db.query<{ n: string; h: string }>(q);
    out.set(name, `${rows[0]!.n} rows, ${rows[0]!.h}`);
  }
  return out;
}

/**
 * Work the services still owe: outbox rows not yet published, emails not yet sent or given up,
 * and events in a durable consumer not yet delivered or acknowledged (a redelivery after an
 * ack timeout may come many seconds later, so a quiet second alone is no proof of rest).
 */
async function owed(db: pg.Pool, gatewayPort: number): Promise<number> {
  let n = 0;
  for (const schema of SCHEMAS) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${pg.escapeIdentifier(schema)}.outbox WHERE published_at IS NULL`,
    );
    n += rows[0]!.n;
  }
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM notify.deliveries WHERE status = 'pending'",
  );
  n += rows[0]!.n;
  const metrics = await readMetrics(gatewayPort, SERVICE_NAMES);
  for (const name of SERVICE_NAMES) {
    const m = metrics[name];
    // A service that does not answer its metrics owes what it owes: wait for it.
    if (!m) return n + 1;
    n += (m.nsa_consumer_pending ?? 0) + (m.nsa_consumer_ack_pending ?? 0);
  }
  return n;
}

/**
 * Waits until the services owe nothing and two snapshots a second apart agree (outbox
 * published, consumers done, emails out).
 */
async function stableSnapshot(
  db: pg.Pool,
  gatewayPort: number,
  otherOrganisation: number,
  timeoutMs = 60_000,
): Promise<Snapshot> {
  const deadline = Date.now() + timeoutMs;
  let last = await snapshot(db, otherOrganisation);
  for (;;) {
    await sleep(1000);
    const next = await snapshot(db, otherOrganisation);
    const same = [...next].every(([k, v]) => last.get(k) === v) && next.size === last.size;
    if (same && (await owed(db, gatewayPort)) === 0) return next;
    if (Date.now() > deadline) return next;
    last = next;
  }
}

async function buildWorld(api: Api, db: pg.Pool): Promise<World> {
  const main = await seedSchool(api, { name: 'Fuzzschool', activities: 2, capacity: 20 });
  const other = await api.createSchool('Andere school');
  await waitForProjection(db, main.activityIds);
  const activityId = main.activityIds[0]!;
  const signUp = await api.signUp(signUpBody(1, activityId, 'fuzz'), main.school.accessToken);
  if (signUp.status !== 201) throw new Error(`fuzz set-up sign-up: ${signUp.status}`);
  const link = await api.must<{ url: string }>(
    'POST',
    `/api/admin/activities/${activityId}/provider-token/generate`,
  );
  const user = await api.must<{ id: number }>('POST', '/api/admin/users', {
    name: 'Tweede Beheerder',
    email: 'tweede@school.nl',
    role: 'admin',
  });
  const me = await api.must<{ user: { id: number } }>('GET', '/api/auth/me');
  return {
    schoolId: main.school.id,
    schoolToken: main.school.accessToken,
    otherSchoolToken: other.accessToken,
    blockId: main.blockId,
    providerId: main.providerId,
    activityId,
    registrationId: signUp.body.registration!.id,
    userId: user.id,
    adminUserId: me.user.id,
    providerToken: new URL(link.url).searchParams.get('token') ?? '',
    parentEmail: 'ouder-fuzz1@bench.example',
    // The names seedSchool gives (the school's, its block's, provider's and activities'), the
    // links, the parent's and the admins' addresses and the child's name.
    canaries: [
      'Fuzzschool',
      'Andere school',
      main.school.accessToken,
      other.accessToken,
      'ouder-fuzz1@bench.example',
      'Kindfuzz1',
      'tweede@school.nl',
      ADMIN.email,
    ],
  };
}

/** One request over node:http, which, unlike fetch, sends the Host it is given. */
function request(
  base: string,
  c: { method: string; path: string; host: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; text: string; cookies: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${c.path}`,
      { method: c.method, headers: { ...c.headers, host: c.host }, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            cookies: (res.headers['set-cookie'] ?? []).map((v) => v.split(';')[0]).join('; '),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })),
    );
    req.on('error', reject);
    req.end(c.body);
  });
}

/** What a case asks, as its sender wrote it. */
function asked(c: FuzzCase): string {
  let path = c.path;
  try {
    path = decodeURIComponent(c.path);
  } catch {
    // a path that is no percent-encoding is asked as it is
  }
  return `${path} ${c.body ?? ''}`;
}

/** The cookies a case's sender has. */
interface Cookies {
  admin: string;
  otherOrganisation: string;
}

async function send(
  base: string,
  c: FuzzCase,
  cookies: Cookies,
): Promise<{ status: number | string; text?: string }> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.auth === 'admin') headers.cookie = cookies.admin;
  else if (c.auth === 'other-organisation') headers.cookie = cookies.otherOrganisation;
  else if (c.auth === 'forged') headers.cookie = FORGED_COOKIE;
  if (c.host) {
    try {
      const { status, text } = await request(base, { ...c, host: c.host, headers });
      return { status, text };
    } catch (err) {
      const e = err as Error & { code?: string };
      return { status: e.name === 'TimeoutError' ? 'timeout' : (e.code ?? e.message) };
    }
  }
  try {
    const res = await fetch(`${base}${c.path}`, {
      method: c.method,
      headers,
      body: c.body,
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    // A header value fetch itself refuses (not a byte string) never left this process.
    if (e.name === 'TypeError' && !e.cause?.code) return { status: 'not sent' };
    return { status: e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.message) };
  }
}

export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const log = opts.log ?? ((l: string) => process.stdout.write(`[fuzz] ${l}\n`));
  const smtp = new SmtpCapture(opts.port + 10_028);
  await smtp.start();
  let stack: BenchStack | undefined;
  let db: pg.Pool | undefined;
  try {
    stack = await startBenchStack({
      port: opts.port,
      quiet: true,
      env: {
        SMTP_URL: smtp.url,
        REPLICAS: String(opts.replicas ?? 1),
        BOOTSTRAP_PLATFORM_EMAIL: PLATFORM_ADMIN.email,
        BOOTSTRAP_PLATFORM_PASSWORD: PLATFORM_ADMIN.password,
      },
    });
    log(`stack up on ${stack.api}`);
    db = naschoolPool(stack.adminDbUrl, 2);
    const api = new Api(stack.api);
    await api.login();
    const world = await buildWorld(api, db);
    // R-ORG-RLS: a second organisation whose admin has the first admin's name and password.
    const other = await addOrganisation(db, stack.api, 'tweede', 'Tweede organisatie');
    const isolation = otherOrganisationCases(world, other.host);
    const before = await stableSnapshot(db, stack.port, other.id);
    log(
      `${before.size} tables snapshotted; sending ${opts.requests} bad requests (seed ${opts.seed})`,
    );

    // Some generated header values are no byte strings and never leave this process; a
    // quarter more cases than asked covers them.
    // The fixed cases (path ids of no row, anonymous keyed requests with refused tokens) come
    // on top of the generated ones.
    const cases = [...isolation, ...sampleCases(world, Math.ceil(opts.requests * 1.25), opts.seed)];
    const budget = opts.requests + fixedCases(world, opts.seed).length + isolation.length;
    const byStatus: Record<string, number> = {};
    const byFamily: Record<string, number> = {};
    const serverErrors: FuzzFailure[] = [];
    const accepted: FuzzFailure[] = [];
    const noAnswer: FuzzFailure[] = [];
    const crossed: FuzzFailure[] = [];
    const cookies = { admin: api.sessionCookie, otherOrganisation: other.admin.sessionCookie };
    const t0 = Date.now();
    let next = 0;
    let sent = 0;
    let inFlight = 0;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        for (;;) {
          if (sent + inFlight >= budget) return;
          const i = next++;
          if (i >= cases.length) return;
          const c = cases[i]!;
          inFlight += 1;
          const { status, text } = await send(stack!.api, c, cookies);
          inFlight -= 1;
          if (status === 'not sent') continue;
          sent += 1;
          byStatus[status] = (byStatus[status] ?? 0) + 1;
          byFamily[c.family] = (byFamily[c.family] ?? 0) + 1;
          const failure = {
            status,
            family: c.family,
            auth: c.auth,
            method: c.method,
            path: c.path.slice(0, 200),
            body: c.body?.slice(0, 300),
          };
          if (typeof status !== 'number') noAnswer.push(failure);
          else if (status >= 500) serverErrors.push(failure);
          else if (status < 300 && !c.mayPass) accepted.push(failure);
          // R-ORG-RLS: an answer on the other organisation's host holds nothing of the first's.
          // An answer may repeat what was asked (the address an export was asked for).
          if (c.host && world.canaries.some((t) => !asked(c).includes(t) && text?.includes(t)))
            crossed.push(failure);
        }
      }),
    );
    const seconds = (Date.now() - t0) / 1000;
    log(`${sent} requests in ${seconds.toFixed(1)} s; comparing tables`);
    const after = await stableSnapshot(db, stack.port, other.id);
    const changedTables = [...new Set([...before.keys(), ...after.keys()])]
      .filter((t) => before.get(t) !== after.get(t))
      .map((t) => ({
        table: t,
        before: before.get(t) ?? '(absent)',
        after: after.get(t) ?? '(absent)',
      }));
    // R-PLATFORM-DELETE: the second organisation, with what the run made there, deleted in
    // every service; the first's tables stay as they were.
    const theirs = await seedSchool(other.admin, {
      name: 'Tweede school',
      activities: 2,
      capacity: 5,
    });
    await waitForProjection(db, theirs.activityIds);
    const signedUp = await other.admin.signUp(
      signUpBody(2, theirs.activityIds[0]!, 'tweede'),
      theirs.school.accessToken,
    );
    if (signedUp.status !== 201)
      throw new Error(`second organisation's sign-up: ${signedUp.status}`);
    await stableSnapshot(db, stack.port, other.id);
    await deleteOrganisation(stack.api, other.id);
    const leftAfterDelete = await rowsOfOrganisation(db, other.id);
    const kept = await stableSnapshot(db, stack.port, other.id);
    // The platform's own rows change with its login, and the organisations' list loses one.
    const platformTables = new Set([
      'identity.platform_admins',
      'identity.platform_sessions',
      'identity.platform_audit_entries',
      'identity.organisations',
    ]);
    const changedOnDelete = [...kept]
      .filter(([t, v]) => !platformTables.has(t) && after.get(t) !== v)
      .map(([t]) => t);
    return {
      leftAfterDelete,
      changedOnDelete,
      seed: opts.seed,
      requests: sent,
      seconds,
      byStatus,
      byFamily,
      serverErrors,
      accepted,
      noAnswer,
      crossed,
      isolationCases: isolation.length,
      changedTables,
      tablesChecked: before.size,
    };
  } finally {
    await db?.end().catch(() => undefined);
    await stack?.stop().catch((err: Error) => log(`stopping the stack: ${err.message}`));
    await smtp.stop();
  }
}
