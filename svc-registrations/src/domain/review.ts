import { EVENT_TYPES, type RegistrationEvent, type RegistrationStatus } from '@nsa/contracts';
import {
  AppError,
  type ServiceContext,
  type SessionUser,
  type Transaction,
} from '@nsa/service-kit';
import { findActivity, type ProjectedActivity } from '../data-access/activities.js';
import {
  RegistrationRepository,
  type AdminRef,
  type RegistrationRow,
} from '../data-access/registrations.js';
import { ACTIVITY_FULL_REASON, MSG } from './messages.js';

type Action = 'approve' | 'reject' | 'revert';

/** Spec §4: approve and reject from new; revert from approved or rejected. */
export function assertTransition(action: Action, from: RegistrationStatus): void {
  const allowed = action === 'revert' ? from === 'approved' || from === 'rejected' : from === 'new';
  if (!allowed) throw AppError.conflict(MSG.transition);
}

const adminRef = (u: SessionUser): AdminRef => ({ id: u.uid, name: u.name, email: u.email });

export class Review {
  private readonly repo: RegistrationRepository;

  constructor(private readonly ctx: ServiceContext) {
    this.repo = new RegistrationRepository(ctx.sequelize);
  }

  /**
   * Approval within capacity: the activity's row is locked while counting,
   * so approvals of one activity run one at a time and approved never passes
   * capacity. One that would pass it rejects the sign-up ('activity full').
   */
  approveWithinCapacity(
    id: number,
    admin: SessionUser,
    sendEmail: boolean,
    requestId?: string,
  ): Promise<RegistrationRow> {
    return this.change(
      id,
      'approve',
      async (tx, reg, activity) => {
        const full = (await this.repo.approvedCount(tx, activity.id)) >= activity.capacity;
        if (full) {
          const row = await this.repo.setStatus(tx, id, {
            status: 'rejected',
            admin: adminRef(admin),
            reason: ACTIVITY_FULL_REASON,
          });
          return {
            type: EVENT_TYPES.registrationRejected,
            status: 'rejected',
            reason: ACTIVITY_FULL_REASON,
            row,
          };
        }
        const row = await this.repo.setStatus(tx, id, {
          status: 'approved',
          admin: adminRef(admin),
        });
        return { type: EVENT_TYPES.registrationApproved, status: 'approved', reason: null, row };
      },
      sendEmail,
      requestId,
    );
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
    ) => Promise<{
      type: string;
      status: RegistrationStatus;
      reason: string | null;
      /** The sign-up as the change left it. */
      row: RegistrationRow;
    }>,
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
      const notify = sendEmail && (result.status === 'approved' || result.status === 'rejected');
      await this.ctx.outbox.add<RegistrationEvent>(tx, {
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
      });
      return result.row;
    });
  }
}
