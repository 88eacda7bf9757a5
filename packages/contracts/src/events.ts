import { z } from 'zod';

/** JetStream streams and the subjects each one holds. */
export const STREAMS = {
  CATALOG: { name: 'CATALOG', subjects: ['catalog.>'] },
  REGISTRATIONS: { name: 'REGISTRATIONS', subjects: ['registrations.>'] },
  IDENTITY: { name: 'IDENTITY', subjects: ['identity.>'] },
} as const;
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
} as const;

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
