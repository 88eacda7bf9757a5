import {
  activityCore,
  EVENT_TYPES,
  type ActivityEvent,
  type Lang,
  type RegistrationEvent,
} from '@nsa/contracts';
import {
  ORGANISATIONS_AT_WORK,
  repeatEvery,
  type EveryOrganisation,
  type Logger,
  type NewEvent,
  type Outbox,
  type Transaction,
  type Transactor,
} from '@nsa/service-kit';
import type { ActivityRepository, ProjectedActivity } from '../data-access/activities.js';
import type { RegistrationRepository, RegistrationRow } from '../data-access/registrations.js';
import type { ParentLinks } from './links.js';
import { statusEvent } from './status-events.js';

/** Lapsed offers handled per sweep round; the next round takes the rest at once. */
const SWEEP_BATCH = 200;

export interface WaitlistDeps {
  db: Transactor;
  registrations: RegistrationRepository;
  activities: ActivityRepository;
  outbox: Outbox;
  links: ParentLinks;
  logger: Logger;
  offerHours: number;
  sweepMs: number;
  clock?: () => Date;
  /**
   * The activities as svc-catalog has them now, one entry per id (null: unknown to it); without
   * it, or while catalog does not answer, the projection's.
   */
  owner?: (activityIds: number[]) => Promise<Array<ActivityEvent | null>>;
}

/** A locked activity with what its owner answered now: capacity, names, schedule, window. */
export function asOwnerHasIt(p: ProjectedActivity, a: ActivityEvent): ProjectedActivity {
  return {
    ...p,
    ...activityCore(a),
    id: p.id,
    schoolName: a.school.name,
    blockName: a.block.name,
    weekStart: a.block.weekStart,
    weekEnd: a.block.weekEnd,
    blockYear: a.block.year ?? p.blockYear,
    providerName: a.provider.name,
    blockSignupOpensAt: a.block.signupOpensAt ? new Date(a.block.signupOpensAt) : null,
    blockSignupClosesAt: a.block.signupClosesAt ? new Date(a.block.signupClosesAt) : null,
    blockAllocation: a.block.allocation,
  };
}

/**
 * The waiting list (R-WAITLIST-*). Its one invariant, R-WAITLIST-CAPACITY: approved plus
 * offered never exceeds capacity, and a free place never stays free while someone waits.
 * Every change of approved or offered takes the activity's row lock first (lock order
 * everywhere: activities, then sign-ups, each by id), and whoever frees a place fills it
 * before committing, with `fill`.
 */
export class Waitlist {
  private readonly clock: () => Date;

  constructor(private readonly deps: WaitlistDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  now(): Date {
    return this.clock();
  }

  /**
   * Locks activities in id order (the lock every change of approved or offered holds), each as
   * its owner has it now (`fresh`).
   */
  async lock(tx: Transaction, activityIds: number[]): Promise<ProjectedActivity[]> {
    return this.fresh(await this.deps.activities.byIds([...new Set(activityIds)], tx, true));
  }

  /**
   * Locks the activities of these sign-ups, as `lock` does, in one statement: a sign-up never
   * changes activity, so its activity need not be read first.
   */
  async lockOf(tx: Transaction, registrationIds: number[]): Promise<ProjectedActivity[]> {
    return this.fresh(await this.deps.activities.ofRegistrations(registrationIds, tx, true));
  }

  /**
   * R-FRESH-LISTS: the capacity an approval or an offer is judged on is svc-catalog's now, so
   * a capacity lowered a moment ago holds for the next approval, withdrawal or revert (the
   * projection's row may be some milliseconds behind). Asked once the rows are locked, so no
   * change that catalog answered before this one started is missing. Should catalog not answer
   * in time, the projection's stands (logged): an approval is an admin's own review, not an
   * access grant, and is not refused for it.
   */
  private async fresh(activities: ProjectedActivity[]): Promise<ProjectedActivity[]> {
    if (!this.deps.owner || activities.length === 0) return activities;
    try {
      const answers = await this.deps.owner(activities.map((a) => a.id));
      return activities.map((a, i) => (answers[i] ? asOwnerHasIt(a, answers[i]) : a));
    } catch (err) {
      this.deps.logger.warn(
        { err: (err as Error).message },
        'waitlist: capacity from the projection, catalog did not answer',
      );
      return activities;
    }
  }

  /**
   * R-WAITLIST-OFFER: every free place of these (locked) activities goes to the first in line,
   * as an offer until now + WAITLIST_OFFER_HOURS, with an email carrying the parent's link.
   */
  async fill(tx: Transaction, activities: ProjectedActivity[]): Promise<RegistrationRow[]> {
    const live = activities.filter((a) => !a.deleted);
    if (live.length === 0) return [];
    const taken = await this.deps.registrations.takenCounts(
      tx,
      live.map((a) => a.id),
    );
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.deps.offerHours * 3_600_000);
    const offered: RegistrationRow[] = [];
    const events: NewEvent<RegistrationEvent>[] = [];
    for (const a of live) {
      const rows = await this.deps.registrations.offerNext(
        tx,
        a.id,
        a.capacity - (taken.get(a.id) ?? 0),
        expiresAt,
      );
      const links = await this.mintLinks(tx, rows);
      for (const row of rows) {
        offered.push(row);
        events.push(
          statusEvent(EVENT_TYPES.registrationOffered, { ...row, status: 'waitlisted' }, row, a, {
            sendEmail: true,
            sealedLink: links.get(row.id),
            now,
          }),
        );
      }
    }
    await this.deps.outbox.addMany(tx, events);
    return offered;
  }

  /** A fresh parent's link per sign-up, stored as hashes (R-MY-SIGNUP-LINK). */
  async mintLinks(
    tx: Transaction,
    rows: Array<{ id: number; language: Lang }>,
  ): Promise<Map<number, string>> {
    const minted = await Promise.all(
      rows.map(async (r) => ({ id: r.id, ...(await this.deps.links.mint(r.language)) })),
    );
    await this.deps.registrations.addTokenHashes(
      tx,
      minted.map((m) => ({ registrationId: m.id, tokenHash: m.tokenHash })),
    );
    return new Map(minted.map((m) => [m.id, m.sealedLink]));
  }

  /**
   * R-WAITLIST-EXPIRY: every offer lapsed at `now` is withdrawn (the parent is told) and its
   * place offered to the next in line, one activity per transaction. The state lives in the
   * database, so a restart loses nothing; two replicas sweeping at once meet at the activity's
   * lock, and the second finds the offer already moved on. Answers how many offers lapsed.
   */
  async expireLapsed(now: Date = this.now()): Promise<number> {
    let total = 0;
    for (;;) {
      const lapsed = await this.deps.registrations.lapsedOffers(now, SWEEP_BATCH);
      const byActivity = new Map<number, number[]>();
      for (const l of lapsed)
        byActivity.set(l.activityId, [...(byActivity.get(l.activityId) ?? []), l.id]);
      for (const [activityId, ids] of byActivity) {
        total += await this.deps.db.transaction(async (tx) => {
          const [activity] = await this.lock(tx, [activityId]);
          const regs = await this.deps.registrations.byIds(ids, tx, true);
          const due = regs.filter(
            (r) => r.status === 'offered' && r.offerExpiresAt !== null && r.offerExpiresAt <= now,
          );
          if (!activity || due.length === 0) return 0;
          const links = await this.mintLinks(tx, due);
          const events: NewEvent<RegistrationEvent>[] = [];
          for (const reg of due) {
            const row = await this.deps.registrations.setStatus(tx, reg.id, {
              status: 'withdrawn',
            });
            events.push(
              statusEvent(EVENT_TYPES.registrationWithdrawn, reg, row, activity, {
                sendEmail: true,
                sealedLink: links.get(reg.id),
                withdrawReason: 'expired',
                now,
              }),
            );
          }
          await this.deps.outbox.addMany(tx, events);
          await this.fill(tx, [activity]);
          return due.length;
        });
      }
      this.deps.outbox.kick();
      if (lapsed.length < SWEEP_BATCH) return total;
    }
  }

  /**
   * Sweeps on start and every WAITLIST_SWEEP_MS, every active organisation in turn (R-ORG-JOBS);
   * a failed round (database away) is retried.
   */
  start(organisations: Pick<EveryOrganisation, 'run'>): { stop(): Promise<void> } {
    return repeatEvery(
      () =>
        organisations.run(ORGANISATIONS_AT_WORK, async (organisationId) => {
          const n = await this.expireLapsed();
          if (n > 0) {
            this.deps.logger.info(
              { lapsed: n, organisationId },
              'waiting list: lapsed offers moved on',
            );
          }
        }),
      this.deps.sweepMs,
      (err) =>
        this.deps.logger.warn({ err: err.message }, 'waiting list: sweep failed; will retry'),
    );
  }
}
