import { EVENT_TYPES, type EmailKind } from './events.js';

/** The emails a parent gets (R-EMAIL-KINDS, R-EMAIL-WAITLIST). */
export type ParentEmailKind = Exclude<EmailKind, 'admin-welcome' | 'password-reset'>;

/**
 * Which email a registration event sends the parent, if any (R-EMAIL-KINDS, R-EMAIL-CHOICE,
 * R-EMAIL-WAITLIST): only an event that asks for one (`sendEmail`) and carries what it needs
 * (`hasNotification`). A sign-up received or put on the waiting list (by joining it or by a
 * draw), a place offered, an approval or rejection, an offer that lapsed, and a withdrawal by
 * the parent or a declined offer each have their own; a revert and an erasure send none.
 * svc-notify sends by it; the chaos tool expects by it.
 */
export function parentEmailKind(
  type: string,
  e: {
    sendEmail: boolean;
    hasNotification: boolean;
    status: string | null;
    withdrawReason?: string | null;
  },
): ParentEmailKind | undefined {
  if (!e.sendEmail || !e.hasNotification) return undefined;
  switch (type) {
    case EVENT_TYPES.registrationCreated:
      if (e.status === 'new') return 'signup-received';
      if (e.status === 'waitlisted') return 'waitlist-joined';
      return undefined;
    case EVENT_TYPES.registrationApproved:
      return 'registration-approved';
    case EVENT_TYPES.registrationRejected:
      return 'registration-rejected';
    case EVENT_TYPES.registrationOffered:
      return 'offer-made';
    case EVENT_TYPES.registrationWaitlisted:
      return 'waitlist-joined';
    case EVENT_TYPES.registrationWithdrawn:
      if (e.withdrawReason === 'expired') return 'offer-expired';
      if (e.withdrawReason === 'parent' || e.withdrawReason === 'declined') {
        return 'signup-withdrawn';
      }
      return undefined;
    default:
      return undefined;
  }
}
