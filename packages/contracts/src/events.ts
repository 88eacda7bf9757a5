import { z } from 'zod';

/** JetStream streams and the subjects each one holds. */
export const STREAMS = {
  CATALOG: { name: 'CATALOG', subjects: ['catalog.>'] },
  REGISTRATIONS: { name: 'REGISTRATIONS', subjects: ['registrations.>'] },
  IDENTITY: { name: 'IDENTITY', subjects: ['identity.>'], maxAgeMs: 7 * 24 * 3600 * 1000 },
} as const satisfies Record<string, { name: string; subjects: string[]; maxAgeMs?: number }>;
export type StreamName = keyof typeof STREAMS;

/** The window in which JetStream drops a re-published event id. */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 60 * 1000;

/** The envelope every event travels in (ARCHITECTURE.md, Events). */
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
  language: z.enum(['nl', 'en']),
  sealedLink: z.string().min(1),
  expiresAt: z.iso.datetime(),
});
export type SecretLinkEvent = z.infer<typeof secretLinkEventSchema>;

/** Header names carried on NATS messages. */
export const NATS_HEADERS = {
  requestId: 'X-Request-Id',
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
