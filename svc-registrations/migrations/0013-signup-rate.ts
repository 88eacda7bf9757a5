import type { Migration } from '@nsa/service-kit';

/**
 * R-SIGNUP-RATE: public sign-ups per client address, counted in the database so that every
 * process of the service counts the same minute. One row per address that signed up within
 * the last minute: a keyed hash of the address (HMAC, never the address itself), when its
 * window began and how many sign-ups it made in it. Unlogged: a count that lives a minute is
 * not worth a WAL write per sign-up, and a crash only starts every window afresh.
 */
export const m0013SignupRate: Migration = {
  name: '0013-signup-rate',
  async up({ sql }) {
    await sql(`CREATE UNLOGGED TABLE signup_rate (
      client_key char(64) PRIMARY KEY,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL
    )`);
    await sql('CREATE INDEX signup_rate_window ON signup_rate (window_start)');
  },
};
