import { createHmac, hkdfSync } from 'node:crypto';
import {
  identityKey,
  privacyRequestSchema,
  type PrivacyCounts,
  type PrivacyRecord,
  type PrivacyReply,
} from '@nsa/contracts';
import type { Logger } from './logger.js';
import type { NatsConnection } from './nats.js';

/**
 * R-PRIVACY-MATCH, R-NAMES-NORMAL: an address as export and erasure compare it: its identity
 * key (`identityKey`: NFKC, without invisible characters or the white space around it, case
 * folded). Two addresses are the same person's only when these are equal: never a part of one
 * (`ann@example.nl` is not `joann@example.nl`, `xann@example.nl` nor `ann@example.nl.evil`).
 */
export function normaliseEmail(email: string): string {
  return identityKey(email);
}

/**
 * The same normalisation in SQL, of the text expression `expr`: for every address the email
 * schemas let in (ASCII after `identityText`, which every stored address went through), trimming
 * and lower-casing is `identityKey`; svc-registrations' test/names.test.ts holds the two alike
 * on PostgreSQL.
 */
export function sqlNormalisedEmail(expr: string): string {
  return `lower(btrim(${expr}, E' \\t\\r\\n'))`;
}

/**
 * R-PRIVACY-MATCH: whether a JSON document (a value, or its text) holds the address as one of
 * its string values, whole (after `normaliseEmail`), at any depth: `{"notification":{"to":
 * "Ann@example.nl"}}` holds `ann@example.nl`; `"joann@example.nl"` or a sentence quoting it
 * does not. Text that is not JSON holds nothing.
 */
export function jsonHoldsEmail(doc: unknown, email: string): boolean {
  const wanted = normaliseEmail(email);
  if (wanted === '') return false;
  let root = doc;
  if (typeof doc === 'string') {
    try {
      root = JSON.parse(doc);
    } catch {
      return false;
    }
  }
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (normaliseEmail(v) === wanted) return true;
    } else if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (v !== null && typeof v === 'object') stack.push(...Object.values(v));
  }
  return false;
}

/**
 * The SQL condition of `jsonHoldsEmail` for the jsonb expression `expr` and the named
 * replacement `param` (the address as asked): some string value of the document, at any depth,
 * is the whole address.
 */
export function sqlJsonHoldsEmail(expr: string, param: string): string {
  return `EXISTS (SELECT 1 FROM jsonb_path_query(${expr}, 'strict $.**') AS v(value)
    WHERE jsonb_typeof(v.value) = 'string'
      AND ${sqlNormalisedEmail("v.value #>> '{}'")} = ${sqlNormalisedEmail(`:${param}`)})`;
}

/**
 * A POSIX regular expression (for `~*`) that finds the address inside free text, such as an SMTP
 * server's error quoting it (`<ann@example.nl>: mailbox unavailable`), only as a whole: no
 * character an address may hold right before it, and none a domain may hold right after it (a
 * dot only as the end of a sentence).
 */
export function emailInTextPattern(email: string): string {
  const escaped = normaliseEmail(email).replace(/[.[\]()*+?{}|^$\\]/g, (c) => `\\${c}`);
  return `(^|[^a-z0-9.!#$%&'*+/=?^_\`{|}~-])${escaped}($|[^a-z0-9.-]|\\.($|[^a-z0-9-]))`;
}

/**
 * R-PRIVACY-AUDIT: how an export or erasure names its subject in the audit log: HMAC-SHA-256,
 * hex, of the normalised address under a key derived (HKDF-SHA-256) from the service's
 * `SESSION_SECRET` for this purpose alone. The same address gives the same value in every
 * service with that secret (so an admin's filter on it finds every export and erasure of one
 * person), and it is not the key identity hashes login failures with.
 */
export function privacySubjectHash(secret: string, email: string): string {
  const key = Buffer.from(
    hkdfSync('sha256', secret, 'naschool', 'naschool privacy-subject v1', 32),
  );
  return createHmac('sha256', key).update(normaliseEmail(email)).digest('hex');
}

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
