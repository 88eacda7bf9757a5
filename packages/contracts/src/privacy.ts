import { z } from 'zod';
import { identityText } from './identity.js';

/**
 * The privacy lifecycle (R-RETENTION-*, R-PRIVACY-*, docs/privacy.md): what travels between the
 * services when personal data is exported or erased, and what the admin API answers.
 */

/** How many months after its block's end a sign-up's personal data is kept by default. */
export const DEFAULT_RETENTION_MONTHS = 12;
/** Provider access and login-failure records are deleted after this many days. */
export const ACCESS_LOG_RETENTION_DAYS = 90;

/**
 * registrations.registrations.erased, version 1: one batch of sign-ups whose personal data is
 * gone in svc-registrations; every service forgets the same sign-ups. Only ids travel.
 */
export const registrationsErasedEventSchema = z.object({
  registrationIds: z.array(z.number().int().positive()).min(1).max(1000),
  /** `retention`: the period ran out; `request`: an admin erased an email on request. */
  reason: z.enum(['retention', 'request']),
});
export type RegistrationsErasedEvent = z.infer<typeof registrationsErasedEventSchema>;

/** Request-reply subjects of the other services' part in export, erasure and retention. */
export const PRIVACY_RPC_SUBJECTS = {
  notify: 'rpc.notify.privacy',
  identity: 'rpc.identity.privacy',
} as const;

export const privacyRequestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('export'), email: z.string().min(1).max(320) }),
  z.object({
    op: z.literal('erase'),
    email: z.string().min(1).max(320),
    /** The sign-ups erased for this email in svc-registrations, forgotten at once. */
    registrationIds: z.array(z.number().int().positive()).max(10_000).default([]),
  }),
  /** Run the service's own retention now and answer its counts. */
  z.object({ op: z.literal('retention') }),
]);
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** One stored record that holds the email: where it is, and its fields. */
export const privacyRecordSchema = z.object({
  table: z.string(),
  fields: z.record(z.string(), z.unknown()),
});
export type PrivacyRecord = z.infer<typeof privacyRecordSchema>;

/** Counts by what was erased or deleted (`deliveries`, `loginFailures`, ...). */
export const privacyCountsSchema = z.record(z.string(), z.number().int().min(0));
export type PrivacyCounts = z.infer<typeof privacyCountsSchema>;

export const privacyReplySchema = z.object({
  service: z.string(),
  records: z.array(privacyRecordSchema).default([]),
  counts: privacyCountsSchema.default({}),
});
export type PrivacyReply = z.infer<typeof privacyReplySchema>;

/**
 * POST /api/admin/privacy/erase and GET /api/admin/privacy/export take one email, checked as a
 * sign-up's and an account's are: an address no service could have stored is a 400, not an
 * erasure of nothing.
 */
export const privacyEmailSchema = z.object({
  /** R-NAMES-NORMAL: an address pasted with full-width or invisible characters is the same one. */
  email: z
    .string({ error: 'emailInvalid' })
    .overwrite(identityText)
    .max(320, 'emailInvalid')
    .pipe(z.email('emailInvalid')),
});

// The answers, as zod schemas for the API's description (R-API-DOC), and their types.
const countsByService = z.record(z.string(), privacyCountsSchema);
/** A stored report of a retention run or an erasure: counts only, never a name or address. */
export const retentionReportResponse = z
  .object({
    id: z.number().int().positive(),
    trigger: z.enum(['start', 'daily', 'manual', 'request']),
    startedAt: z.string().meta({ format: 'date-time' }),
    finishedAt: z.string().meta({ format: 'date-time' }).nullable(),
    status: z.enum(['running', 'done', 'failed']),
    /** Sign-ups of blocks that ended before this day are anonymised (retention runs). */
    cutoff: z.string().meta({ format: 'date' }).optional(),
    /** Counts by service and by what: `{ registrations: { signups: 3 }, notify: { deliveries: 5 } }`. */
    counts: countsByService,
    /** Services that did not answer in time (they run their own job daily anyway). */
    unavailable: z.array(z.string()),
  })
  .meta({ id: 'RetentionReport' });
export type RetentionReport = z.output<typeof retentionReportResponse>;

/** GET /api/admin/privacy/status. */
export const privacyStatusResponse = z
  .object({
    retentionMonths: z.number().int().positive(),
    accessLogDays: z.number().int().positive(),
    streamMaxAgeDays: z.number().positive(),
    nextRunAt: z.string().meta({ format: 'date-time' }).nullable(),
    lastReport: retentionReportResponse.nullable(),
  })
  .meta({ id: 'PrivacyStatus' });
export type PrivacyStatus = z.output<typeof privacyStatusResponse>;

/** GET /api/admin/privacy/export?email=: every record holding the email, by service. */
export const privacyExportResponse = z
  .object({
    email: z.string(),
    exportedAt: z.string().meta({ format: 'date-time' }),
    services: z.record(
      z.string(),
      z.object({ records: z.array(privacyRecordSchema), unavailable: z.boolean().optional() }),
    ),
    count: z.number().int().min(0),
  })
  .meta({ id: 'PrivacyExport' });
export type PrivacyExport = z.output<typeof privacyExportResponse>;

/** POST /api/admin/privacy/erase. */
export const privacyEraseResponse = z
  .object({ erased: z.number().int().min(0), report: retentionReportResponse })
  .meta({ id: 'PrivacyErase' });
export type PrivacyEraseResponse = z.output<typeof privacyEraseResponse>;
