// What the review screen shows and allows for each status (R-REVIEW-SCREEN, R-WAITLIST-STATUSES,
// R-WAITLIST-REVIEW, R-ERASE, R-REVIEW-CLIENT-FULL). Pure, so it is unit tested; the components
// turn the keys into text.
import type { AdminRegistration, StaffLang, RegistrationStatus } from '@nsa/contracts';
import { isAtCapacity, placesTaken, type PlacesCounts } from '../../shared/lib/capacity';
import { formatDeadline } from '../../shared/lib/format';

export type RegistrationAction = 'approve' | 'reject' | 'revert';

const ACTIONS: Record<RegistrationStatus, readonly RegistrationAction[]> = {
  new: ['approve', 'reject'],
  // R-WAITLIST-REVIEW: approved straight from the waiting list, or an offered place confirmed.
  waitlisted: ['approve', 'reject'],
  offered: ['approve', 'reject'],
  approved: ['revert'],
  rejected: ['revert'],
  // The parent withdrew (or let an offer go): nothing left to review.
  withdrawn: [],
};

/**
 * The review buttons of a sign-up: by its status, none for a status the screen does not know,
 * and none for an erased one (R-ERASE: a rejected one stays rejected, but a nameless sign-up is
 * not put back in review).
 */
export function reviewActions(
  r: Pick<AdminRegistration, 'status' | 'erasedAt'>,
): readonly RegistrationAction[] {
  if (isErased(r)) return [];
  return ACTIONS[r.status] ?? [];
}

/** An i18n key of the admin namespace and its values. */
export interface TextKey {
  key: string;
  values?: Record<string, string | number>;
}

type StatusFields = Pick<AdminRegistration, 'status' | 'waitlistPosition' | 'offerExpiresAt'>;

/**
 * The status badge: 'Wachtlijst #2' with the place in line, 'Aangeboden tot …' with the offer's
 * end, else the plain status name. Without a position or an end date, the plain name.
 */
export function statusBadgeText(r: StatusFields, lang: StaffLang, now: Date = new Date()): TextKey {
  if (r.status === 'waitlisted' && typeof r.waitlistPosition === 'number') {
    return {
      key: 'registrations.statusBadge.waitlisted',
      values: { position: r.waitlistPosition },
    };
  }
  if (r.status === 'offered') {
    const until = formatDeadline(r.offerExpiresAt, lang, now);
    if (until) return { key: 'registrations.statusBadge.offered', values: { until } };
  }
  return { key: `registrations.status.${r.status}` };
}

/** R-ERASE: the sign-up's personal data was removed; the screen shows none of it. */
export function isErased(r: Pick<AdminRegistration, 'erasedAt'>): boolean {
  return r.erasedAt !== null && r.erasedAt !== undefined;
}

/**
 * The child's name, or null when the data was erased (the caller says "data removed"). Tolerates
 * a missing part, as an erased row may carry none.
 */
export function childNameOf(
  r: Pick<AdminRegistration, 'erasedAt' | 'childFirstName' | 'childLastName'>,
): string | null {
  if (isErased(r)) return null;
  return [r.childFirstName, r.childLastName].filter((part) => part).join(' ');
}

interface ActivityPlaces extends PlacesCounts {
  capacity: number;
}

/**
 * R-REVIEW-CLIENT-FULL: approving is refused before any call when approved plus offered reach
 * capacity; never for an offered sign-up, whose place is already held.
 */
export function approvalRefusedAsFull(r: {
  status: RegistrationStatus;
  activity: ActivityPlaces;
}): boolean {
  if (r.status === 'offered') return false;
  return isAtCapacity(placesTaken(r.activity), r.activity.capacity);
}
