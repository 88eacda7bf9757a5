import {
  privacyRequestSchema,
  type PrivacyCounts,
  type PrivacyRecord,
  type PrivacyReply,
} from '@nsa/contracts';
import type { Logger } from './logger.js';
import type { NatsConnection } from './nats.js';

/** A service's part in export, erasure and retention (R-PRIVACY-*, R-RETENTION-*). */
export interface PrivacyPart {
  export(email: string): Promise<PrivacyRecord[]>;
  erase(email: string, registrationIds: number[]): Promise<PrivacyCounts>;
  retention(): Promise<PrivacyCounts>;
}

/**
 * Answers svc-registrations' privacy requests on `subject` (a queue group spreads them over
 * replicas). A bad request or a failure gets an error reply, which the asker counts as no
 * answer; the email is never logged.
 */
export function servePrivacy(
  nc: NatsConnection,
  subject: string,
  service: string,
  part: PrivacyPart,
  logger: Logger,
): { stop(): void } {
  const sub = nc.subscribe(subject, { queue: service });
  void (async () => {
    for await (const msg of sub) {
      void (async () => {
        try {
          const req = privacyRequestSchema.parse(msg.json());
          const reply: PrivacyReply =
            req.op === 'export'
              ? { service, records: await part.export(req.email), counts: {} }
              : req.op === 'erase'
                ? { service, records: [], counts: await part.erase(req.email, req.registrationIds) }
                : { service, records: [], counts: await part.retention() };
          msg.respond(JSON.stringify(reply));
        } catch (err) {
          logger.warn({ err: (err as Error).message }, 'privacy request failed');
          msg.respond(JSON.stringify({ error: 'failed' }));
        }
      })();
    }
  })();
  return { stop: () => sub.unsubscribe() };
}
