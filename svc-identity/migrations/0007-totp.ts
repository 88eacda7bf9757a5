import type { Migration } from '@nsa/service-kit';

/**
 * R-TOTP: two-step login. An account's TOTP secret is kept sealed (AES-256-GCM under a key
 * derived from the session secret), never in plain text; `last_step` is the 30-second step of
 * the last code taken, so a code works once. Recovery codes are kept as their SHA-256 and
 * deleted when used. Both go with their user.
 */
export const m0007Totp: Migration = {
  name: '0007-totp',
  async up({ sql }) {
    await sql(`CREATE TABLE totp_credentials (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret_sealed text NOT NULL,
      last_step bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql(`CREATE TABLE totp_recovery_codes (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash char(64) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, code_hash)
    )`);
  },
};
