import { z } from 'zod';
import type { Localized } from './lang.js';
import { API_TEXTS, localizedTexts, textGroup } from './texts/index.js';

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
  'SIGNUP_NOT_OPEN',
  'SIGNUP_CLOSED',
  'DRAW_FROZEN',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'TOTP_REQUIRED',
  'CSRF_REJECTED',
  'PAYLOAD_TOO_LARGE',
  /** R-ORG-HOST: the request's organisation is suspended. */
  'ORGANISATION_SUSPENDED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The default message of each code, used when a handler gives none of its own (texts/). */
export const ERROR_MESSAGES: Record<ErrorCode, Localized> = localizedTexts(
  textGroup(API_TEXTS, 'errors'),
);

/** Messages more than one service answers with (texts/). */
export const SHARED_MESSAGES = localizedTexts(textGroup(API_TEXTS, 'shared'));

/** The JSON body of every error answer (R-API-ERROR-BODY), as the API's description has it. */
export const errorBodySchema = z
  .object({
    message: z.string().meta({
      description: 'In the language of Accept-Language (nl, the default, en, tr, ar, pl or uk).',
    }),
    code: z.enum(ERROR_CODES),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Per field, the message of a validation error.' }),
    /** R-WAITLIST-JOIN: on ACTIVITY_FULL of a sign-up, the waiting list is open to it. */
    waitlist: z
      .literal(true)
      .optional()
      .meta({ description: 'On ACTIVITY_FULL of a sign-up: the waiting list is open to it.' }),
    success: z.literal(false).optional().meta({ description: 'Only on POST /api/registrations.' }),
    error: z.string().optional().meta({ description: 'Only on POST /api/registrations: message.' }),
  })
  .meta({ id: 'ErrorBody', description: 'The body of every error answer.' });
export type ErrorBody = z.output<typeof errorBodySchema>;

export const MALFORMED_JSON: Localized = SHARED_MESSAGES.malformedJson;
