// Chaos: under a sign-up load with approvals (send-email on), and offers on small waiting lists
// that lapse every few seconds, each service is SIGKILLed in turn, then nats-server, then
// PostgreSQL (SIGKILL of its whole process group and a restart, i.e. a crash and its recovery).
// The launcher's supervisor starts every killed process again (R-RUN-REPLICAS).
import { SERVICE_NAMES, type ServiceName } from '@nsa/contracts';
import type pg from 'pg';
import { Api, naschoolPool, seedSchool, signUpBody, sleep, waitForProjection } from '../lib/api.js';
import { openLoop, settle, type Arrival } from '../lib/open-loop.js';
import { percentile } from '../lib/report.js';
import { SmtpCapture } from '../lib/smtp.js';
import { startBenchStack, type BenchStack } from '../lib/stack.js';
import {
  expectedEmails,
  judgeEmails,
  kindsNotifyKnows,
  loadEvents,
  notMarkedSent,
  perSignup,
  type EmailJudgement,
} from './emails.js';
import { kill, waitRecovered } from './kill.js';
import { revokeAndProbe, type RevokedReport } from './revoked.js';
import {
  WAITLIST_DEFAULTS,
  WaitlistScene,
  type WaitlistOptions,
  type WaitlistReport,
} from './waitlist.js';

export type Target = ServiceName | 'nats' | 'postgres';
/** Every service of the table, then NATS and PostgreSQL. */
export const ALL_TARGETS: readonly Target[] = [...SERVICE_NAMES, 'nats', 'postgres'];

export interface ChaosOptions {
  port: number;
  targets: readonly Target[];
  /** The load runs at least this long, and until every kill has recovered plus `settleS`. */
  loadS: number;
  /** Steady load after one recovery before the next kill. */
  settleS: number;
  /** How long to wait after the load for every email and count to arrive. */
  convergeS: number;
  signupWorkers: number;
  approveWorkers: number;
  /**
   * Sign-ups a second at a fixed arrival rate (open loop, each with its own Idempotency-Key)
   * instead of `signupWorkers` sending one after the other.
   */
  signupRate?: number;
  /** Processes of each service (REPLICAS) and nats-servers (NATS_NODES) of the stack. */
  replicas?: number;
  natsNodes?: number;
  /** CONSUMER_ACK_WAIT_MS for the stack (undefined: the product's default). */
  ackWaitMs?: number;
  /** The waiting-list part (WAITLIST_DEFAULTS for what is not given). */
  waitlist?: Partial<WaitlistOptions>;
  log?: (line: string) => void;
}

export interface KillResult {
  target: Target;
  /** Failed answers (not 2xx or 409) from the kill until recovery, by status. */
  failedSignups: Record<string, number>;
  failedApprovals: Record<string, number>;
  /** Seconds from the kill until GET /api/health answered 200 again. */
  recoveryS: number | undefined;
  /** Whether health was seen failing at all after the kill. */
  sawDown: boolean;
  /** Sign-ups due from the kill until recovery: how many, answered 5xx or not at all, p99. */
  signupsDuring: number;
  signups5xx: number;
  signupP99Ms: number | undefined;
}

export interface ChaosReport {
  loadS: number;
  kills: KillResult[];
  signups: { sent: number; created: number; answers: Record<string, number> };
  approvals: { sent: number; answered: number; answers: Record<string, number>; retried: number };
  /** Sign-ups answered 201 that are not stored. */
  lost: number;
  /** Children of the load stored more than once for one activity (a sign-up repeated). */
  storedTwice: number;
  /** Keyed sign-ups answered 5xx or not at all (rate mode: every sign-up is keyed). */
  signups5xx: number;
  keyed: boolean;
  replicas: number;
  natsNodes: number;
  /** Message-IDs that reached the SMTP server more than once. */
  duplicateEmails: number;
  /**
   * Of those, the ones whose first copy arrived within 5 s before a kill of notify (the SMTP
   * server had accepted it, the `sent` mark had not committed yet on a loaded machine) and whose
   * second copy came after it: at-least-once delivery across a crash of the sender, which the
   * receiver can recognise by the same Message-ID.
   */
  duplicatesAtNotifyCrash: number;
  /** When each duplicate's copies arrived, relative to the kill before the first one. */
  duplicateTimes: string[];
  /**
   * Every email the committed registration events call for (one per event and kind, R-EMAIL-*),
   * against what the SMTP server received: missing, unexpected, per kind, and the kinds the built
   * svc-notify does not know yet (not checked).
   */
  emails: EmailJudgement;
  emailsReceived: number;
  /** Sign-ups answered 201 (load and waiting list) without exactly one confirmation email. */
  confirmationsOff: number;
  created: number;
  /** Sign-ups of the load decided (approved or rejected) without exactly one decision email. */
  decisionsOff: number;
  decided: number;
  /** Sign-ups whose latest event asked for a decision email that are not marked emailSent. */
  notMarkedSent: number;
  /** Activities whose approved + offered count exceeded capacity, at any sample or at the end. */
  overCapacity: number;
  /** Load activities whose catalog counts differ from the sign-ups (events applied not once). */
  countMismatches: number;
  waitlist: WaitlistReport;
  convergedS: number | undefined;
  /**
   * A logged-out admin cookie (against registrations, catalog and identity) and a revoked and a
   * replaced provider link, tried from their revocation until the end; any 2xx is a violation.
   */
  revoked: RevokedReport & {
    /** Violations by when they happened: during the outage after a kill, or 'no kill'. */
    violationsDuring: Record<string, number>;
  };
}

const REQUEST_TIMEOUT_MS = 10_000;

class Tally {
  readonly counts: Record<string, number> = {};
  readonly log: Array<{ t: number; status: string | number }> = [];
  add(key: string | number): void {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
    this.log.push({ t: Date.now(), status: key });
  }
  /** Answers other than 2xx/409 between two times, by status. */
  failuresBetween(from: number, to: number): Record<string, number> {
    const out: Record<string, number> = {};
    for (const a of this.log) {
      if (a.t < from || a.t > to) continue;
      if (typeof a.status === 'number' && (a.status < 300 || a.status === 409)) continue;
      out[a.status] = (out[a.status] ?? 0) + 1;
    }
    return out;
  }
}

export async function runChaos(opts: ChaosOptions): Promise<ChaosReport> {
  const log = opts.log ?? ((l: string) => process.stdout.write(`[chaos] ${l}\n`));
  const waitlistOpts: WaitlistOptions = { ...WAITLIST_DEFAULTS, ...opts.waitlist };
  const smtp = new SmtpCapture(opts.port + 10_028);
  await smtp.start();
  let stack: BenchStack | undefined;
  let db: pg.Pool | undefined;
  let probes: { stop(): Promise<RevokedReport> } | undefined;
  let churn: { stop(): Promise<void> } | undefined;
  try {
    stack = await startBenchStack({
      port: opts.port,
      quiet: true,
      env: {
        SMTP_URL: smtp.url,
        WAITLIST_OFFER_HOURS: String(waitlistOpts.offerHours),
        WAITLIST_SWEEP_MS: String(waitlistOpts.sweepMs),
        REPLICAS: String(opts.replicas ?? 1),
        NATS_NODES: String(opts.natsNodes ?? 1),
        ...(opts.ackWaitMs ? { CONSUMER_ACK_WAIT_MS: String(opts.ackWaitMs) } : {}),
      },
    });
    const s = stack;
    log(`stack up on ${s.api} (data in ${s.dataDir})`);
    db = naschoolPool(s.adminDbUrl, 2);
    db.on('error', () => undefined);
    const api = new Api(s.api);
    await api.login();
    // Capacities 10, 20 ... 120: the small ones fill up (approvals then auto-reject and sign-ups
    // are refused as full) while the large ones keep taking sign-ups for the whole run.
    const seed = await seedSchool(api, { name: 'Chaosschool', activities: 12, capacity: 10 });
    for (const [i, id] of seed.activityIds.entries()) {
      if (i === 0) continue;
      await api.must('PUT', `/api/activities/${id}`, {
        title: `Chaosschool activiteit ${i + 1}`,
        capacity: 10 * (i + 1),
        weekday: 1 + (i % 5),
        startTime: `${String(8 + Math.floor(i / 5)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`,
        schoolId: seed.school.id,
        blockId: seed.blockId,
        providerId: seed.providerId,
      });
    }
    await waitForProjection(db, seed.activityIds);
    // The capacity updates travel as events too.
    for (let i = 0; i < 100; i++) {
      const { rows } = await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM registrations.activities WHERE id = ANY($1::int[]) AND capacity > 10',
        [seed.activityIds],
      );
      if (Number(rows[0]!.n) === seed.activityIds.length - 1) break;
      await sleep(100);
    }
    const token = seed.school.accessToken;
    const waitlist = await WaitlistScene.seed(api, db, waitlistOpts, log);
    const allActivities = [...seed.activityIds, ...waitlist.activityIds];

    // --- revoked credentials, probed from their revocation until the end
    probes = await revokeAndProbe(s.api, api, [seed.activityIds[0]!, seed.activityIds[1]!], log);

    // --- health monitor
    const health: Array<{ t: number; ok: boolean }> = [];
    let monitoring = true;
    const monitor = (async () => {
      while (monitoring) {
        let ok = false;
        try {
          const r = await fetch(`${s.api}/api/health`, { signal: AbortSignal.timeout(1000) });
          ok = r.status === 200;
          await r.arrayBuffer();
        } catch {
          ok = false;
        }
        health.push({ t: Date.now(), ok });
        await sleep(100);
      }
    })();

    // --- capacity sampler: approved plus offered (R-WAITLIST-CAPACITY)
    const overCapacity = new Set<number>();
    const capacityQuery = `SELECT a.id, a.capacity,
        count(r.id) FILTER (WHERE r.status IN ('approved', 'offered')) AS taken
      FROM registrations.activities a LEFT JOIN registrations.registrations r ON r.activity_id = a.id
      WHERE a.id = ANY($1::int[]) GROUP BY a.id, a.capacity`;
    const sampleCapacity = async () => {
      const { rows } = await db!.query<{ id: number; capacity: number; taken: string }>(
        capacityQuery,
        [allActivities],
      );
      for (const r of rows) if (Number(r.taken) > r.capacity) overCapacity.add(r.id);
    };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await sampleCapacity().catch(() => undefined);
        await sleep(1000);
      }
    })();

    // --- load
    let loading = true;
    let n = 0;
    const created: Array<{ id: number; email: string }> = [];
    const signupAnswers = new Tally();
    const approveAnswers = new Tally();
    const toApprove: number[] = [];
    let approvalsSent = 0;
    let approvalsAnswered = 0;
    let retried = 0;
    const call = settle;
    const arrivals: Arrival[] = [];
    const signUp = (i: number) => {
      const activityId = seed.activityIds[i % seed.activityIds.length]!;
      return { body: signUpBody(i, activityId, 'chaos'), key: `chaos-${i}` };
    };
    const signupWorker = async () => {
      while (loading) {
        const i = n++;
        const activityId = seed.activityIds[i % seed.activityIds.length]!;
        const body = signUpBody(i, activityId, 'chaos');
        const a = await call(() =>
          api.call(
            'POST',
            '/api/registrations',
            body,
            { 'x-school-token': token },
            REQUEST_TIMEOUT_MS,
          ),
        );
        signupAnswers.add(a.status);
        if (a.status === 201) {
          const id = (a.body as { registration: { id: number } }).registration.id;
          created.push({ id, email: body.email });
          toApprove.push(id);
        } else if (typeof a.status !== 'number' || a.status >= 500) {
          await sleep(100);
        }
      }
    };
    const approveWorker = async () => {
      while (loading) {
        const id = toApprove.shift();
        if (id === undefined) {
          await sleep(20);
          continue;
        }
        approvalsSent += 1;
        const a = await call(() =>
          api.call(
            'POST',
            `/api/admin/registrations/${id}/approve`,
            { sendEmail: true },
            {},
            REQUEST_TIMEOUT_MS,
          ),
        );
        approveAnswers.add(a.status);
        if (typeof a.status === 'number' && a.status < 500) approvalsAnswered += 1;
        else {
          // As an administrator would: try again a little later. If the first one went
          // through, this one is refused (409) and must not send a second email.
          retried += 1;
          toApprove.push(id);
          await sleep(200);
        }
      }
    };
    const started = Date.now();
    // Open loop: sign-ups keep arriving at the rate whatever the answers do, each with its own
    // key, so the gateway may send it again to another process (R-IDEMPOTENCY).
    const rateLoad = opts.signupRate
      ? openLoop({
          ratePerS: opts.signupRate,
          durationS: 24 * 3600,
          stopped: () => !loading,
          send: (i) => {
            n = i + 1;
            const { body, key } = signUp(i);
            return call(() =>
              api.call(
                'POST',
                '/api/registrations',
                body,
                { 'x-school-token': token, 'idempotency-key': key },
                REQUEST_TIMEOUT_MS,
              ),
            );
          },
          onAnswer: (a) => {
            arrivals.push(a);
            signupAnswers.add(a.status);
            if (a.status === 201) {
              const id = (a.body as { registration: { id: number } }).registration.id;
              created.push({ id, email: signUp(a.i).body.email });
              toApprove.push(id);
            }
          },
        })
      : undefined;
    const workers = [
      ...(rateLoad ? [rateLoad] : Array.from({ length: opts.signupWorkers }, signupWorker)),
      ...Array.from({ length: opts.approveWorkers }, approveWorker),
    ];
    churn = waitlist.start();
    log(
      `load: ${opts.signupWorkers} sign-up and ${opts.approveWorkers} approval workers; ` +
        `a waiting-list place freed every ${waitlistOpts.churnMs} ms`,
    );

    // --- kills
    await sleep(3000);
    const kills: KillResult[] = [];
    const windows: Array<[number, number]> = [];
    for (const target of opts.targets) {
      // Every kill comes while an offer lapses (R-WAITLIST-EXPIRY under a crash).
      if (!(await waitlist.untilOfferLapsing())) log(`${target}: no offer about to lapse`);
      const t0 = Date.now();
      await kill(s, target, log);
      // With two of each the product's health may never fail: the outage of the killed process
      // itself lasts until the launcher has started it again.
      const restartedAt = Date.now();
      const rec = await waitRecovered(health, t0, 60_000);
      kills.push({
        target,
        ...rec,
        failedSignups: {},
        failedApprovals: {},
        signupsDuring: 0,
        signups5xx: 0,
        signupP99Ms: undefined,
      });
      windows.push([t0, Math.max(t0 + (rec.recoveryS ?? 60) * 1000, restartedAt) + 1000]);
      log(
        `${target}: ${rec.recoveryS === undefined ? 'NOT recovered in 60 s' : `healthy again after ${rec.recoveryS.toFixed(1)} s`}`,
      );
      await sleep(opts.settleS * 1000);
    }
    while (Date.now() - started < opts.loadS * 1000) await sleep(200);
    loading = false;
    await Promise.all(workers);
    await churn.stop();
    churn = undefined;
    kills.forEach((k, i) => {
      const [from, to] = windows[i]!;
      k.failedSignups = signupAnswers.failuresBetween(from, to);
      k.failedApprovals = approveAnswers.failuresBetween(from, to);
      const during = arrivals.filter((a) => a.dueAt >= from && a.dueAt <= to);
      k.signupsDuring = during.length;
      k.signups5xx = during.filter((a) => isServerFailure(a.status)).length;
      k.signupP99Ms = during.length
        ? percentile(
            during.map((a) => a.ms),
            99,
          )
        : undefined;
    });
    const loadS = (Date.now() - started) / 1000;
    log(
      `load stopped after ${loadS.toFixed(0)} s: ${created.length} sign-ups created, ` +
        `${approvalsAnswered} approvals answered; waiting for emails and counts`,
    );

    // --- waiting list after the load: (a) and (d) after a settle, then the queues end (the
    // waiting are rejected without email; open offers lapse by themselves).
    await waitlist.settleChecks();
    await waitlist.drain();

    // --- convergence: every email the events call for has arrived, the latest of each sign-up
    // is marked sent, no offer is open, everything is published and catalog's counts agree.
    const known = kindsNotifyKnows();
    const createdIds = [...created.map((c) => c.id), ...waitlist.created];
    const t1 = Date.now();
    let convergedS: number | undefined;
    while (Date.now() - t1 < opts.convergeS * 1000) {
      const events = await loadEvents(db);
      const emails = judgeEmails(expectedEmails(events, known), smtp.received);
      const unpublished = await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM registrations.outbox WHERE published_at IS NULL',
      );
      if (
        emails.missing === 0 &&
        Number(unpublished.rows[0]!.n) === 0 &&
        (await waitlist.quiet()) &&
        (await notMarkedSent(db, events, known)) === 0 &&
        (await countMismatches(db, allActivities)) === 0
      ) {
        convergedS = (Date.now() - t1) / 1000;
        break;
      }
      await sleep(1000);
    }
    await sleep(1000); // a late duplicate would arrive now
    monitoring = false;
    sampling = false;
    await Promise.all([monitor, sampler]);
    await sampleCapacity();
    const revoked = await probes.stop();
    probes = undefined;
    const violationsDuring: Record<string, number> = {};
    for (const t of revoked.byProbe.flatMap((p) => p.violationTimes)) {
      const i = windows.findIndex(([from, to]) => t >= from && t <= to);
      const during = i >= 0 ? `${kills[i]!.target} kill` : 'no kill';
      violationsDuring[during] = (violationsDuring[during] ?? 0) + 1;
    }

    // --- checks
    const stored = new Set(
      (
        await db.query<{ id: number }>(
          'SELECT id FROM registrations.registrations WHERE id = ANY($1::int[])',
          [createdIds],
        )
      ).rows.map((r) => r.id),
    );
    const received = smtp.received;
    const events = await loadEvents(db);
    const emails = judgeEmails(expectedEmails(events, known), received);
    const decided = (
      await db.query<{ id: number }>(
        `SELECT id FROM registrations.registrations
         WHERE activity_id = ANY($1::int[]) AND status IN ('approved', 'rejected')`,
        [seed.activityIds],
      )
    ).rows.map((r) => r.id);
    // A duplicate is explained by a notify kill when its first copy arrived within 5 s before
    // that kill (accepted by SMTP, `sent` not yet committed) and its second one after it.
    const duplicates = smtp.duplicates().map((id) => {
      const at = received.filter((m) => m.messageId === id).map((m) => m.at);
      const k = kills.findIndex(
        (kill, i) =>
          kill.target === 'notify' &&
          at[0]! >= windows[i]![0] - 5000 &&
          at[0]! <= windows[i]![0] + 500 &&
          at[1]! >= windows[i]![0],
      );
      return { id, at, notifyKill: k >= 0 ? k : undefined };
    });
    const atNotifyCrash = new Set(
      duplicates.filter((d) => d.notifyKill !== undefined).map((d) => d.id),
    );
    return {
      loadS,
      kills,
      signups: { sent: n, created: created.length, answers: signupAnswers.counts },
      approvals: {
        sent: approvalsSent,
        answered: approvalsAnswered,
        answers: approveAnswers.counts,
        retried,
      },
      lost: createdIds.filter((id) => !stored.has(id)).length,
      storedTwice: await storedTwice(db),
      signups5xx: Object.entries(signupAnswers.counts)
        .filter(([status]) => isServerFailure(/^\d+$/.test(status) ? Number(status) : status))
        .reduce((sum, [, count]) => sum + count, 0),
      keyed: opts.signupRate !== undefined,
      replicas: opts.replicas ?? 1,
      natsNodes: opts.natsNodes ?? 1,
      duplicateEmails: smtp.duplicates().length,
      duplicateTimes: duplicates.map(({ id, at, notifyKill }) => {
        // Relative to the notify kill that explains it, else to the last kill before it.
        let i = notifyKill ?? windows.length - 1;
        while (notifyKill === undefined && i >= 0 && windows[i]![0] > at[0]!) i--;
        const ref = i >= 0 ? windows[i]![0] : started;
        const what = i >= 0 ? `the ${kills[i]!.target} kill` : 'the load start';
        return `${id}: ${at.map((t) => `${((t - ref) / 1000).toFixed(2)} s`).join(', ')} from ${what}`;
      }),
      duplicatesAtNotifyCrash: atNotifyCrash.size,
      emails,
      emailsReceived: received.length,
      ...perSignup(createdIds, decided, events, received, known),
      created: createdIds.length,
      decided: decided.length,
      notMarkedSent: await notMarkedSent(db, events, known),
      overCapacity: overCapacity.size,
      countMismatches: await countMismatches(db, seed.activityIds),
      waitlist: await waitlist.report({
        events,
        received,
        offerExpiredChecked: known.has('offer-expired'),
        atNotifyCrash: (id) => atNotifyCrash.has(id),
        kills: kills.map((k, i) => ({
          target: k.target,
          from: windows[i]![0],
          to: windows[i]![1],
        })),
        countMismatches: await countMismatches(db, waitlist.activityIds),
      }),
      convergedS,
      revoked: { ...revoked, violationsDuring },
    };
  } finally {
    await probes?.stop().catch(() => undefined);
    await churn?.stop().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await stack?.stop().catch((err: Error) => log(`stopping the stack: ${err.message}`));
    await smtp.stop();
  }
}

/** A 5xx answer, or none at all (a network error or a time-out). */
function isServerFailure(status: number | string): boolean {
  return typeof status !== 'number' || status >= 500;
}

/** Children of the load (`Kindchaos<n>`) stored more than once for one activity. */
async function storedTwice(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM (
       SELECT 1 FROM registrations.registrations WHERE child_first_name LIKE 'Kindchaos%'
       GROUP BY activity_id, child_first_name HAVING count(*) > 1) twice`,
  );
  return Number(rows[0]!.n);
}

/**
 * Activities whose catalog counts (sign-ups, approved, offered, waiting) differ from
 * registrations' rows: events applied not exactly once (R-WAITLIST-CAPACITY counts).
 */
async function countMismatches(db: pg.Pool, activityIds: number[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT a.id FROM registrations.activities a
       LEFT JOIN catalog.activity_counts c ON c.activity_id = a.id
       LEFT JOIN (SELECT activity_id, count(*) AS total,
                    count(*) FILTER (WHERE status = 'approved') AS approved,
                    count(*) FILTER (WHERE status = 'offered') AS offered,
                    count(*) FILTER (WHERE status = 'waitlisted') AS waitlisted
                  FROM registrations.registrations GROUP BY activity_id) r ON r.activity_id = a.id
     WHERE a.id = ANY($1::int[])
       AND (coalesce(c.registrations_count, 0) <> coalesce(r.total, 0)
         OR coalesce(c.approved_count, 0) <> coalesce(r.approved, 0)
         OR coalesce(c.offered_count, 0) <> coalesce(r.offered, 0)
         OR coalesce(c.waitlist_count, 0) <> coalesce(r.waitlisted, 0))`,
    [activityIds],
  );
  return rows.length;
}
