import { isApiError } from '@nsa/web-kit';

/**
 * R-SIGNUP-FORM-ERRORS, in the order it lists the cases:
 * - a response with `success: false`: its `error` text, else 'Registration failed';
 * - an error carrying a response `error` field: that text;
 * - 'Failed to fetch', 'NetworkError', and body 'disturbed'/'locked' errors: the network text;
 * - otherwise the error's message, and when that is empty a generic try-again text.
 */
export type RegistrationFailure =
  | { kind: 'rejected'; message: string | null; fields: Record<string, string> }
  | { kind: 'network' }
  | { kind: 'other'; message: string | null };

const NETWORK_PATTERNS = ['Failed to fetch', 'NetworkError', 'disturbed', 'locked'];

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function fieldMessages(value: unknown): Record<string, string> {
  const fields = record(value);
  if (!fields) return {};
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) {
    const m = text(message);
    if (m) out[name] = m;
  }
  return out;
}

export function classifyRegistrationError(error: unknown): RegistrationFailure {
  const body = record(isApiError(error) ? error.body : error);
  if (body && body.success === false) {
    return { kind: 'rejected', message: text(body.error), fields: fieldMessages(body.fields) };
  }
  if (body && text(body.error)) return { kind: 'other', message: text(body.error) };
  // An ApiError's message is the server's (or its status text): never a network failure.
  if (isApiError(error)) return { kind: 'other', message: text(error.message) };
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (NETWORK_PATTERNS.some((pattern) => message.includes(pattern))) return { kind: 'network' };
  return { kind: 'other', message: text(message) };
}

type Translate = (key: string) => string;

// Server messages may come without a full stop; the hint follows as its own sentence.
const sentence = (value: string) =>
  /[.!?]$/.test(value.trim()) ? value.trim() : `${value.trim()}.`;

/** The destructive toast for a failed sign-up (title 'Aanmelding Mislukt', 5 s). */
export function registrationErrorToast(
  failure: RegistrationFailure,
  t: Translate,
): { title: string; description: string } {
  const title = t('registration.failedTitle');
  switch (failure.kind) {
    case 'rejected':
      return {
        title,
        description: `${sentence(failure.message ?? t('registration.failedFallback'))} ${t('registration.failedHint')}`,
      };
    case 'network':
      return { title, description: t('registration.networkError') };
    case 'other':
      return { title, description: failure.message ?? t('registration.genericError') };
  }
}

/**
 * R-WAITLIST-JOIN: a sign-up for an activity that became full answers 409
 * `{code: 'ACTIVITY_FULL', waitlist: true}`; the same data with `waitlist: true` then joins
 * the waiting list.
 */
export function offersWaitlist(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  const body = record(error.body);
  return body?.code === 'ACTIVITY_FULL' && body.waitlist === true;
}

/**
 * R-DRAW-WINDOW: a sign-up refused because its block's window has not opened (409
 * SIGNUP_NOT_OPEN) or has closed (409 SIGNUP_CLOSED): the server's message, else null.
 */
export function windowRefusal(
  error: unknown,
): { code: 'SIGNUP_NOT_OPEN' | 'SIGNUP_CLOSED'; message: string | null } | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = record(error.body);
  const code = body?.code;
  if (code !== 'SIGNUP_NOT_OPEN' && code !== 'SIGNUP_CLOSED') return null;
  return { code, message: text(body?.message) ?? text(body?.error) };
}
