import { z } from 'zod';
import { REGISTRATION_STATUSES } from './registration.js';
import { LANGS, STAFF_LANGS } from './lang.js';

/**
 * JetStream streams and the subjects each one holds. A stream whose events carry personal data
 * (names, addresses, sealed links) keeps a message at most `maxAgeMs`: 7 days (R-RETENTION-STREAMS,
 * docs/privacy.md). CATALOG carries schools, blocks, providers and activities; no child or parent
 * (its audit entries name only the acting admin by id and display name). A service that publishes
 * no events has no stream here (its NATS use names none, nats-permissions.ts).
 */
const PERSONAL_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
export const STREAMS = {
  CATALOG: { name: 'CATALOG', subjects: ['catalog.>'] },
  REGISTRATIONS: {
    name: 'REGISTRATIONS',
    subjects: ['registrations.>'],
    maxAgeMs: PERSONAL_MAX_AGE_MS,
  },
  IDENTITY: { name: 'IDENTITY', subjects: ['identity.>'], maxAgeMs: PERSONAL_MAX_AGE_MS },
  NOTIFY: { name: 'NOTIFY', subjects: ['notify.>'], maxAgeMs: PERSONAL_MAX_AGE_MS },
} as const satisfies Record<string, { name: string; subjects: string[]; maxAgeMs?: number }>;
export type StreamName = keyof typeof STREAMS;

/** The window in which JetStream drops a re-published event id. */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 60 * 1000;

/** The envelope every event travels in (docs/architecture.md, Events). */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: T;
};

/** Event types are also their subjects. */
export const EVENT_TYPES = {
  schoolCreated: 'catalog.school.created',
  schoolUpdated: 'catalog.school.updated',
  schoolDeleted: 'catalog.school.deleted',
  blockCreated: 'catalog.block.created',
  blockUpdated: 'catalog.block.updated',
  blockDeleted: 'catalog.block.deleted',
  providerCreated: 'catalog.provider.created',
  providerUpdated: 'catalog.provider.updated',
  providerDeleted: 'catalog.provider.deleted',
  activityCreated: 'catalog.activity.created',
  activityUpdated: 'catalog.activity.updated',
  activityDeleted: 'catalog.activity.deleted',
  providerTokenChanged: 'catalog.provider-token.changed',
  registrationCreated: 'registrations.registration.created',
  registrationApproved: 'registrations.registration.approved',
  registrationRejected: 'registrations.registration.rejected',
  registrationReverted: 'registrations.registration.reverted',
  /** A waiting-list place is offered (R-WAITLIST-OFFER). */
  registrationOffered: 'registrations.registration.offered',
  /** Withdrawn by the parent, an offer declined or expired, or erased (R-WAITLIST-WITHDRAW). */
  registrationWithdrawn: 'registrations.registration.withdrawn',
  /** A sign-up's personal data was removed: every service forgets it (R-ERASE). */
  registrationErased: 'registrations.registration.erased',
  /** A batch of sign-ups erased by retention or on request: every service forgets them (R-RETENTION-EVENT). */
  registrationsErased: 'registrations.registrations.erased',
  /** Put on the waiting list by a published draw (R-DRAW-PUBLISH). */
  registrationWaitlisted: 'registrations.registration.waitlisted',
  /** A lottery block's seed is fixed; only its hash travels (R-DRAW-COMMIT). */
  drawCommitted: 'registrations.draw.committed',
  /** A draw was published; its seed is revealed (R-DRAW-PUBLISH). */
  drawPublished: 'registrations.draw.published',
  /** A lottery block's entries froze at close, with their digest; null: thawed (R-DRAW-FREEZE). */
  drawFrozen: 'registrations.draw.frozen',
  emailSent: 'notify.email.sent',
  providerLinkUsed: 'registrations.provider-link.used',
  adminCreated: 'identity.admin.created',
  passwordResetRequested: 'identity.password-reset.requested',
} as const;

/** How long the secret links inside identity events stay valid. */
export const SETUP_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 3600 * 1000;

/**
 * identity.admin.created and identity.password-reset.requested, version 1.
 * `sealedLink` is the password link sealed with the key only svc-identity and
 * svc-notify hold; it expires with the token.
 */
export const secretLinkEventSchema = z.object({
  userId: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  /** An administrator's emails are in a language of the staff side (R-LANG-EMAIL). */
  language: z.enum(STAFF_LANGS),
  sealedLink: z.string().min(1),
  expiresAt: z.iso.datetime(),
});
export type SecretLinkEvent = z.infer<typeof secretLinkEventSchema>;

/** Header names carried on NATS messages. */
export const NATS_HEADERS = {
  requestId: 'X-Request-Id',
  /** The organisation whose work wrote the event (R-ORG-EVENTS); none outside one. */
  organisationId: 'X-Organisation-Id',
  msgId: 'Nats-Msg-Id',
} as const;

/** catalog.school.created / catalog.school.updated, version 1. */
export const schoolEventSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** SHA-256 hex of the school's access token; the token itself never travels. */
  accessTokenHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SchoolEvent = z.infer<typeof schoolEventSchema>;

export const deletedEventSchema = z.object({ id: z.number().int().positive() });

export const blockEventSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  weekStart: z.number().int(),
  weekEnd: z.number().int(),
  /** R-RETENTION-YEAR: the ISO week-year of its weeks; absent in events from before it existed. */
  year: z.number().int().optional(),
  /** R-DRAW-WINDOW; absent in events from before the window existed. */
  signupOpensAt: z.iso.datetime({ offset: true }).nullable().default(null),
  signupClosesAt: z.iso.datetime({ offset: true }).nullable().default(null),
  allocation: z.enum(['fcfs', 'lottery']).default('fcfs'),
});
export type BlockEvent = z.infer<typeof blockEventSchema>;
export const providerEventSchema = z.object({ id: z.number().int().positive(), name: z.string() });

/**
 * catalog.activity.created / updated, version 1: everything svc-registrations
 * keeps in its own projection (schedule, capacity, flags, names, school token hash).
 */
export const activityEventSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  capacity: z.number().int().positive(),
  weekday: z.number().int().min(0).max(6),
  startTime: z.string(),
  isLocked: z.boolean(),
  isHidden: z.boolean(),
  school: schoolEventSchema,
  block: blockEventSchema,
  provider: providerEventSchema,
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/** An activity's own fields, without its school, block and provider. */
export type ActivityCore = Omit<ActivityEvent, 'school' | 'block' | 'provider'>;

/**
 * An activity's own fields out of anything that has them: what the catalog puts into its events
 * and svc-registrations into its projection, named the same on both sides.
 */
export function activityCore(a: ActivityCore): ActivityCore {
  return {
    id: a.id,
    title: a.title,
    capacity: a.capacity,
    weekday: a.weekday,
    startTime: a.startTime,
    isLocked: a.isLocked,
    isHidden: a.isHidden,
  };
}

/** catalog.provider-token.changed, version 1: only the hash ever travels. */
export const providerTokenEventSchema = z.object({
  activityId: z.number().int().positive(),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  expiresAt: z.iso.datetime().nullable(),
  revoked: z.boolean(),
});
export type ProviderTokenEvent = z.infer<typeof providerTokenEventSchema>;

const registrationStatus = z.enum(REGISTRATION_STATUSES);

/** What an approval or rejection email needs; present only when one should be sent. */
export const registrationNotificationSchema = z.object({
  to: z.string(),
  parentName: z.string(),
  childName: z.string(),
  activityTitle: z.string(),
  schoolName: z.string(),
  providerName: z.string(),
  blockName: z.string(),
  weekday: z.number().int().min(0).max(6),
  startTime: z.string(),
  weekStart: z.number().int(),
  weekEnd: z.number().int(),
  reason: z.string().nullable(),
  /** The ISO week-year the block's weeks are in (R-CAL-WEEKS), for the calendar. */
  year: z.number().int().optional(),
  /**
   * The parent's own link (R-MY-SIGNUP-LINK), sealed with the key only svc-registrations and
   * svc-notify hold, as identity seals password links: the token never travels or rests readable.
   */
  sealedLink: z.string().min(1).optional(),
  /** For a waiting-list email: the place in line, 1 first. */
  waitlistPosition: z.number().int().positive().nullable().optional(),
  /** For an offer: when it lapses. */
  offerExpiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type RegistrationNotification = z.infer<typeof registrationNotificationSchema>;

/**
 * registrations.registration.created / approved / rejected / reverted,
 * version 1. Counts follow from these: each event is applied once, and the
 * changes they imply add up in any order.
 */
export const registrationEventSchema = z.object({
  registrationId: z.number().int().positive(),
  activityId: z.number().int().positive(),
  status: registrationStatus,
  previousStatus: registrationStatus.nullable(),
  sendEmail: z.boolean(),
  /** The sign-up's language, of every later email to the parent (R-LANG-EMAIL). */
  language: z.enum(LANGS),
  notification: registrationNotificationSchema.optional(),
  /** registrations.registration.withdrawn: why (R-WAITLIST-WITHDRAW). */
  withdrawReason: z.enum(['parent', 'declined', 'expired', 'erased']).optional(),
});
export type RegistrationEvent = z.infer<typeof registrationEventSchema>;
export type WithdrawReason = NonNullable<RegistrationEvent['withdrawReason']>;

/** registrations.draw.committed, version 1. */
export const drawCommittedEventSchema = z.object({
  blockId: z.number().int().positive(),
  seedHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type DrawCommittedEvent = z.infer<typeof drawCommittedEventSchema>;

/** registrations.draw.published, version 1: the seed is public from now on. */
export const drawPublishedEventSchema = z.object({
  blockId: z.number().int().positive(),
  drawId: z.uuid(),
  seed: z.string().min(1),
  seedHash: z.string().regex(/^[0-9a-f]{64}$/),
  algorithm: z.string(),
  publishedAt: z.iso.datetime({ offset: true }),
});
export type DrawPublishedEvent = z.infer<typeof drawPublishedEventSchema>;

/**
 * registrations.draw.frozen, version 1 (R-DRAW-FREEZE): the digest of a lottery block's entries
 * as they froze at close (docs/draw.md); null when a freeze was undone because the block's close
 * moved later before it passed.
 */
export const drawFrozenEventSchema = z.object({
  blockId: z.number().int().positive(),
  entriesDigest: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});
export type DrawFrozenEvent = z.infer<typeof drawFrozenEventSchema>;

/** registrations.registration.erased, version 1: only ids travel. */
export const registrationErasedEventSchema = z.object({
  registrationId: z.number().int().positive(),
  activityId: z.number().int().positive(),
});

/**
 * Request-reply subjects for checks that must be exact now. Outside the
 * streams' subjects, so JetStream never captures a request.
 */
export const RPC_SUBJECTS = {
  activitySignups: 'rpc.registrations.activity-signups',
  /**
   * A lottery block's seed commitment, fixed by its owner (svc-registrations) when first asked,
   * so the write that gives a block its window answers with its `seedHash` (R-DRAW-COMMIT).
   */
  drawCommitments: 'rpc.registrations.draw-commitments',
  /**
   * The sign-up counts of activities as their owner has them now, for catalog's activity lists
   * (R-FRESH-LISTS): an approval answered a moment ago is in them.
   */
  activityCounts: 'rpc.registrations.activity-counts',
  /** Lottery blocks' draws as their owner has them now, for catalog's views (R-FRESH-LISTS). */
  draws: 'rpc.registrations.draws',
  /** The activities as their owner has them now (R-FRESH-SIGNUP). */
  activities: 'rpc.catalog.activities',
  /** The provider links as their owner has them now (R-FRESH-PROVIDER-LINK). */
  providerLinks: 'rpc.catalog.provider-links',
  /** Which sessions are still valid, and for whom (R-FRESH-SESSION). */
  sessions: 'rpc.identity.sessions',
  /** Which organisation a host name belongs to, as svc-identity has it now (R-ORG-HOST). */
  organisations: 'rpc.identity.organisations',
  /**
   * Which organisations there are in a status, as svc-identity has them now: the ones a
   * service's background work runs for (R-ORG-JOBS).
   */
  organisationIds: 'rpc.identity.organisation-ids',
  /**
   * An organisation by its id, as svc-identity has it now: its public address, for the links a
   * service makes in an organisation's work that no request brought (R-ORG-LINKS).
   */
  organisationById: 'rpc.identity.organisation-by-id',
} as const;
/**
 * How long svc-registrations may reuse an owner's answer about an activity, counted from when
 * it asked. R-FRESH-SIGNUP lets a lock, hide or capacity change take up to a second to reach
 * sign-ups; a quarter of that keeps a burst on one activity to four questions a second. The
 * owner waits this long before confirming a change that must hold at once (a rotated school
 * link, R-SCHOOL-ROTATE), so no answer from before it is still in use.
 */
export const ACTIVITY_ANSWER_REUSE_MS = 250;
export const activitySignupsRequestSchema = z.object({ activityId: z.number().int().positive() });
export const activitySignupsReplySchema = z.object({ count: z.number().int().min(0) });

/**
 * A look-up by keys at the owner of the data: the answer holds one entry per key, in order,
 * `null` for a key the owner does not know.
 */
export const lookupRequestSchema = <K extends z.ZodType>(key: K) =>
  z.object({ keys: z.array(key).min(1).max(1000) });
export const lookupReplySchema = <V extends z.ZodType>(value: V) =>
  z.object({ values: z.array(value.nullable()) });

/** By block id: the SHA-256 of the seed that block's draw will use (R-DRAW-COMMIT). */
export const drawCommitmentLookup = {
  key: z.number().int().positive(),
  value: z.object({ seedHash: z.string().regex(/^[0-9a-f]{64}$/) }),
};

/** By activity id: its sign-ups by status, every sign-up once in `registrations` (R-FRESH-LISTS). */
export const activityCountsLookup = {
  key: z.number().int().positive(),
  value: z.object({
    approved: z.number().int().min(0),
    offered: z.number().int().min(0),
    waitlisted: z.number().int().min(0),
    registrations: z.number().int().min(0),
  }),
};
export type ActivityCountsAnswer = z.infer<typeof activityCountsLookup.value>;

/**
 * By block id: a lottery block's draw as svc-registrations has it (R-FRESH-LISTS); unknown
 * (null) while the block has no seed commitment. `entriesDigest` from its freeze, `seed` and
 * `publishedAt` from its publication (R-DRAW-FREEZE, R-DRAW-PUBLISH).
 */
export const drawStateLookup = {
  key: z.number().int().positive(),
  value: z.object({
    seedHash: z.string().regex(/^[0-9a-f]{64}$/),
    entriesDigest: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    seed: z.string().min(1).nullable(),
    publishedAt: z.iso.datetime({ offset: true }).nullable(),
  }),
};
export type DrawStateAnswer = z.infer<typeof drawStateLookup.value>;

export const activityLookup = {
  key: z.number().int().positive(),
  value: activityEventSchema,
};
export const providerLinkLookup = {
  key: z.number().int().positive(),
  value: z.object({ link: providerTokenEventSchema, activity: activityEventSchema }),
};
export type ProviderLinkState = z.infer<typeof providerLinkLookup.value>;
/** Keyed by the SHA-256 of the session id; the id itself never leaves the cookie. */
export const sessionLookup = {
  key: z.string().regex(/^[0-9a-f]{64}$/),
  value: z.object({
    uid: z.number().int().positive(),
    role: z.enum(['admin', 'provider']),
    name: z.string(),
    email: z.string(),
  }),
};
export type SessionOwnerAnswer = z.infer<typeof sessionLookup.value>;

/** The statuses of an organisation: a suspended one answers nothing but its platform's pages. */
export const ORGANISATION_STATUSES = ['active', 'suspended', 'deleting'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];
/**
 * By host name: the organisation that holds it, or organisation 1 for a host no organisation
 * holds (R-ORG-HOST). Never null: every host belongs to one.
 */
export const organisationLookup = {
  // Any host a request came with, as the gateway forwards it; one no organisation holds (a
  // malformed one included) is organisation 1's.
  key: z.string().min(1).max(255),
  value: z.object({
    id: z.number().int().positive(),
    status: z.enum(ORGANISATION_STATUSES),
    publicBaseUrl: z.url({ protocol: /^https?$/ }),
  }),
};
export type OrganisationAnswer = z.infer<typeof organisationLookup.value>;
/**
 * By id: the organisation with it, as the host look-up answers it, with the name and contact
 * address its emails carry (R-ORG-LINKS, R-ORG-EMAILS); null for an unknown id.
 */
export const organisationByIdLookup = {
  key: z.number().int().positive(),
  value: organisationLookup.value.extend({
    name: z.string().min(1).max(200),
    contactEmail: z.email(),
    /**
     * The name its emails are sent under (null: its name) and how many months its sign-ups are
     * kept after their block (R-ORG-SETTINGS); absent in an answer of an earlier release.
     */
    mailFromName: z.string().min(1).max(200).nullable().optional(),
    retentionMonths: z.number().int().min(1).max(120).optional(),
  }),
};
export type OrganisationProfile = z.infer<typeof organisationByIdLookup.value>;
/**
 * By status: the ids of every organisation in it, in order (R-ORG-JOBS). Organisation 1 is
 * among them once svc-identity has made it.
 */
export const organisationIdsLookup = {
  key: z.enum(ORGANISATION_STATUSES),
  value: z.object({ ids: z.array(z.number().int().positive()).max(100_000) }),
};
/**
 * How long a service may reuse svc-identity's answer about a host's organisation, counted from
 * when it asked (R-ORG-HOST). A change of an organisation's hosts or status is confirmed only
 * after this long, so no answer from before it is still in use once it has answered.
 */
export const ORGANISATION_ANSWER_REUSE_MS = 250;

export const EMAIL_KINDS = [
  'registration-approved',
  'registration-rejected',
  /** R-EMAIL-WAITLIST: every accepted sign-up, with the parent's own link. */
  'signup-received',
  'waitlist-joined',
  'offer-made',
  'offer-expired',
  'signup-withdrawn',
  'admin-welcome',
  'password-reset',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * The emails svc-notify reports with notify.email.sent: a decision's (R-EMAIL-SENT: the
 * approval and the rejection set the sign-up's `emailSent`). No service acts on a report of
 * any other email, so none is published: each would be one more event stored on every
 * JetStream node and read by every consumer of the stream.
 */
export const reportedEmailKind = (kind: EmailKind): boolean =>
  kind === 'registration-approved' || kind === 'registration-rejected';

/**
 * notify.email.sent, version 1: an email of a kind `reportedEmailKind` names reached the SMTP
 * server (releases before that rule reported every email; consumers filter by `kind`).
 */
export const emailSentEventSchema = z.object({
  sourceEventId: z.uuid(),
  kind: z.enum(EMAIL_KINDS),
  registrationId: z.number().int().positive().nullable(),
});
export type EmailSentEvent = z.infer<typeof emailSentEventSchema>;

/** registrations.provider-link.used, version 1: a provider list was opened (at most once a minute per link). */
export const providerLinkUsedEventSchema = z.object({
  activityId: z.number().int().positive(),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  at: z.iso.datetime(),
});
export type ProviderLinkUsedEvent = z.infer<typeof providerLinkUsedEventSchema>;
