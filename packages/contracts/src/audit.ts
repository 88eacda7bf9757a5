import { z } from 'zod';
import { pagingQuery } from './paging.js';

/** Who did something recorded in the audit log (R-AUDIT). */
export const AUDIT_ACTOR_TYPES = ['admin', 'parent', 'provider', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * Audit actions, `<target>.<verb>`. An entry never holds a password, a token or contact data
 * (email, phone, address): a person is named by id and display name only (R-AUDIT).
 */
export const AUDIT_ACTIONS = {
  schoolCreated: 'school.created',
  schoolUpdated: 'school.updated',
  schoolDeleted: 'school.deleted',
  schoolTokenRotated: 'school.token-rotated',
  blockCreated: 'block.created',
  blockUpdated: 'block.updated',
  blockDeleted: 'block.deleted',
  providerCreated: 'provider.created',
  providerUpdated: 'provider.updated',
  providerDeleted: 'provider.deleted',
  providerLinkGenerated: 'provider-link.generated',
  providerLinkRevoked: 'provider-link.revoked',
  providerLinkUsed: 'provider-link.used',
  activityCreated: 'activity.created',
  activityUpdated: 'activity.updated',
  activityDeleted: 'activity.deleted',
  registrationApproved: 'registration.approved',
  registrationRejected: 'registration.rejected',
  registrationReverted: 'registration.reverted',
  registrationErased: 'registration.erased',
  registrationsExported: 'registrations.exported',
  /** An admin's erasure of one address on request; its target is the address's keyed hash. */
  privacyErased: 'privacy-subject.erased',
  /**
   * R-ERASURE-REPLAY: an erasure of the ledger done again by a restore, by the system; its
   * target is the erasure's time (the ledger's key to it).
   */
  erasureReplayed: 'erasure.replayed',
  attendanceRecorded: 'attendance.recorded',
  drawPublished: 'draw.published',
  emailResent: 'email.resent',
  adminCreated: 'admin.created',
  adminUpdated: 'admin.updated',
  adminDeleted: 'admin.deleted',
  adminRoleChanged: 'admin.role-changed',
  passwordResetRequested: 'password.reset-requested',
  passwordSet: 'password.set',
  loginSucceeded: 'login.succeeded',
  loginFailed: 'login.failed',
  totpEnabled: 'totp.enabled',
  totpDisabled: 'totp.disabled',
  retentionAnonymised: 'retention.anonymised',
  /** R-ORG-SETTINGS: an organisation's own name, contact address or links changed. */
  organisationUpdated: 'organisation.updated',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/**
 * A field's change: before/after for non-personal fields; for personal fields (names, emails,
 * notes) only `{ personal: true }`, the field name being the key.
 */
export const auditChangeSchema = z.union([
  z.object({ before: z.unknown(), after: z.unknown() }),
  z.object({ personal: z.literal(true) }),
]);

export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.string().max(100).nullable(),
    name: z.string().max(200).nullable(),
  }),
  action: z.string().min(1).max(100),
  target: z.object({ type: z.string().min(1).max(50), id: z.string().max(100).nullable() }),
  changes: z.record(z.string(), auditChangeSchema).nullable(),
  reason: z.string().max(500).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit event each service publishes on its own stream prefix; data is one AuditEntry. */
export const AUDIT_EVENT_TYPES = {
  catalog: 'catalog.audit.recorded',
  registrations: 'registrations.audit.recorded',
  identity: 'identity.audit.recorded',
  notify: 'notify.audit.recorded',
} as const;
export type AuditService = keyof typeof AUDIT_EVENT_TYPES;

/** Entries answered per page at most by GET /api/admin/audit. */
export const AUDIT_MAX_PAGE_SIZE = 200;

const auditFilterText = (max: number) =>
  z
    .string({ error: 'invalidType' })
    .trim()
    .max(max, 'tooLong')
    .optional()
    .transform((v) => v || undefined);
const auditFilterTime = z
  .string({ error: 'invalidType' })
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), 'invalidType');

/**
 * R-AUDIT-LIST: the filters of GET /api/admin/audit. `from` and `to` are ISO dates or date-times
 * (`to` as a date includes that whole day); `actorId` matches the actor's id exactly.
 */
export const auditListQuerySchema = z.object({
  action: auditFilterText(100),
  actorType: z.enum(AUDIT_ACTOR_TYPES, { error: 'invalidType' }).optional(),
  actorId: auditFilterText(100),
  targetType: auditFilterText(50),
  targetId: auditFilterText(100),
  from: auditFilterTime,
  to: auditFilterTime,
  ...pagingQuery(AUDIT_MAX_PAGE_SIZE),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** R-AUDIT-LIST: one page of GET /api/admin/audit, newest first. */
export const auditListResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
