// A rolling restart under load (R-OPS-ROLLING): the production topology (two processes of each
// service, three nats-servers) takes sign-ups at a fixed rate, without Idempotency-Key (so the
// gateway may not repeat them), and public activity lists, while every service process in turn
// gets SIGTERM, as a rollout sends it; the launcher starts it again and the next one is stopped
// once the new process is ready. No answer may be a 5xx and every 201 must be stored.
import type pg from 'pg';
import { Api, naschoolPool, seedSchool, signUpBody, sleep, waitForProjection } from '../lib/api.js';
import { openLoop, settle, type Arrival } from '../lib/open-loop.js';
import { percentile } from '../lib/report.js';
import { SmtpCapture } from '../lib/smtp.js';
import { SERVICES, startBenchStack, type BenchStack } from '../lib/stack.js';

export interface RollingResult {
  /** Processes restarted, in order, with how long each took to be ready again. */
  restarts: Array<{ process: string; readyS: number | undefined }>;
  signups: { sent: number; byStatus: Record<string, number>; p99Ms: number; maxMs: number };
  lists: { sent: number; byStatus: Record<string, number> };
  /** Answers 5xx or none at all, sign-ups and lists together. */
  failed: number;
  /** Sign-ups answered 201 that are not stored. */
  lost: number;
  loadS: number;
}

export async function rollingRestart(opts: {
  port: number;
  /** Sign-ups a second; the public list is asked at half that rate. */
  rate: number;
  log: (line: string) => void;
}): Promise<RollingResult> {
  const { log } = opts;
  const smtp = new SmtpCapture(opts.port + 10_028);
  await smtp.start();
  let s: BenchStack | undefined;
  let db: pg.Pool | undefined;
  try {
    s = await startBenchStack({
      port: opts.port,
      quiet: true,
      env: { REPLICAS: '2', NATS_NODES: '3', SMTP_URL: smtp.url },
    });
    const stack = s;
    db = naschoolPool(stack.adminDbUrl, 2);
    const api = new Api(stack.api);
    await api.login();
    const seed = await seedSchool(api, { name: 'Rolschool', activities: 10, capacity: 10_000 });
    await waitForProjection(db, seed.activityIds);
    const token = seed.school.accessToken;

    let loading = true;
    const signups: Arrival[] = [];
    const lists: Arrival[] = [];
    const t0 = Date.now();
    const signupLoad = openLoop({
      ratePerS: opts.rate,
      durationS: 3600,
      stopped: () => !loading,
      send: (i) =>
        settle(() =>
          api.call(
            'POST',
            '/api/registrations',
            signUpBody(i, seed.activityIds[i % seed.activityIds.length]!, 'rol'),
            { 'x-school-token': token },
            15_000,
          ),
        ),
      onAnswer: (a) => signups.push(a),
    });
    const listLoad = openLoop({
      ratePerS: opts.rate / 2,
      durationS: 3600,
      stopped: () => !loading,
      send: () =>
        settle(() =>
          api.call(
            'GET',
            `/api/activities?schoolId=${seed.school.id}`,
            undefined,
            { 'x-school-token': token },
            15_000,
          ),
        ),
      onAnswer: (a) => lists.push(a),
    });

    await sleep(3000);
    const restarts: RollingResult['restarts'] = [];
    for (const service of SERVICES) {
      for (const n of [1, 2]) {
        const name = `${service}-${n}`;
        const pid = stack.pid(name);
        if (!pid) throw new Error(`no pid file for ${name}`);
        const r0 = Date.now();
        log(`SIGTERM ${name} (pid ${pid})`);
        process.kill(pid, 'SIGTERM');
        const readyS = await readyAgain(stack, name, pid, r0);
        restarts.push({ process: name, readyS });
        log(`${name} ready again after ${readyS === undefined ? '-' : readyS.toFixed(1)} s`);
        await sleep(2000);
      }
    }
    await sleep(2000);
    loading = false;
    await Promise.all([signupLoad, listLoad]);
    const loadS = (Date.now() - t0) / 1000;

    const created = signups
      .filter((a) => a.status === 201)
      .map((a) => (a.body as { registration: { id: number } }).registration.id);
    const { rows } = await db.query<{ id: number }>(
      'SELECT id FROM registrations.registrations WHERE id = ANY($1::int[])',
      [created],
    );
    const stored = new Set(rows.map((r) => r.id));
    const byStatus = (arrivals: Arrival[]) => {
      const out: Record<string, number> = {};
      for (const a of arrivals) out[a.status] = (out[a.status] ?? 0) + 1;
      return out;
    };
    const failed = [...signups, ...lists].filter(
      (a) => typeof a.status !== 'number' || a.status >= 500,
    ).length;
    const ms = signups.map((a) => a.ms);
    return {
      restarts,
      signups: {
        sent: signups.length,
        byStatus: byStatus(signups),
        p99Ms: percentile(ms, 99),
        maxMs: Math.max(0, ...ms),
      },
      lists: { sent: lists.length, byStatus: byStatus(lists) },
      failed,
      lost: created.filter((id) => !stored.has(id)).length,
      loadS,
    };
  } finally {
    await db?.end().catch(() => undefined);
    await s?.stop();
    await smtp.stop();
  }
}

/** Seconds until the process started in place of `oldPid` answers /readyz 200 on its port. */
async function readyAgain(
  s: BenchStack,
  name: string,
  oldPid: number,
  since: number,
): Promise<number | undefined> {
  const service = name.replace(/-\d+$/, '') as (typeof SERVICES)[number];
  const n = Number(name.slice(name.lastIndexOf('-') + 1));
  const port = s.stack.ports.replicaPorts[service][n - 1]!;
  const deadline = since + 60_000;
  while (Date.now() < deadline) {
    const pid = s.pid(name);
    if (pid && pid !== oldPid) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`, {
        signal: AbortSignal.timeout(1000),
      }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return (Date.now() - since) / 1000;
    }
    await sleep(100);
  }
  return undefined;
}
