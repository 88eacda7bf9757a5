import type { Localized } from './lang.js';

/** Stable error codes of the API (R-API-ERROR-BODY). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'ACTIVITY_FULL',
  'ACTIVITY_LOCKED',
  'CHILD_OVERLAP',
  'OFFER_EXPIRED',
  'RATE_LIMITED',
  'CSRF_REJECTED',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The default message of each code, used when a handler gives none of its own. */
export const ERROR_MESSAGES: Record<ErrorCode, Localized> = {
  VALIDATION_FAILED: { nl: 'De invoer is ongeldig.', en: 'The input is invalid.' },
  BAD_REQUEST: { nl: 'Het verzoek is ongeldig.', en: 'The request is invalid.' },
  NOT_FOUND: { nl: 'Niet gevonden', en: 'Not found' },
  UNAUTHENTICATED: { nl: 'U bent niet ingelogd.', en: 'You are not logged in.' },
  FORBIDDEN: { nl: 'Geen toegang.', en: 'Access denied.' },
  CONFLICT: {
    nl: 'Dit conflicteert met bestaande gegevens.',
    en: 'This conflicts with existing data.',
  },
  ACTIVITY_FULL: { nl: 'Deze activiteit is vol.', en: 'This activity is full.' },
  ACTIVITY_LOCKED: {
    nl: 'Aanmelden is niet meer mogelijk.',
    en: 'Sign-up is no longer possible.',
  },
  CHILD_OVERLAP: {
    nl: 'Dit kind is al aangemeld voor een activiteit op hetzelfde tijdstip.',
    en: 'This child is already signed up for an activity at the same time.',
  },
  OFFER_EXPIRED: {
    nl: 'Het aanbod is verlopen.',
    en: 'The offer has expired.',
  },
  RATE_LIMITED: {
    nl: 'Te veel verzoeken. Probeer het later opnieuw.',
    en: 'Too many requests. Please try again later.',
  },
  CSRF_REJECTED: {
    nl: 'Verzoek geweigerd: onbekende herkomst.',
    en: 'Request refused: unknown origin.',
  },
  PAYLOAD_TOO_LARGE: { nl: 'Het verzoek is te groot.', en: 'The request is too large.' },
  SERVICE_UNAVAILABLE: {
    nl: 'De dienst is tijdelijk niet beschikbaar.',
    en: 'The service is temporarily unavailable.',
  },
  INTERNAL: {
    nl: 'Er is een onverwachte fout opgetreden.',
    en: 'An unexpected error occurred.',
  },
};

/** The JSON body of every error answer (R-API-ERROR-BODY). */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
  /** R-WAITLIST-JOIN: on ACTIVITY_FULL of a sign-up, the waiting list is open to it. */
  waitlist?: true;
}

export const MALFORMED_JSON: Localized = {
  nl: 'De gegevens zijn geen geldige JSON.',
  en: 'The body is not valid JSON.',
};
