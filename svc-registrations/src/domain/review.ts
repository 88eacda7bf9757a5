import { EVENT_TYPES, type RegistrationEvent, type RegistrationStatus } from '@nsa/contracts';
import {
  AppError,
  Batcher,
  type NewEvent,
  type ServiceContext,
  type SessionUser,
  type Transaction,
} from '@nsa/service-kit';
import { findActivities, findActivity, type ProjectedActivity } from '../data-access/activities.js';
import { listForAdmin, type AdminListFilter } from '../data-access/admin-list.js';
import {
  RegistrationRepository,
  type AdminRef,
  type RegistrationRow,
} from '../data-access/registrations.js';
import { ACTIVITY_FULL_REASON, MSG } from './messages.js';

type Action = 'approve' | 'reject' | 'revert';

/** R-REVIEW-TRANSITIONS: approve and reject from new; revert from approved or rejected. */
export function assertTransition(action: Action, from: RegistrationStatus): void {
  const allowed = action === 'revert' ? from === 'approved' || from === 'rejected' : from === 'new';
  if (!allowed) throw AppError.conflict(MSG.transition);
}

const adminRef = (u: SessionUser): AdminRef => ({ id: u.uid, name: u.name, email: u.email });

interface ChangeResult {
  type: string;
  status: RegistrationStatus;
  reason: string | null;
}

interface ApprovalRequest {
  id: number;
  admin: SessionUser;
  sendEmail: boolean;
  requestId?: string;
}

interface Decided {
  item: ApprovalRequest;
  reg: RegistrationRow;
  activity: ProjectedActivity;
  result: ChangeResult;
}

/** The event of a status change; with the email's content when the admin chose to send one. */
export function statusEvent(
  reg: RegistrationRow,
  activity: ProjectedActivity,
  result: ChangeResult,
  sendEmail: boolean,
  requestId?: string,
): NewEvent<RegistrationEvent> {
  const notify = sendEmail && (result.status === 'approved' || result.status === 'rejected');
  return {
    type: result.type,
    data: {
      registrationId: reg.id,
      activityId: reg.activityId,
      status: result.status,
      previousStatus: reg.status,
      sendEmail: notify,
      language: reg.language,
      ...(notify
        ? {
            notification: {
              to: reg.email,
              parentName: reg.parentName,
              childName: `${reg.childFirstName} ${reg.childLastName}`,
              activityTitle: activity.title,
              schoolName: activity.schoolName,
              providerName: activity.providerName,
              blockName: activity.blockName,
              weekday: activity.weekday,
              startTime: activity.startTime,
              weekStart: activity.weekStart,
              weekEnd: activity.weekEnd,
              reason: result.reason,
            },
          }
        : {}),
    },
    requestId,
  };
}

export class Review {
  private readonly repo: RegistrationRepository;
  private readonly approvals: Batcher<ApprovalRequest, RegistrationRow>;

  constructor(private readonly ctx: ServiceContext) {
    this.repo = new RegistrationRepository(ctx.sequelize);
    this.approvals = new Batcher((items) => this.approveBatch(items));
  }

  /**
   * Approval within capacity. Approvals are written in batches (group commit): the sign-ups
   * of a batch are locked, then their activities, and the approved counts read under those
   * locks, so approvals of one activity never run side by side and approved never passes
   * capacity; one that would pass it rejects the sign-up ('activity full'). A burst of
   * approvals on one activity then costs a few commits, not one per approval.
   */
  /** The admin's list: filtered, newest first, one page (a projection may serve lists). */
  list(filter: AdminListFilter) {
    return listForAdmin(this.ctx.sequelize, filter);
  }

  /** How many sign-ups an activity has, right now (svc-catalog asks before deleting it). */
  signupsOf(activityId: number): Promise<number> {
    return this.repo.countForActivity(activityId);
  }

  /** svc-notify reported that a sign-up's email reached the SMTP server. */
  emailSent(tx: Transaction, registrationId: number): Promise<void> {
    return this.repo.markEmailSent(tx, registrationId);
  }

  approveWithinCapacity(
    id: number,
    admin: SessionUser,
    sendEmail: boolean,
    requestId?: string,
  ): Promise<RegistrationRow> {
    return this.approvals.submit({ id, admin, sendEmail, requestId });
  }

  private async approveBatch(items: ApprovalRequest[]): Promise<Array<RegistrationRow | Error>> {
    return this.ctx.sequelize.transaction(async (tx) => {
      // Lock order everywhere: sign-ups (by id), then their activities (by id).
      const regs = new Map(
        (await this.repo.byIds([...new Set(items.map((i) => i.id))], tx, true)).map((r) => [
          r.id,
          r,
        ]),
      );
      const activityIds = [...new Set([...regs.values()].map((r) => r.activityId))];
      const activities = new Map(
        (await findActivities(this.ctx.sequelize, activityIds, tx, true)).map((a) => [a.id, a]),
      );
      const approved = await this.repo.approvedCounts(tx, activityIds);
      // The status each sign-up has as the batch goes, for a sign-up twice in one batch.
      const status = new Map([...regs.values()].map((r) => [r.id, r.status]));
      const outcomes: Array<Error | Decided> = items.map((item) => {
        const reg = regs.get(item.id);
        if (!reg) return AppError.notFound(MSG.registrationNotFound);
        try {
          assertTransition('approve', status.get(reg.id)!);
        } catch (err) {
          return err as Error;
        }
        const activity = activities.get(reg.activityId)!;
        const count = approved.get(activity.id) ?? 0;
        const full = count >= activity.capacity;
        if (!full) approved.set(activity.id, count + 1);
        const result: ChangeResult = full
          ? {
              type: EVENT_TYPES.registrationRejected,
              status: 'rejected',
              reason: ACTIVITY_FULL_REASON,
            }
          : { type: EVENT_TYPES.registrationApproved, status: 'approved', reason: null };
        status.set(reg.id, result.status);
        return { item, reg, activity, result };
      });
      const decided = outcomes.filter((o): o is Decided => !(o instanceof Error));
      const rows = await this.repo.setStatuses(
        tx,
        decided.map((d) => ({
          id: d.reg.id,
          status: d.result.status as 'approved' | 'rejected',
          admin: adminRef(d.item.admin),
          reason: d.result.reason,
        })),
      );
      await this.ctx.outbox.addMany(
        tx,
        decided.map((d) =>
          statusEvent(d.reg, d.activity, d.result, d.item.sendEmail, d.item.requestId),
        ),
      );
      return outcomes.map((o) => (o instanceof Error ? o : rows.get(o.reg.id)!));
    });
  }

  reject(
    id: number,
    admin: SessionUser,
    reason: string | null,
    sendEmail: boolean,
    requestId?: string,
  ): Promise<RegistrationRow> {
    return this.change(
      id,
      'reject',
      async (tx) => {
        const row = await this.repo.setStatus(tx, id, {
          status: 'rejected',
          admin: adminRef(admin),
          reason,
        });
        return { type: EVENT_TYPES.registrationRejected, status: 'rejected', reason, row };
      },
      sendEmail,
      requestId,
    );
  }

  revert(id: number, requestId?: string): Promise<RegistrationRow> {
    return this.change(
      id,
      'revert',
      async (tx) => {
        const row = await this.repo.setStatus(tx, id, { status: 'new' });
        return { type: EVENT_TYPES.registrationReverted, status: 'new', reason: null, row };
      },
      false,
      requestId,
    );
  }

  private change(
    id: number,
    action: Action,
    apply: (
      tx: Transaction,
      reg: RegistrationRow,
      activity: ProjectedActivity,
    ) => Promise<ChangeResult & { /** The sign-up as the change left it. */ row: RegistrationRow }>,
    sendEmail: boolean,
    requestId?: string,
  ): Promise<RegistrationRow> {
    return this.ctx.sequelize.transaction(async (tx) => {
      // Lock order everywhere: the sign-up, then its activity.
      const reg = await this.repo.byId(id, tx, true);
      if (!reg) throw AppError.notFound(MSG.registrationNotFound);
      assertTransition(action, reg.status);
      const activity = (await findActivity(this.ctx.sequelize, reg.activityId, tx, true))!;
      const result = await apply(tx, reg, activity);
      await this.ctx.outbox.add(tx, statusEvent(reg, activity, result, sendEmail, requestId));
      return result.row;
    });
  }
}
