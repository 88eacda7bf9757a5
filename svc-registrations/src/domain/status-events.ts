import type { RegistrationEvent, RegistrationStatus, WithdrawReason } from '@nsa/contracts';
import type { NewEvent } from '@nsa/service-kit';
import { isoWeekYear } from '@nsa/calendar';
import type { ProjectedActivity } from '../data-access/activities.js';
import type { RegistrationRow } from '../data-access/registrations.js';

export interface StatusEventOptions {
  /** Whether the parent gets an email about this change (R-EMAIL-CHOICE, R-EMAIL-WAITLIST). */
  sendEmail: boolean;
  /** The parent's own link, sealed for notify (R-MY-SIGNUP-LINK). */
  sealedLink?: string;
  withdrawReason?: WithdrawReason;
  now?: Date;
}

/**
 * The event of a status change, `before` → `after`; with the email's content when the parent is
 * to get one (everything notify needs, so it never reads this service's data).
 */
export function statusEvent(
  type: string,
  before: { id: number; activityId: number; status: RegistrationStatus | null },
  after: RegistrationRow & { rejectionReason: string | null },
  activity: ProjectedActivity,
  opts: StatusEventOptions,
): NewEvent<RegistrationEvent> {
  return {
    type,
    data: {
      registrationId: before.id,
      activityId: before.activityId,
      status: after.status,
      previousStatus: before.status,
      sendEmail: opts.sendEmail,
      language: after.language,
      ...(opts.withdrawReason ? { withdrawReason: opts.withdrawReason } : {}),
      ...(opts.sendEmail
        ? {
            notification: {
              to: after.email,
              parentName: after.parentName,
              childName: `${after.childFirstName} ${after.childLastName}`,
              activityTitle: activity.title,
              schoolName: activity.schoolName,
              providerName: activity.providerName,
              blockName: activity.blockName,
              weekday: activity.weekday,
              startTime: activity.startTime,
              weekStart: activity.weekStart,
              weekEnd: activity.weekEnd,
              reason: after.status === 'rejected' ? after.rejectionReason : null,
              year: activity.blockYear ?? isoWeekYear(opts.now ?? new Date()),
              ...(opts.sealedLink ? { sealedLink: opts.sealedLink } : {}),
              waitlistPosition: after.waitlistPosition,
              offerExpiresAt: after.offerExpiresAt
                ? new Date(after.offerExpiresAt).toISOString()
                : null,
            },
          }
        : {}),
    },
  };
}
