import { EVENT_TYPES, type RegistrationEvent } from '@nsa/contracts';
import type { ParentEmailKind } from './templates.js';

/**
 * Which email a registration event sends the parent, if any (R-EMAIL-KINDS, R-EMAIL-CHOICE,
 * R-EMAIL-WAITLIST): only an event that asks for one (`sendEmail`) and carries what it needs
 * (`notification`). A sign-up received or put on the waiting list, a place offered, an approval
 * or rejection, an offer that lapsed, and a withdrawal by the parent or a declined offer each
 * have their own; an erasure sends none.
 */
export function parentEmailKind(type: string, e: RegistrationEvent): ParentEmailKind | undefined {
  if (!e.sendEmail || !e.notification) return undefined;
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
    // A published draw's loser (R-DRAW-PUBLISH): the same email as joining the waiting list.
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
