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
import pg from 'pg';
import { Api, naschoolPool, seedSchool, signUpBody, sleep, waitForProjection } from '../lib/api.js';
import { SmtpCapture } from '../lib/smtp.js';
import { startBenchStack, type BenchStack } from '../lib/stack.js';
import { fixedCases, sampleCases, type FuzzCase, type World } from './cases.js';

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
  /** Tables whose row count or checksum changed. */
  changedTables: Array<{ table: string; before: string; after: string }>;
  tablesChecked: number;
}

type Snapshot = Map<string, string>;

async function snapshot(db: pg.Pool): Promise<Snapshot> {
  const { rows: tables } = await db.query<{ s: string; t: string }>(
    `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
     WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [SCHEMAS],
  );
  const out: Snapshot = new Map();
  for (const { s, t } of tables) {
    const name = `${s}.${t}`;
    if (GROWING_LOGS.has(name)) continue;
    const where = AUDIT_ROWS[t] ? `WHERE ${AUDIT_ROWS[t]}` : '';
    const q = `SELECT count(*)::text AS n, coalesce(md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))), '-') AS h
               FROM ${pg.escapeIdentifier(s)}.${pg.escapeIdentifier(t)} x ${where}`;
    const { rows } = await db.query<{ n: string; h: string }>(q);
    out.set(name, `${rows[0]!.n} rows, ${rows[0]!.h}`);
  }
  return out;
}

/** Waits until two snapshots a second apart agree (outbox published, consumers done). */
async function stableSnapshot(db: pg.Pool, timeoutMs = 30_000): Promise<Snapshot> {
  const deadline = Date.now() + timeoutMs;
  let last = await snapshot(db);
  for (;;) {
    await sleep(1000);
    const next = await snapshot(db);
    if ([...next].every(([k, v]) => last.get(k) === v) && next.size === last.size) return next;
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
  await api.must('POST', `/api/admin/activities/${activityId}/provider-token/generate`);
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
  };
}

async function send(base: string, c: FuzzCase, adminCookie: string): Promise<number | string> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.auth === 'admin') headers.cookie = adminCookie;
  else if (c.auth === 'forged') headers.cookie = FORGED_COOKIE;
  try {
    const res = await fetch(`${base}${c.path}`, {
      method: c.method,
      headers,
      body: c.body,
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    // A header value fetch itself refuses (not a byte string) never left this process.
    if (e.name === 'TypeError' && !e.cause?.code) return 'not sent';
    return e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.message);
  }
}

export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const log = opts.log ?? ((l: string) => process.stdout.write(`[fuzz] ${l}\n`));
  const smtp = new SmtpCapture(opts.port + 10_028);
  await smtp.start();
  let stack: BenchStack | undefined;
  let db: pg.Pool | undefined;
  try {
    stack = await startBenchStack({ port: opts.port, quiet: true, env: { SMTP_URL: smtp.url } });
    log(`stack up on ${stack.api}`);
    db = naschoolPool(stack.adminDbUrl, 2);
    const api = new Api(stack.api);
    await api.login();
    const world = await buildWorld(api, db);
    const before = await stableSnapshot(db);
    log(
      `${before.size} tables snapshotted; sending ${opts.requests} bad requests (seed ${opts.seed})`,
    );

    // Some generated header values are no byte strings and never leave this process; a
    // quarter more cases than asked covers them.
    // The fixed cases (path ids of no row, anonymous keyed requests with refused tokens) come
    // on top of the generated ones.
    const cases = sampleCases(world, Math.ceil(opts.requests * 1.25), opts.seed);
    const budget = opts.requests + fixedCases(world, opts.seed).length;
    const byStatus: Record<string, number> = {};
    const byFamily: Record<string, number> = {};
    const serverErrors: FuzzFailure[] = [];
    const accepted: FuzzFailure[] = [];
    const noAnswer: FuzzFailure[] = [];
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
          const status = await send(stack!.api, c, api.sessionCookie);
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
        }
      }),
    );
    const seconds = (Date.now() - t0) / 1000;
    log(`${sent} requests in ${seconds.toFixed(1)} s; comparing tables`);
    const after = await stableSnapshot(db);
    const changedTables = [...new Set([...before.keys(), ...after.keys()])]
      .filter((t) => before.get(t) !== after.get(t))
      .map((t) => ({
        table: t,
        before: before.get(t) ?? '(absent)',
        after: after.get(t) ?? '(absent)',
      }));
    return {
      seed: opts.seed,
      requests: sent,
      seconds,
      byStatus,
      byFamily,
      serverErrors,
      accepted,
      noAnswer,
      changedTables,
      tablesChecked: before.size,
    };
  } finally {
    await db?.end().catch(() => undefined);
    await stack?.stop().catch((err: Error) => log(`stopping the stack: ${err.message}`));
    await smtp.stop();
  }
}
