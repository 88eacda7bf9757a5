import type { Migration } from '@nsa/service-kit';

/**
 * R-IDEMPOTENCY: the answers of keyed requests (`Idempotency-Key`), kept 24 hours. A row holds
 * no personal data and no key: the SHA-256 of scope and key, the SHA-256 of what the request
 * asked (its body, or its link token and action), the answer's status and either the answer's
 * body (a sign-up's `{success, registration: {id, status}}`, `{erased: true}`), nothing (an answer
 * that is derived again from the sign-up, as a parent's link shows it) or a refusal's code and
 * text. A row is written in the transaction of the change it answers, so a row and its change
 * commit together or not at all; `status` and `answer` are set before that commit.
 */
export const m0012IdempotencyKeys: Migration = {
  name: '0012-idempotency-keys',
  async up({ sql }) {
    await sql(`CREATE TABLE idempotency_keys (
      key_hash char(64) PRIMARY KEY,
      request_hash char(64) NOT NULL,
      status smallint,
      answer jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql('CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)');
  },
};
