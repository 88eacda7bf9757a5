// The waiting list under chaos (R-WAITLIST-EXPIRY, R-WAITLIST-CAPACITY): a few small activities
// are filled with approvals and get a queue; during the load their places are freed again and
// again (an admin reverts an approved sign-up), so offers are made and lapse (the stack runs
// with offers of seconds and a sweep of half a second) while the run kills svc-registrations,
// nats-server and the rest. After recovery every lapsed offer must have moved on exactly once,
// approved plus offered never above capacity, no place free while someone waits, and catalog's
// counts equal to the sign-ups.
import type pg from 'pg';
import { EVENT_TYPES } from '@nsa/contracts';
import { Api, seedSchool, signUpBody, sleep, waitForProjection } from '../lib/api.js';
import { percentile } from '../lib/report.js';
import type { Received } from '../lib/smtp.js';
import { messageId, type OutboxEvent } from './emails.js';

export interface WaitlistOptions {
  /** Activities with a waiting list. */
  activities: number;
  capacity: number;
  /** Sign-ups put on the waiting lists before the load. */
  waitlisted: number;
  /** WAITLIST_OFFER_HOURS of the stack. */
  offerHours: number;
  /** WAITLIST_SWEEP_MS of the stack. */
  sweepMs: number;
  /** One activity (in turn) has a place freed every this many ms during the load. */
  churnMs: number;
  /** An activity with fewer waiting than this gets new waiting sign-ups up to `refillTo`. */
  refillBelow: number;
  refillTo: number;
}

export const WAITLIST_DEFAULTS: WaitlistOptions = {
  activities: 3,
  capacity: 2,
  waitlisted: 30,
  offerHours: 0.002,
  sweepMs: 500,
  churnMs: 2500,
  refillBelow: 6,
  refillTo: 10,
};

/** How much later than its end an offer was moved on (seconds): the median and the longest. */
export interface Lateness {
  p50: number;
  max: number;
}

export interface WaitlistReport {
  activities: number;
  capacity: number;
  offerS: number;
  sweepMs: number;
  /** Sign-ups of the waiting-list activities the tool was answered 201 for, and all answers. */
  signups: { created: number; answers: Record<string, number> };
  /** Answers to the reverts that freed places and to approvals of offered sign-ups. */
  reverts: Record<string, number>;
  approvals: Record<string, number>;
  offersMade: number;
  /** Offers withdrawn because they lapsed (withdrawn events with withdrawReason 'expired'). */
  expired: number;
  lateness: Lateness | undefined;
  /** Per kill: offers whose end fell in its outage, and how late the latest of them moved on. */
  dueDuringKills: Array<{ target: string; due: number; maxLateS: number | undefined }>;
  /** (a) Offers still open more than sweep + 10 s after their end, after the settle. */
  stuckOffers: number;
  /**
   * (b) Sign-ups withdrawn by expiry without exactly one withdrawn event ('expired'), plus
   * sign-ups with such an event that are not withdrawn.
   */
  movedOnNotOnce: number;
  /** (b) One 'offer-expired' email per expired withdrawal, by Message-ID. */
  expiredEmails: {
    checked: boolean;
    missing: number;
    duplicated: number;
    duplicatedAtNotifyCrash: number;
  };
  /** (c) Waiting-list activities whose approved + offered exceeded capacity at any sample. */
  overCapacity: number;
  samples: number;
  /** Samples in which an activity had a free place while someone waited. */
  freeWhileWaitingSamples: number;
  /** (d) After the settle: activities with someone waiting, and those of them not full. */
  waitingAtSettle: { activities: number; notFull: number };
  /** (e) Waiting-list activities whose catalog counts differ from the sign-ups. */
  countMismatches: number;
}

const sampleQuery = `SELECT a.id, a.capacity,
    count(r.id) FILTER (WHERE r.status = 'approved') AS approved,
    count(r.id) FILTER (WHERE r.status = 'offered') AS offered,
    count(r.id) FILTER (WHERE r.status = 'waitlisted') AS waitlisted
  FROM registrations.activities a LEFT JOIN registrations.registrations r ON r.activity_id = a.id
  WHERE a.id = ANY($1::int[]) GROUP BY a.id, a.capacity`;

interface Sample {
  id: number;
  capacity: number;
  approved: string;
  offered: string;
  waitlisted: string;
}

class Answers {
  readonly counts: Record<string, number> = {};
  add(key: string | number): void {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }
}

const REQUEST_TIMEOUT_MS = 10_000;

async function call(f: () => Promise<{ status: number; body: unknown }>) {
  try {
    return await f();
  } catch (err) {
    const e = err as Error & { cause?: { code?: string }; code?: string };
    return {
      status: /no answer/.test(e.message) ? 'timeout' : (e.code ?? e.cause?.code ?? e.name),
      body: undefined,
    };
  }
}

export class WaitlistScene {
  readonly created: number[] = [];
  private readonly signupAnswers = new Answers();
  private readonly revertAnswers = new Answers();
  private readonly approveAnswers = new Answers();
  private n = 0;
  private turn = 0;
  private samples = 0;
  private freeWhileWaiting = 0;
  private readonly overCapacity = new Set<number>();
  private waitingAtSettle = { activities: 0, notFull: 0 };
  private stuckOffers = 0;

  private constructor(
    private readonly api: Api,
    private readonly db: pg.Pool,
    private readonly token: string,
    readonly activityIds: number[],
    readonly opts: WaitlistOptions,
  ) {}

  /**
   * A school of its own with `activities` activities of `capacity`, each filled with approvals
   * (send-email on), then `waitlisted` sign-ups queued with "waitlist": true (R-WAITLIST-JOIN).
   */
  static async seed(
    api: Api,
    db: pg.Pool,
    opts: WaitlistOptions,
    log: (line: string) => void,
  ): Promise<WaitlistScene> {
    const seed = await seedSchool(api, {
      name: 'Wachtlijstschool',
      activities: opts.activities,
      capacity: opts.capacity,
    });
    await waitForProjection(db, seed.activityIds);
    const scene = new WaitlistScene(api, db, seed.school.accessToken, seed.activityIds, opts);
    for (const id of seed.activityIds) {
      for (let i = 0; i < opts.capacity; i++) {
        const reg = await scene.signUp(id, false);
        if (reg?.status !== 'new') throw new Error(`waiting list set-up: sign-up ${reg?.status}`);
        const a = await api.approve(reg.id, true);
        if (a.status !== 200 || a.body.status !== 'approved') {
          throw new Error(`waiting list set-up: approve answered ${a.status}`);
        }
      }
    }
    for (let i = 0; i < opts.waitlisted; i++) {
      const reg = await scene.signUp(seed.activityIds[i % opts.activities]!, true);
      if (reg?.status !== 'waitlisted') {
        throw new Error(`waiting list set-up: a sign-up with "waitlist": true is ${reg?.status}`);
      }
    }
    log(
      `waiting list: ${opts.activities} activities of capacity ${opts.capacity} full, ` +
        `${opts.waitlisted} waiting; offers last ${(opts.offerHours * 3600).toFixed(1)} s, ` +
        `sweep every ${opts.sweepMs} ms`,
    );
    return scene;
  }

  private async signUp(activityId: number, waitlist: boolean) {
    const i = this.n++;
    const a = await call(() =>
      this.api.call(
        'POST',
        '/api/registrations',
        { ...signUpBody(i, activityId, 'wl'), waitlist },
        { 'x-school-token': this.token },
        REQUEST_TIMEOUT_MS,
      ),
    );
    this.signupAnswers.add(a.status);
    if (a.status !== 201) return undefined;
    const reg = (a.body as { registration: { id: number; status: string } }).registration;
    this.created.push(reg.id);
    return reg;
  }

  /** Sign-ups of one activity that hold or wait for a place, oldest first. */
  private async state(activityId: number) {
    const { rows } = await this.db.query<{ id: number; status: string }>(
      `SELECT id, status FROM registrations.registrations
       WHERE activity_id = $1 AND status IN ('new', 'approved', 'offered', 'waitlisted')
       ORDER BY approved_at NULLS LAST, offered_at NULLS LAST, waitlist_seq NULLS LAST, id`,
      [activityId],
    );
    const of = (s: string) => rows.filter((r) => r.status === s).map((r) => r.id);
    return {
      fresh: of('new'),
      approved: of('approved'),
      offered: of('offered'),
      waitlisted: of('waitlisted'),
    };
  }

  /**
   * One activity's turn: a queue running short is refilled; then a place is freed by reverting
   * the oldest approved sign-up (R-WAITLIST-OFFER: the first in line is offered it), or, with
   * none approved, the oldest offer is approved as an admin would, to be freed next time. A
   * place left free with nobody waiting (after an outage emptied the queue) is filled again
   * with an approval first.
   */
  private async churn(activityId: number): Promise<void> {
    const s = await this.state(activityId);
    const { capacity, refillBelow, refillTo } = this.opts;
    if (s.approved.length + s.offered.length < capacity && s.waitlisted.length === 0) {
      for (const id of s.fresh.slice(0, capacity - s.approved.length - s.offered.length)) {
        await this.approve(id);
      }
      return;
    }
    if (s.waitlisted.length < refillBelow) {
      for (let i = s.waitlisted.length; i < refillTo; i++) await this.signUp(activityId, true);
    }
    if (s.approved.length > 0) {
      const a = await call(() =>
        this.api.call(
          'POST',
          `/api/admin/registrations/${s.approved[0]}/revert`,
          {},
          {},
          REQUEST_TIMEOUT_MS,
        ),
      );
      this.revertAnswers.add(a.status);
    } else if (s.offered.length > 0) {
      await this.approve(s.offered[0]!);
    }
  }

  private async approve(id: number): Promise<void> {
    const a = await call(() =>
      this.api.call(
        'POST',
        `/api/admin/registrations/${id}/approve`,
        { sendEmail: true },
        {},
        REQUEST_TIMEOUT_MS,
      ),
    );
    this.approveAnswers.add(a.status);
  }

  /**
   * Waits (at most one offer's length and 2 s) until an open offer is due within 0.3 to 1.5 s,
   * so that the kill which follows happens while an offer lapses. Answers whether one was.
   */
  async untilOfferLapsing(): Promise<boolean> {
    const deadline = Date.now() + this.opts.offerHours * 3_600_000 + 2000;
    while (Date.now() < deadline) {
      const due = await this.db
        .query<{ n: string }>(
          `SELECT count(*) AS n FROM registrations.registrations
           WHERE activity_id = ANY($1::int[]) AND status = 'offered'
             AND offer_expires_at BETWEEN now() + interval '300 milliseconds'
                                      AND now() + interval '1500 milliseconds'`,
          [this.activityIds],
        )
        .then((r) => Number(r.rows[0]!.n))
        .catch(() => 0);
      if (due > 0) return true;
      await sleep(100);
    }
    return false;
  }

  /** Frees places in turn every `churnMs` and samples the activities every 250 ms, until stopped. */
  start(): { stop(): Promise<void> } {
    let running = true;
    const churn = (async () => {
      while (running) {
        const id = this.activityIds[this.turn++ % this.activityIds.length]!;
        // Refused or unanswered while a part is down: the next turn reads the state again.
        await this.churn(id).catch(() => undefined);
        await sleep(this.opts.churnMs);
      }
    })();
    const sampler = this.startSampling();
    return {
      stop: async () => {
        running = false;
        await churn;
        await sampler.stop();
      },
    };
  }

  private async sample(): Promise<Sample[]> {
    const { rows } = await this.db.query<Sample>(sampleQuery, [this.activityIds]);
    this.samples += 1;
    for (const r of rows) {
      const taken = Number(r.approved) + Number(r.offered);
      if (taken > r.capacity) this.overCapacity.add(r.id);
      if (Number(r.waitlisted) > 0 && taken < r.capacity) this.freeWhileWaiting += 1;
    }
    return rows;
  }

  /** (c) and the free-place half of (d), sampled through the run (every 250 ms). */
  startSampling(): { stop(): Promise<void> } {
    let running = true;
    const loop = (async () => {
      while (running) {
        await this.sample().catch(() => undefined);
        await sleep(250);
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
      },
    };
  }

  /**
   * After the load and a settle of a sweep plus 3 s: (a) no offer open more than sweep + 10 s
   * past its end; (d) every activity with someone waiting has approved + offered = capacity.
   */
  async settleChecks(): Promise<void> {
    await sleep(this.opts.sweepMs + 3000);
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM registrations.registrations
       WHERE status = 'offered' AND offer_expires_at < now() - make_interval(secs => $1)`,
      [this.opts.sweepMs / 1000 + 10],
    );
    this.stuckOffers = Number(rows[0]!.n);
    const sample = await this.sample();
    const waiting = sample.filter((r) => Number(r.waitlisted) > 0);
    this.waitingAtSettle = {
      activities: waiting.length,
      notFull: waiting.filter((r) => Number(r.approved) + Number(r.offered) !== r.capacity).length,
    };
  }

  /**
   * Ends the queues so the run can converge: every waiting sign-up is rejected (no email); the
   * open offers lapse by themselves and find nobody to move on to.
   */
  async drain(): Promise<void> {
    for (let round = 0; round < 20; round++) {
      const { rows } = await this.db.query<{ id: number }>(
        `SELECT id FROM registrations.registrations
         WHERE activity_id = ANY($1::int[]) AND status = 'waitlisted'`,
        [this.activityIds],
      );
      if (rows.length === 0) return;
      for (const r of rows) {
        await call(() =>
          this.api.call(
            'POST',
            `/api/admin/registrations/${r.id}/reject`,
            { sendEmail: false },
            {},
            REQUEST_TIMEOUT_MS,
          ),
        );
      }
    }
  }

  /** Whether the waiting-list activities have no offer open and nobody waiting. */
  async quiet(): Promise<boolean> {
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM registrations.registrations
       WHERE activity_id = ANY($1::int[]) AND status IN ('offered', 'waitlisted')`,
      [this.activityIds],
    );
    return Number(rows[0]!.n) === 0;
  }

  /** The report, once the run has converged (`events` read after that). */
  async report(opts: {
    events: OutboxEvent[];
    received: readonly Received[];
    offerExpiredChecked: boolean;
    /** Whether a Message-ID's second copy is explained by a notify kill. */
    atNotifyCrash: (messageId: string) => boolean;
    kills: Array<{ target: string; from: number; to: number }>;
    countMismatches: number;
  }): Promise<WaitlistReport> {
    const mine = new Set(this.activityIds);
    const events = opts.events.filter((e) => mine.has(e.activityId));
    const expired = events.filter(
      (e) => e.type === EVENT_TYPES.registrationWithdrawn && e.withdrawReason === 'expired',
    );
    const expiredByReg = new Map<number, number>();
    for (const e of expired) {
      expiredByReg.set(e.registrationId, (expiredByReg.get(e.registrationId) ?? 0) + 1);
    }
    const { rows } = await this.db.query<{ id: number; status: string }>(
      `SELECT id, status FROM registrations.registrations WHERE activity_id = ANY($1::int[])`,
      [this.activityIds],
    );
    const withdrawn = new Set(rows.filter((r) => r.status === 'withdrawn').map((r) => r.id));
    // In this run a sign-up is withdrawn only by a lapsed offer.
    const movedOnNotOnce =
      [...withdrawn].filter((id) => expiredByReg.get(id) !== 1).length +
      [...expiredByReg.keys()].filter((id) => !withdrawn.has(id)).length;

    const copies = new Map<string, number>();
    for (const m of opts.received) copies.set(m.messageId, (copies.get(m.messageId) ?? 0) + 1);
    const expiredIds = expired.map((e) => messageId(e.id, 'offer-expired'));
    const duplicated = expiredIds.filter((id) => (copies.get(id) ?? 0) > 1);

    // How late each lapsed offer moved on: its withdrawal against the end its offer named.
    const late: Array<{ due: number; lateS: number }> = [];
    for (const e of expired) {
      const offer = events
        .filter(
          (o) =>
            o.registrationId === e.registrationId &&
            o.type === EVENT_TYPES.registrationOffered &&
            o.seq < e.seq,
        )
        .at(-1);
      if (offer?.offerExpiresAt) {
        late.push({ due: offer.offerExpiresAt, lateS: (e.at - offer.offerExpiresAt) / 1000 });
      }
    }
    const lateS = late.map((l) => l.lateS);
    return {
      activities: this.activityIds.length,
      capacity: this.opts.capacity,
      offerS: this.opts.offerHours * 3600,
      sweepMs: this.opts.sweepMs,
      signups: { created: this.created.length, answers: this.signupAnswers.counts },
      reverts: this.revertAnswers.counts,
      approvals: this.approveAnswers.counts,
      offersMade: events.filter((e) => e.type === EVENT_TYPES.registrationOffered).length,
      expired: expired.length,
      lateness: lateS.length ? { p50: percentile(lateS, 50), max: Math.max(...lateS) } : undefined,
      dueDuringKills: opts.kills.map((k) => {
        const due = late.filter((l) => l.due >= k.from && l.due <= k.to);
        return {
          target: k.target,
          due: due.length,
          maxLateS: due.length ? Math.max(...due.map((l) => l.lateS)) : undefined,
        };
      }),
      stuckOffers: this.stuckOffers,
      movedOnNotOnce,
      expiredEmails: {
        checked: opts.offerExpiredChecked,
        missing: expiredIds.filter((id) => !copies.has(id)).length,
        duplicated: duplicated.length,
        duplicatedAtNotifyCrash: duplicated.filter(opts.atNotifyCrash).length,
      },
      overCapacity: this.overCapacity.size,
      samples: this.samples,
      freeWhileWaitingSamples: this.freeWhileWaiting,
      waitingAtSettle: this.waitingAtSettle,
      countMismatches: opts.countMismatches,
    };
  }
}
