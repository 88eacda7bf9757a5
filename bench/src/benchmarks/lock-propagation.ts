// Benchmark 8: how soon a lock of an activity holds on the sign-up path while the sign-up burst
// runs. The burst of benchmark 1 (50 connections, every request a different child, spread over
// 20 activities) runs against a school of its own; per round one of its activities is locked
// through the admin API, and the burst's own requests for that activity show from when on they
// are refused with 409 ACTIVITY_LOCKED. Then it is unlocked, and the next round takes the next
// activity.
import type { ActivityView } from '@nsa/contracts';
import { sleep, type Api } from '../lib/api.js';
import { percentile } from '../lib/report.js';
import { startBurst, type BurstResult, type SignUpRecord } from './signup-burst.js';

export interface LockRound {
  activityId: number;
  /**
   * Start of the first sign-up refused with ACTIVITY_LOCKED that every later-started one (in
   * the observed window) was too, minus the arrival of the lock's 200; clamped at 0. Undefined
   * when the refusals never held within the window.
   */
  propagationMs: number | undefined;
  /**
   * The start of the answered sign-up just before that first refusal, minus the lock's
   * answer, clamped at 0: the lock took hold between this and `propagationMs` (the gap is the
   * spacing of the burst's requests for one activity).
   */
  atLeastMs: number | undefined;
  /**
   * Sign-ups accepted (201) that started more than HOLD_BOUND_MS after the lock's 200 had
   * arrived: a lock must hold for sign-ups within that bound (R-FRESH-SIGNUP).
   */
  violations: number;
  /** Sign-ups accepted that started after the lock's 200, within the bound. */
  acceptedWithinBound: number;
  /** Answered sign-ups for the activity that started after the lock's 200 arrived. */
  afterLock: number;
  /** Of those, the ones refused other than with ACTIVITY_LOCKED (status:code → count). */
  otherAnswers: Record<string, number>;
  /** Sign-ups for the activity in the window that got no answer (timed out, cut off). */
  unanswered: number;
  /** How long the PUT that locked it took. */
  lockCallMs: number;
}

/** How soon a lock must hold for sign-ups (R-FRESH-SIGNUP). */
export const HOLD_BOUND_MS = 1000;

export interface LockPropagationResult {
  rounds: LockRound[];
  /** Rounds whose refusals never held within the observation window. */
  notPropagated: number;
  violations: number;
  acceptedWithinBound: number;
  /** Over the rounds; a round that never propagated counts as its whole window. */
  p50: number;
  p99: number;
  max: number;
  /** p50 / p99 of `atLeastMs`. */
  atLeastP50: number;
  atLeastP99: number;
  lockCallP50: number;
  windowMs: number;
  burst: Omit<BurstResult, 'createdIds'>;
}

const LOCKED = 'ACTIVITY_LOCKED';

export async function lockPropagation(opts: {
  base: string;
  api: Api;
  school: { id: number; accessToken: string };
  activityIds: number[];
  rounds: number;
  connections: number;
  /** Longest a round waits for the refusals to hold after the lock's answer. */
  windowMs?: number;
  /** How long the refusals must have held (by start time) before a round ends. */
  holdMs?: number;
  log: (line: string) => void;
}): Promise<LockPropagationResult> {
  const { api, activityIds } = opts;
  const windowMs = opts.windowMs ?? 10_000;
  const holdMs = opts.holdMs ?? 1000;
  // The full body the API requires for a PUT, from the admin list.
  const views = await api.must<ActivityView[]>(
    'GET',
    `/api/admin/activities?schoolId=${opts.school.id}`,
  );
  const bodies = new Map(
    views.map((v) => [
      v.id,
      {
        title: v.title,
        capacity: v.capacity,
        weekday: v.weekday,
        startTime: v.startTime,
        schoolId: v.schoolId,
        blockId: v.blockId,
        providerId: v.providerId,
        isLocked: false,
        isHidden: v.isHidden,
      },
    ]),
  );
  const setLocked = async (id: number, isLocked: boolean) => {
    const body = bodies.get(id);
    if (!body) throw new Error(`activity ${id} is not in school ${opts.school.id}`);
    const a = await api.call('PUT', `/api/activities/${id}`, { ...body, isLocked });
    // Taken right after the answer: the continuation runs in the same turn as its last byte.
    const at = performance.now();
    if (a.status !== 200) {
      throw new Error(`PUT /api/activities/${id}: ${a.status} ${JSON.stringify(a.body)}`);
    }
    return { at, ms: a.ms };
  };

  const records: SignUpRecord[] = [];
  const run = startBurst({
    base: opts.base,
    activities: activityIds.map((id) => ({ id, token: opts.school.accessToken })),
    connections: opts.connections,
    durationS: 3600,
    tag: 'lk',
    record: records,
  });
  const rounds: LockRound[] = [];
  let burstResult: BurstResult;
  try {
    // Each activity takes sign-ups before the first round (the burst has warmed up).
    await acceptingAgain(records, activityIds, 0, 60_000);
    const unlockedAt = new Map<number, number>();
    for (let r = 0; r < opts.rounds; r++) {
      const id = activityIds[r % activityIds.length]!;
      // An activity locked in an earlier round takes sign-ups again before it is locked anew.
      await acceptingAgain(records, [id], unlockedAt.get(id) ?? 0, 30_000);
      const from = records.length;
      const lock = await setLocked(id, true);
      const L = lock.at;
      // Observe until the refusals have held for holdMs (by start time), or the window ends.
      let end = L + windowMs;
      for (;;) {
        await sleep(50);
        const now = performance.now();
        if (now >= end) break;
        const answered = answeredInOrder(records, from, id, now);
        const k = firstOfLockedRun(answered);
        if (k && answered.at(-1)!.start - k.start >= holdMs) {
          end = now;
          break;
        }
      }
      // Wait for the answers of the requests started within the window (autocannon gives up
      // on a request after 10 s).
      const deadline = performance.now() + 11_000;
      while (
        performance.now() < deadline &&
        inWindow(records, from, id, end).some((x) => x.status === undefined)
      ) {
        await sleep(50);
      }
      const round = analyse(inWindow(records, from, id, end), id, L, lock.ms);
      rounds.push(round);
      opts.log(
        `round ${r + 1}/${opts.rounds}, activity ${id}: ` +
          (round.propagationMs === undefined
            ? `refusals did not hold within ${windowMs} ms`
            : `${round.propagationMs.toFixed(0)} ms`) +
          `, ${round.afterLock} sign-ups started after the lock's answer, ${round.violations} accepted`,
      );
      unlockedAt.set(id, (await setLocked(id, false)).at);
    }
  } finally {
    run.stop();
    burstResult = await run.done;
  }
  const samples = rounds.map((r) => r.propagationMs ?? windowMs);
  return {
    rounds,
    notPropagated: rounds.filter((r) => r.propagationMs === undefined).length,
    violations: rounds.reduce((n, r) => n + r.violations, 0),
    acceptedWithinBound: rounds.reduce((n, r) => n + r.acceptedWithinBound, 0),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: Math.max(0, ...samples),
    atLeastP50: percentile(
      rounds.map((r) => r.atLeastMs ?? windowMs),
      50,
    ),
    atLeastP99: percentile(
      rounds.map((r) => r.atLeastMs ?? windowMs),
      99,
    ),
    lockCallP50: percentile(
      rounds.map((r) => r.lockCallMs),
      50,
    ),
    windowMs,
    burst: { ...burstResult, createdIds: undefined } as Omit<BurstResult, 'createdIds'>,
  };
}

/** The activity's requests from index `from` on that started at or before `end`. */
function inWindow(records: SignUpRecord[], from: number, id: number, end: number) {
  const out: SignUpRecord[] = [];
  for (let i = from; i < records.length; i++) {
    const x = records[i]!;
    if (x.activityId === id && x.start <= end) out.push(x);
  }
  return out;
}

function answeredInOrder(records: SignUpRecord[], from: number, id: number, end: number) {
  return inWindow(records, from, id, end)
    .filter((x) => x.status !== undefined)
    .sort((a, b) => a.start - b.start);
}

/**
 * Of answered requests in start order, the first of the trailing run refused with
 * ACTIVITY_LOCKED: it and every later-started one were refused so.
 */
function firstOfLockedRun(answered: SignUpRecord[]): SignUpRecord | undefined {
  let k: SignUpRecord | undefined;
  for (let i = answered.length - 1; i >= 0; i--) {
    const x = answered[i]!;
    if (x.status !== 409 || x.code !== LOCKED) break;
    k = x;
  }
  return k;
}

function analyse(window: SignUpRecord[], id: number, L: number, lockCallMs: number): LockRound {
  const answered = window.filter((x) => x.status !== undefined).sort((a, b) => a.start - b.start);
  const k = firstOfLockedRun(answered);
  const before = k ? answered[answered.indexOf(k) - 1] : undefined;
  const after = answered.filter((x) => x.start > L);
  const otherAnswers: Record<string, number> = {};
  for (const x of after) {
    if (x.status === 201 || (x.status === 409 && x.code === LOCKED)) continue;
    const key = `${x.status}${x.code ? `:${x.code}` : ''}`;
    otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
  }
  return {
    activityId: id,
    propagationMs: k ? Math.max(0, k.start - L) : undefined,
    atLeastMs: k ? Math.max(0, (before?.start ?? L) - L) : undefined,
    violations: after.filter((x) => x.status === 201 && x.start - L > HOLD_BOUND_MS).length,
    acceptedWithinBound: after.filter((x) => x.status === 201 && x.start - L <= HOLD_BOUND_MS)
      .length,
    afterLock: after.length,
    otherAnswers,
    unanswered: window.length - answered.length,
    lockCallMs,
  };
}

/**
 * Waits until each activity has had a sign-up accepted that started after `since` (records
 * are pushed in start order, so only those after it are looked at).
 */
async function acceptingAgain(
  records: SignUpRecord[],
  ids: number[],
  since: number,
  timeoutMs: number,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let lo = 0;
  let hi = records.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (records[mid]!.start <= since) lo = mid + 1;
    else hi = mid;
  }
  const waiting = new Set(ids);
  for (;;) {
    for (let i = lo; i < records.length && waiting.size > 0; i++) {
      const x = records[i]!;
      if (x.status === 201) waiting.delete(x.activityId);
    }
    if (waiting.size === 0) return;
    if (performance.now() > deadline) {
      throw new Error(`activities ${[...waiting].join(', ')} took no sign-up in ${timeoutMs} ms`);
    }
    await sleep(50);
  }
}
