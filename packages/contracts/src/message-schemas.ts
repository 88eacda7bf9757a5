import type { z } from 'zod';
import { AUDIT_EVENT_TYPES, auditEntrySchema } from './audit.js';
import {
  EVENT_TYPES,
  RPC_SUBJECTS,
  activityEventSchema,
  activityLookup,
  activitySignupsReplySchema,
  activitySignupsRequestSchema,
  blockEventSchema,
  deletedEventSchema,
  drawCommitmentLookup,
  activityCountsLookup,
  drawStateLookup,
  drawCommittedEventSchema,
  drawFrozenEventSchema,
  drawPublishedEventSchema,
  emailSentEventSchema,
  eventEnvelopeSchema,
  lookupReplySchema,
  lookupRequestSchema,
  providerEventSchema,
  providerLinkLookup,
  providerLinkUsedEventSchema,
  providerTokenEventSchema,
  registrationErasedEventSchema,
  registrationEventSchema,
  schoolEventSchema,
  secretLinkEventSchema,
  sessionLookup,
  organisationLookup,
  organisationIdsLookup,
  organisationByIdLookup,
} from './events.js';
import {
  PRIVACY_RPC_SUBJECTS,
  privacyReplySchema,
  privacyRequestSchema,
  registrationsErasedEventSchema,
} from './privacy.js';
import {
  PLATFORM_RPC_SUBJECTS,
  organisationCountsLookup,
  organisationEraseLookup,
} from './platform.js';

/**
 * Every message between the services with its schema, by subject: what `npm run compat`
 * compares with the last release's (docs/deploy.md, Releases and compatibility). A new event
 * type or request subject needs its entry here (packages/contracts/test/message-schemas.test.ts).
 */

/** The envelope every event travels in. */
export const EVENT_ENVELOPE_SCHEMA: z.ZodType = eventEnvelopeSchema;

const E = EVENT_TYPES;
/** An event's `data`, by event type (its subject). */
export const EVENT_DATA_SCHEMAS: Record<string, z.ZodType> = {
  [E.schoolCreated]: schoolEventSchema,
  [E.schoolUpdated]: schoolEventSchema,
  [E.schoolDeleted]: deletedEventSchema,
  [E.blockCreated]: blockEventSchema,
  [E.blockUpdated]: blockEventSchema,
  [E.blockDeleted]: deletedEventSchema,
  [E.providerCreated]: providerEventSchema,
  [E.providerUpdated]: providerEventSchema,
  [E.providerDeleted]: deletedEventSchema,
  [E.activityCreated]: activityEventSchema,
  [E.activityUpdated]: activityEventSchema,
  [E.activityDeleted]: deletedEventSchema,
  [E.providerTokenChanged]: providerTokenEventSchema,
  [E.registrationCreated]: registrationEventSchema,
  [E.registrationApproved]: registrationEventSchema,
  [E.registrationRejected]: registrationEventSchema,
  [E.registrationReverted]: registrationEventSchema,
  [E.registrationOffered]: registrationEventSchema,
  [E.registrationWithdrawn]: registrationEventSchema,
  [E.registrationWaitlisted]: registrationEventSchema,
  [E.registrationErased]: registrationErasedEventSchema,
  [E.registrationsErased]: registrationsErasedEventSchema,
  [E.drawCommitted]: drawCommittedEventSchema,
  [E.drawPublished]: drawPublishedEventSchema,
  [E.drawFrozen]: drawFrozenEventSchema,
  [E.emailSent]: emailSentEventSchema,
  [E.providerLinkUsed]: providerLinkUsedEventSchema,
  [E.adminCreated]: secretLinkEventSchema,
  [E.passwordResetRequested]: secretLinkEventSchema,
  ...Object.fromEntries(Object.values(AUDIT_EVENT_TYPES).map((t) => [t, auditEntrySchema])),
};

const lookup = (spec: { key: z.ZodType; value: z.ZodType }) => ({
  request: lookupRequestSchema(spec.key),
  reply: lookupReplySchema(spec.value),
});

/** A request-reply subject's question and answer. */
export const RPC_SCHEMAS: Record<string, { request: z.ZodType; reply: z.ZodType }> = {
  [RPC_SUBJECTS.activitySignups]: {
    request: activitySignupsRequestSchema,
    reply: activitySignupsReplySchema,
  },
  [RPC_SUBJECTS.drawCommitments]: lookup(drawCommitmentLookup),
  [RPC_SUBJECTS.activityCounts]: lookup(activityCountsLookup),
  [RPC_SUBJECTS.draws]: lookup(drawStateLookup),
  [RPC_SUBJECTS.activities]: lookup(activityLookup),
  [RPC_SUBJECTS.providerLinks]: lookup(providerLinkLookup),
  [RPC_SUBJECTS.sessions]: lookup(sessionLookup),
  [RPC_SUBJECTS.organisations]: lookup(organisationLookup),
  [RPC_SUBJECTS.organisationIds]: lookup(organisationIdsLookup),
  [RPC_SUBJECTS.organisationById]: lookup(organisationByIdLookup),
  [PRIVACY_RPC_SUBJECTS.notify]: { request: privacyRequestSchema, reply: privacyReplySchema },
  [PRIVACY_RPC_SUBJECTS.identity]: { request: privacyRequestSchema, reply: privacyReplySchema },
  ...Object.fromEntries(
    Object.values(PLATFORM_RPC_SUBJECTS.counts).map((s) => [s, lookup(organisationCountsLookup)]),
  ),
  ...Object.fromEntries(
    Object.values(PLATFORM_RPC_SUBJECTS.erase).map((s) => [s, lookup(organisationEraseLookup)]),
  ),
};
