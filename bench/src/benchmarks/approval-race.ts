// Benchmark 2: per round a fresh activity of capacity 50 gets 200 sign-ups, then all 200
// approvals are fired at once, on a stack that has done the sign-ups' work. Exactly 50 may end
// approved, every round.
import type pg from 'pg';
import { pool, signUpBody, stackIdle, waitForProjection, type Api } from '../lib/api.js';
import { percentile } from '../lib/report.js';

export interface RaceResult {
  rounds: number;
  capacity: number;
  signups: number;
  /** Approved per round, as the admin API counts it afterwards. */
  approvedPerRound: number[];
  /** Answers per round that said approved. */
  answeredApprovedPerRound: number[];
  non200: number;
  approvalsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
}

export async function approvalRace(opts: {
  api: Api;
  db: pg.Pool;
  school: { id: number; accessToken: string };
  blockId: number;
  providerId: number;
  rounds: number;
  capacity: number;
  signups: number;
}): Promise<RaceResult> {
  const { api } = opts;
  const approvedPerRound: number[] = [];
  const answeredApprovedPerRound: number[] = [];
  const latencies: number[] = [];
  let non200 = 0;
  let wallMs = 0;
  // Round 0 warms up (connections through nginx, the service's code paths) and is checked
  // like the others but not timed.
  for (let round = 0; round <= opts.rounds; round++) {
    const timed = round > 0;
    const activity = await api.createActivity({
      title: round === 0 ? 'Race warm-up' : `Race ${round}`,
      capacity: opts.capacity,
      weekday: round % 7,
      startTime: `${String(round % 24).padStart(2, '0')}:45`,
      schoolId: opts.school.id,
      blockId: opts.blockId,
      providerId: opts.providerId,
    });
    await waitForProjection(opts.db, [activity.id]);
    const ids = await pool(
      Array.from({ length: opts.signups }, (_, i) => i),
      16,
      async (i) => {
        const a = await api.signUp(
          signUpBody(i, activity.id, `race${round}-`),
          opts.school.accessToken,
        );
        if (a.status !== 201)
          throw new Error(`race sign-up: ${a.status} ${JSON.stringify(a.body)}`);
        return a.body.registration!.id;
      },
    );
    // The round's sign-ups set off 200 confirmation emails and the consumers' work; the
    // approvals are fired once that is done, so they race each other, not the sign-ups' mail.
    await stackIdle(opts.db, 60_000);
    const t0 = performance.now();
    const answers = await Promise.all(ids.map((id) => api.approve(id, false)));
    if (timed) wallMs += performance.now() - t0;
    let approved = 0;
    for (const a of answers) {
      if (timed) latencies.push(a.ms);
      if (a.status !== 200) non200 += 1;
      else if (a.body.status === 'approved') approved += 1;
    }
    answeredApprovedPerRound.push(approved);
    approvedPerRound.push(await api.total({ activityId: activity.id, status: 'approved' }));
  }
  return {
    rounds: opts.rounds,
    capacity: opts.capacity,
    signups: opts.signups,
    approvedPerRound,
    answeredApprovedPerRound,
    non200,
    approvalsPerSecond: (opts.rounds * opts.signups) / (wallMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
  };
}
