import { z } from 'zod';
import { adminUserSchema, emailAddress } from './auth.js';
import { ORGANISATION_STATUSES } from './events.js';
import { publicLanguages, webAddress } from './organisation.js';
import { plainName } from './plain-text.js';

/**
 * R-PLATFORM-*: what the platform's administrators see and change of the organisations on one
 * deployment. Messages are keys of VALIDATION_MESSAGES.
 */

/** A host name as the organisations hold it: lower case, no port, no trailing dot. */
export const hostName = z
  .string({ error: 'hostInvalid' })
  .trim()
  .max(253, 'hostInvalid')
  .regex(
    /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'hostInvalid',
  );

const hostNames = z
  .array(hostName, { error: 'hostsRequired' })
  .min(1, 'hostsRequired')
  .max(20, 'tooLong')
  .transform((hosts) => [...new Set(hosts)]);

export const organisationSlug = z
  .string({ error: 'slugInvalid' })
  .regex(/^[a-z0-9-]{3,40}$/, 'slugInvalid');

/** POST /api/platform/login */
export const platformLoginSchema = z.object({
  email: emailAddress,
  password: z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(200, 'tooLong'),
});

/** The platform session's administrator (GET /api/platform/session, the login's answer). */
export const platformSessionResponse = z
  .object({ admin: z.object({ id: z.number().int(), email: z.string(), name: z.string() }) })
  .meta({ id: 'PlatformSession' });
export type PlatformSession = z.output<typeof platformSessionResponse>;

/** POST /api/platform/organisations: a new organisation with its first administrator. */
export const newOrganisationSchema = z
  .object({
    slug: organisationSlug,
    name: plainName('organisationNameRequired'),
    hosts: hostNames,
    contactEmail: emailAddress,
    website: webAddress.optional(),
    privacyUrl: webAddress.optional(),
    mailFromName: plainName('organisationNameRequired').optional(),
    publicBaseUrl: webAddress,
    // Dutch and English when not given.
    languages: z.preprocess((l) => l ?? ['en'], publicLanguages),
    // Left out, it is refused by its fields' own messages.
    firstAdmin: z.preprocess((v) => v ?? {}, adminUserSchema.pick({ email: true, name: true })),
  })
  // Only once the address is one (a refinement runs after a field's own failure too).
  .refine(
    (o) =>
      typeof o.publicBaseUrl !== 'string' ||
      !URL.canParse(o.publicBaseUrl) ||
      !Array.isArray(o.hosts) ||
      o.hosts.includes(new URL(o.publicBaseUrl).hostname),
    {
      message: 'publicAddressHost',
      path: ['publicBaseUrl'],
    },
  );
export type NewOrganisationInput = z.output<typeof newOrganisationSchema>;

/** PATCH /api/platform/organisations/:id */
export const organisationPatchSchema = z
  .object({
    name: plainName('organisationNameRequired').optional(),
    hosts: hostNames.optional(),
    status: z.enum(['active', 'suspended'], { error: 'statusInvalid' }).optional(),
  })
  .strict();
export type OrganisationPatch = z.output<typeof organisationPatchSchema>;

/** One organisation as the platform lists it: counts, never personal data. */
export const platformOrganisation = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    hosts: z.array(z.string()),
    status: z.enum(ORGANISATION_STATUSES),
    publicBaseUrl: z.string(),
    counts: z.object({
      schools: z.number().int(),
      activities: z.number().int(),
      registrations: z.number().int(),
      admins: z.number().int(),
    }),
  })
  .meta({ id: 'PlatformOrganisation' });
export type PlatformOrganisation = z.output<typeof platformOrganisation>;

export const platformOrganisationsResponse = z
  .array(platformOrganisation)
  .meta({ id: 'PlatformOrganisations' });

export const createdOrganisationResponse = z
  .object({ id: z.number().int(), slug: z.string() })
  .meta({ id: 'CreatedOrganisation' });

/**
 * R-PLATFORM-AUDIT: what the platform's log records about the organisations: each made, changed
 * (name, host names), suspended, resumed, its deletion begun and done, with who did it (a
 * platform administrator, or null: svc-identity's organisation program) and when. No
 * personal data of the organisation: its id and slug, the fields changed.
 */
export const PLATFORM_AUDIT_ACTIONS = [
  'organisation.created',
  'organisation.changed',
  'organisation.suspended',
  'organisation.resumed',
  'organisation.deletion-started',
  'organisation.deleted',
] as const;
export type PlatformAuditAction = (typeof PLATFORM_AUDIT_ACTIONS)[number];

export const platformAuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string().meta({ description: 'ISO 8601' }),
    actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    action: z.enum(PLATFORM_AUDIT_ACTIONS),
    organisation: z.object({ id: z.number().int(), slug: z.string() }),
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
  })
  .meta({ id: 'PlatformAuditEntry' });
export type PlatformAuditEntry = z.output<typeof platformAuditEntry>;

/** GET /api/platform/audit: the newest entries first, PLATFORM_AUDIT_PAGE at a time. */
export const platformAuditPage = z
  .object({
    entries: z.array(platformAuditEntry),
    /** The `before` of the next page; null after the last. */
    next: z.number().int().nullable(),
  })
  .meta({ id: 'PlatformAuditPage' });
export type PlatformAuditPageAnswer = z.output<typeof platformAuditPage>;
export const PLATFORM_AUDIT_PAGE = 50;

/** GET /api/platform/audit?before=<id>: the entries older than that one. */
export const platformAuditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
});

/**
 * R-PLATFORM-COUNTS, R-PLATFORM-DELETE: what svc-identity asks the other services about an
 * organisation for the platform: how many of their things it has (by name, never personal
 * data), and to erase every row of it they hold. Each answers per organisation id, in that
 * organisation's own transaction.
 */
export const PLATFORM_RPC_SUBJECTS = {
  counts: {
    catalog: 'rpc.catalog.organisation-counts',
    registrations: 'rpc.registrations.organisation-counts',
  },
  erase: {
    catalog: 'rpc.catalog.organisation-erase',
    registrations: 'rpc.registrations.organisation-erase',
    notify: 'rpc.notify.organisation-erase',
  },
} as const;

export const organisationCountsLookup = {
  key: z.number().int().positive(),
  value: z.record(z.string().max(40), z.number().int().min(0)),
};
/** The rows it erased; an organisation it holds nothing of answers 0. */
export const organisationEraseLookup = {
  key: z.number().int().positive(),
  value: z.object({ rows: z.number().int().min(0) }),
};
