import {
  AUDIT_ACTIONS,
  EVENT_TYPES,
  type ActivityCountsAnswer,
  type ActivityEvent,
  type AuditEntry,
  type BulkResponse,
  type RegistrationStatus,
} from '@nsa/contracts';
import {
  AppError,
  auditEvents,
  Batcher,
  forRequest,
  recordAudit,
  requestContext,
  sessionActor,
  type Logger,
  type Outbox,
  type RequestContext,
  type SessionUser,
  type Transaction,
  type Transactor,
} from '@nsa/service-kit';
import type { ProjectedActivity } from '../data-access/activities.js';
import type {
  AdminListFilter,
  AdminListRepository,
  AdminPage,
  AdminQueue,
  AdminRegistrationView,
} from '../data-access/admin-list.js';
import type { RegistrationRepository, RegistrationRow } from '../data-access/registrations.js';
import { actingAdmin, adminRef } from './acting-admin.js';
import type { Lottery } from './lottery.js';
import { ACTIVITY_FULL_REASON, MSG } from './messages.js';
import { statusEvent } from './status-events.js';
import type { Waitlist } from './waitlist.js';

type Action = 'approve' | 'reject' | 'revert';

/**
 * How long an approval waits at most for the others of its burst that arrived before it was
 * ready (their session checks still on their way) before its batch starts without them.
 */
export const APPROVAL_GATHER_MS = 100;

/**
 * R-REVIEW-TRANSITIONS and R-WAITLIST-REVIEW: approve and reject from new, waitlisted or
 * offered; revert from approved or rejected. A withdrawn sign-up has no admin actions.
 */
export function assertTransition(action: Action, from: RegistrationStatus): void {
  const allowed =
    action === 'revert'
      ? from === 'approved' || from === 'rejected'
      : from === 'new' || from === 'waitlisted' || from === 'offered';
  if (!allowed) throw AppError.conflict(MSG.transition);
}

/** A change that frees a place the waiting list then fills (R-WAITLIST-OFFER). */
export const freesPlace = (from: RegistrationStatus, to: RegistrationStatus): boolean =>
  (from === 'approved' || from === 'offered') && to !== 'approved' && to !== 'offered';

const AUDIT_OF: Record<Action, (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS]> = {
  approve: AUDIT_ACTIONS.registrationApproved,
  reject: AUDIT_ACTIONS.registrationRejected,
  revert: AUDIT_ACTIONS.registrationReverted,
};

interface ApprovalRequest {
  id: number;
  /** The acting admin, from the request's context. */
  admin: SessionUser;
  sendEmail: boolean;
  /** The request that asked for it: its events name that request, not the batch's. */
  context: RequestContext | undefined;
}

interface Decided {
  item: ApprovalRequest;
  reg: RegistrationRow;
  activity: ProjectedActivity;
  status: 'approved' | 'rejected';
  reason: string | null;
}

export interface ReviewDeps {
  db: Transactor;
  outbox: Outbox;
  registrations: RegistrationRepository;
  /** The admin's lists and figures. */
  lists: AdminListRepository;
  waitlist: Waitlist;
  logger?: Logger;
  /** R-DRAW-FREEZE: which activities' sign-ups a frozen draw holds (none without it). */
  lottery?: Pick<Lottery, 'frozenActivities'>;
  /**
   * R-FRESH-LISTS: the activities as svc-catalog has them now, one entry per id (null: unknown
   * to it); without it the lists show the projection's.
   */
  owner?: (activityIds: number[]) => Promise<Array<ActivityEvent | null>>;
}

/** An answer of a list, and whether its activities' data came from the projection (may lag). */
export interface Listed<T> {
  answer: T;
  mayLag: boolean;
}

type ListedActivity = AdminRegistrationView['activity'];

/** Listed sign-ups with their activities as svc-catalog has them now, where it answered. */
function withActivitiesNow<T extends { activity: ListedActivity }>(
  rows: T[],
  now: Map<number, ActivityEvent> | undefined,
): T[] {
  return rows.map((r) => {
    const a = now?.get(r.activity.id);
    return a ? { ...r, activity: asOwnerHasIt(r.activity, a) } : r;
  });
}

/** A listed activity with its names, schedule and capacity as svc-catalog has them now. */
function asOwnerHasIt(l: ListedActivity, a: ActivityEvent): ListedActivity {
  return {
    ...l,
    title: a.title,
    capacity: a.capacity,
    weekday: a.weekday,
    startTime: a.startTime,
    school: { id: a.school.id, name: a.school.name },
    provider: { id: a.provider.id, name: a.provider.name },
    block: {
      id: a.block.id,
      name: a.block.name,
      weekStart: a.block.weekStart,
      weekEnd: a.block.weekEnd,
    },
  };
}

/** R-DRAW-FREEZE: a sign-up of a closed, unpublished lottery block waits for its draw. */
const drawFrozen = () => AppError.conflict(undefined, 'DRAW_FROZEN');

/** The admin's review of sign-ups (R-REVIEW-*), the waiting list's admin side included. */
export class Review {
  private readonly approvals: Batcher<ApprovalRequest, RegistrationRow>;

  constructor(private readonly deps: ReviewDeps) {
    this.approvals = new Batcher((items) => this.approveBatch(items), 500, APPROVAL_GATHER_MS);
  }

  private frozen(tx: Transaction, activities: ProjectedActivity[]): Promise<Set<number>> {
    return this.deps.lottery?.frozenActivities(tx, activities) ?? Promise.resolve(new Set());
  }

  /**
   * An approval request has arrived and is being checked (its session): the next batch of
   * approvals waits for it (at most APPROVAL_GATHER_MS), so a burst is written together. Call
   * the answer once it was submitted or refused.
   */
  expectApproval(): () => void {
    return this.approvals.expect();
  }

  /**
   * The admin's list: filtered, newest first, one page; each sign-up's activity as catalog has
   * it now (R-FRESH-LISTS).
   */
  async list(filter: AdminListFilter): Promise<Listed<AdminPage>> {
    const page = await this.deps.lists.list(filter);
    const now = await this.activitiesNow(page.data.map((r) => r.activity.id));
    return { answer: { ...page, data: withActivitiesNow(page.data, now) }, mayLag: !now };
  }

  /**
   * R-FRESH-LISTS: listed activities as catalog has them now (names, schedule, capacity), one
   * question for a list: a rename or a capacity catalog answered a moment ago is in the next
   * list. Undefined when catalog does not answer in time: the projection's stand.
   */
  private async activitiesNow(ids: number[]): Promise<Map<number, ActivityEvent> | undefined> {
    const unique = [...new Set(ids)];
    if (!this.deps.owner || unique.length === 0) return new Map();
    try {
      const answers = await this.deps.owner(unique);
      return new Map(unique.flatMap((id, i) => (answers[i] ? [[id, answers[i]] as const] : [])));
    } catch (err) {
      this.deps.logger?.warn({ err: (err as Error).message }, 'list shows the projection');
      return undefined;
    }
  }

  /** The dashboard's figures at a glance (R-ADMIN-SUMMARY), one query set. */
  summary() {
    return this.deps.lists.summary();
  }

  /**
   * R-REVIEW-BULK: each id applied exactly as its single call, in the order given, so approvals
   * beyond capacity become rejected ('activity full') just as one approval would. A refused one
   * answers its error code and the rest go on.
   */
  async bulk(
    action: 'approve' | 'reject' | 'revert',
    ids: number[],
    sendEmail: boolean,
    reason: string | null,
  ): Promise<BulkResponse> {
    const results: BulkResponse['results'] = [];
    for (const id of ids) {
      try {
        const row =
          action === 'approve'
            ? await this.approveWithinCapacity(id, sendEmail)
            : action === 'reject'
              ? await this.reject(id, reason, sendEmail)
              : await this.revert(id);
        results.push({ id, status: row.status });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ id, code: err.code });
      }
    }
    return { results };
  }

  /**
   * R-WAITLIST-ADMIN: an activity's queue in order, offers first; 404 for an unknown activity.
   * Its title and capacity as catalog has them now (R-FRESH-LISTS).
   */
  async queue(activityId: number): Promise<Listed<AdminQueue>> {
    const queue = await this.deps.lists.queue(activityId);
    if (!queue) throw AppError.notFound(MSG.activityNotFound);
    const now = await this.activitiesNow([activityId]);
    const a = now?.get(activityId);
    return {
      answer: {
        activity: a ? { ...queue.activity, title: a.title, capacity: a.capacity } : queue.activity,
        data: withActivitiesNow(queue.data, now),
      },
      mayLag: !now,
    };
  }

  /** How many sign-ups an activity has, right now (svc-catalog asks before deleting it). */
  signupsOf(activityId: number): Promise<number> {
    return this.deps.registrations.countForActivity(activityId);
  }

  /**
   * R-FRESH-LISTS: the sign-up counts of activities as they are now, for catalog's lists, one
   * entry per id in order (zeros for an activity without sign-ups).
   */
  async countsOf(activityIds: number[]): Promise<ActivityCountsAnswer[]> {
    const counts = await this.deps.registrations.statusCounts([...new Set(activityIds)]);
    const none = { approved: 0, offered: 0, waitlisted: 0, registrations: 0 };
    return activityIds.map((id) => counts.get(id) ?? none);
  }

  /** svc-notify reported that a sign-up's email reached the SMTP server. */
  emailSent(tx: Transaction, registrationId: number): Promise<void> {
    return this.deps.registrations.markEmailSent(tx, registrationId);
  }

  /**
   * Approval within capacity (R-REVIEW-CAPACITY, R-WAITLIST-CAPACITY). Approvals are written in
   * batches (group commit): the batch's activities are locked, then its sign-ups, and the places
   * taken (approved and offered) read under those locks, so approved plus offered never passes
   * capacity. A new sign-up that would pass it is rejected ('activity full'); a waitlisted one
   * stays in line with 409 ACTIVITY_FULL; an offered one holds its place already. A burst of
   * approvals on one activity then costs a few commits, not one per approval.
   */
  async approveWithinCapacity(id: number, sendEmail: boolean): Promise<RegistrationRow> {
    const context = requestContext.current();
    return this.approvals.submit({ id, admin: actingAdmin(context), sendEmail, context });
  }

  private async approveBatch(items: ApprovalRequest[]): Promise<Array<RegistrationRow | Error>> {
    const { registrations, waitlist } = this.deps;
    const ids = [...new Set(items.map((i) => i.id))];
    return this.deps.db.transaction(async (tx) => {
      // Lock order everywhere: activities (by id), then sign-ups (by id).
      const activities = new Map((await waitlist.lockOf(tx, ids)).map((a) => [a.id, a]));
      const regs = new Map((await registrations.byIds(ids, tx, true)).map((r) => [r.id, r]));
      const taken = await registrations.takenCounts(tx, [...activities.keys()]);
      const frozen = await this.frozen(tx, [...activities.values()]);
      // The status each sign-up has as the batch goes, for a sign-up twice in one batch.
      const status = new Map([...regs.values()].map((r) => [r.id, r.status]));
      const outcomes: Array<Error | Decided> = items.map((item) => {
        const reg = regs.get(item.id);
        if (!reg) return AppError.notFound(MSG.registrationNotFound);
        const from = status.get(reg.id)!;
        try {
          assertTransition('approve', from);
        } catch (err) {
          return err as Error;
        }
        if (frozen.has(reg.activityId)) return drawFrozen();
        const activity = activities.get(reg.activityId)!;
        const count = taken.get(activity.id) ?? 0;
        // An offered sign-up's place is already counted.
        const full = from !== 'offered' && count >= activity.capacity;
        if (full && from === 'waitlisted') return AppError.conflict(MSG.full, 'ACTIVITY_FULL');
        if (!full && from !== 'offered') taken.set(activity.id, count + 1);
        const decided: Decided = full
          ? { item, reg, activity, status: 'rejected', reason: ACTIVITY_FULL_REASON }
          : { item, reg, activity, status: 'approved', reason: null };
        status.set(reg.id, decided.status);
        return decided;
      });
      const decided = outcomes.filter((o): o is Decided => !(o instanceof Error));
      const rows = await registrations.setStatuses(
        tx,
        decided.map((d) => ({
          id: d.reg.id,
          status: d.status,
          admin: adminRef(d.item.admin),
          reason: d.reason,
        })),
      );
      const links = await waitlist.mintLinks(
        tx,
        decided.filter((d) => d.item.sendEmail).map((d) => d.reg),
      );
      // R-AUDIT-ADMIN-CHANGES: each decision by its admin; status only, no names or reason text.
      // The decisions' events and their audit entries go in with one statement, each with the
      // request that asked for its decision.
      await this.deps.outbox.addMany<unknown>(tx, [
        ...decided.map((d) =>
          forRequest(
            d.item.context,
            statusEvent(
              d.status === 'approved'
                ? EVENT_TYPES.registrationApproved
                : EVENT_TYPES.registrationRejected,
              d.reg,
              rows.get(d.reg.id)!,
              d.activity,
              { sendEmail: d.item.sendEmail, sealedLink: links.get(d.reg.id) },
            ),
          ),
        ),
        ...auditEvents(
          'registrations',
          decided.map((d) => ({
            actor: sessionActor(d.item.admin),
            action: d.status === 'approved' ? AUDIT_OF.approve : AUDIT_OF.reject,
            target: { type: 'registration', id: String(d.reg.id) },
            changes: { status: { before: d.reg.status, after: d.status } },
            reason: d.reason === ACTIVITY_FULL_REASON ? 'activity-full' : null,
          })),
        ).map((event, i) => forRequest(decided[i]!.item.context, event)),
      ]);
      return outcomes.map((o) => (o instanceof Error ? o : rows.get(o.reg.id)!));
    });
  }

  /** Rejected by the acting admin (the request's context); audited as theirs. */
  reject(id: number, reason: string | null, sendEmail: boolean): Promise<RegistrationRow> {
    const admin = actingAdmin();
    return this.change(
      id,
      'reject',
      EVENT_TYPES.registrationRejected,
      sessionActor(admin),
      async (tx, reg) => {
        const row = await this.deps.registrations.setStatus(tx, id, {
          status: 'rejected',
          admin: adminRef(admin),
          reason,
        });
        const links = sendEmail ? await this.deps.waitlist.mintLinks(tx, [reg]) : new Map();
        return { row, sendEmail, sealedLink: links.get(id) };
      },
    );
  }

  /** Back to new; audited as the acting admin's (the request's context). */
  revert(id: number): Promise<RegistrationRow> {
    return this.change(
      id,
      'revert',
      EVENT_TYPES.registrationReverted,
      sessionActor(actingAdmin()),
      async (tx) => ({
        row: await this.deps.registrations.setStatus(tx, id, { status: 'new' }),
        sendEmail: false,
      }),
    );
  }

  /**
   * One sign-up's change under its activity's lock, with its event; a place it frees goes to
   * the next in line in the same transaction.
   */
  private async change(
    id: number,
    action: Action,
    type: string,
    actor: AuditEntry['actor'],
    apply: (
      tx: Transaction,
      reg: RegistrationRow,
    ) => Promise<{ row: RegistrationRow; sendEmail: boolean; sealedLink?: string }>,
  ): Promise<RegistrationRow> {
    const { registrations, waitlist } = this.deps;
    const seen = await registrations.byId(id);
    if (!seen) throw AppError.notFound(MSG.registrationNotFound);
    return this.deps.db.transaction(async (tx) => {
      const [activity] = await waitlist.lock(tx, [seen.activityId]);
      const reg = (await registrations.byId(id, tx, true))!;
      assertTransition(action, reg.status);
      if ((await this.frozen(tx, [activity!])).size > 0) throw drawFrozen();
      const { row, sendEmail, sealedLink } = await apply(tx, reg);
      await this.deps.outbox.add(
        tx,
        statusEvent(type, reg, row, activity!, { sendEmail, sealedLink }),
      );
      await recordAudit(tx, this.deps.outbox, 'registrations', {
        actor,
        action: AUDIT_OF[action],
        target: { type: 'registration', id: String(id) },
        changes: { status: { before: reg.status, after: row.status } },
      });
      if (freesPlace(reg.status, row.status)) await waitlist.fill(tx, [activity!]);
      return row;
    });
  }
}
