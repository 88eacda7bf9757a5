import type { MySignup, RegistrationStatus } from '@nsa/contracts';
import { fileSafeName } from '@nsa/web-kit/download';
import { isApiError } from '@nsa/web-kit';
import { dayText, timeText } from './dates';

/**
 * The same value as MANAGE_TOKEN_HEADER in @nsa/contracts (a test keeps them equal). Not
 * imported, for the reason SCHOOL_TOKEN in api/school.ts gives: the contracts' index would
 * bring zod along.
 */
export const MANAGE_TOKEN_HEADER = 'X-Manage-Token';

// What a token in a link can be: URL-safe characters only (anything else cannot have come
// from our email), and a sane length. A header value must be plain ASCII anyway.
const TOKEN = /^[A-Za-z0-9._~-]{8,512}$/;

/**
 * R-MY-SIGNUP-LINK: the parent's token is the link's fragment (`/my-signup#{token}`), which
 * browsers never send to a server nor put in a Referer. Null when there is none or it cannot
 * be a token: the page then says the link is not valid without asking the server.
 */
export function tokenFromHash(hash: string): string | null {
  const token = hash.startsWith('#') ? hash.slice(1) : hash;
  return TOKEN.test(token) ? token : null;
}

/** What a sign-up in this status offers its parent (R-MY-SIGNUP-VIEW). */
export interface SignupActions {
  /** Accept or decline the offered place (R-WAITLIST-OFFER). */
  respondToOffer: boolean;
  /** Cancel the sign-up (R-WAITLIST-WITHDRAW). Offered ones do that by declining. */
  withdraw: boolean;
  /** The activity's dates as an .ics file: a confirmed place only. */
  calendar: boolean;
  /** R-ERASE: always possible while the link works. */
  erase: true;
}

export function actionsFor(status: RegistrationStatus): SignupActions {
  return {
    respondToOffer: status === 'offered',
    withdraw: status === 'new' || status === 'waitlisted' || status === 'approved',
    calendar: status === 'approved',
    erase: true,
  };
}

/** Whether the sign-up still holds or waits for a place (erasing it also cancels it). */
export const isActive = (status: RegistrationStatus) =>
  status === 'new' || status === 'waitlisted' || status === 'offered' || status === 'approved';

export const childName = (signup: MySignup) =>
  `${signup.registration.childFirstName} ${signup.registration.childLastName}`.trim();

/**
 * An instant as the parent reads it, on the browser's clock (R-LANG-DATES):
 * `{day: 'donderdag 12 juni', time: '15:30'}`. Null for a value that is no date.
 */
export function dayAndTime(language: string, iso: string): { day: string; time: string } | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return { day: dayText(language, date, { style: 'long' }), time: timeText(date) };
}

/** How a failed call of the page is answered. */
export type MySignupFailure =
  /** 403 (or 401): the link is wrong, or its sign-up was erased. */
  | { kind: 'invalid-link' }
  /** 409: the offer expired (OFFER_EXPIRED) or the status changed meanwhile; the view is stale. */
  | { kind: 'stale'; message: string | null }
  | { kind: 'other'; message: string | null };

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

export function classifyMySignupError(error: unknown): MySignupFailure {
  if (!isApiError(error)) return { kind: 'other', message: null };
  // 403 is the answer for a wrong or erased token; 401 would be one without a usable token.
  if (error.status === 403 || error.status === 401) return { kind: 'invalid-link' };
  const body =
    typeof error.body === 'object' && error.body !== null
      ? (error.body as Record<string, unknown>)
      : null;
  const message = text(body?.message) ?? text(body?.error);
  if (error.status === 409) return { kind: 'stale', message };
  return { kind: 'other', message };
}

/** R-FILE-NAMES: the activity's calendar file, e.g. `judo-voor-beginners.ics`. */
export function calendarFileName(activityTitle: string): string {
  return `${fileSafeName(activityTitle, 'activiteit')}.ics`;
}
