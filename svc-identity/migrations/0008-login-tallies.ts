import type { Migration } from '@nsa/service-kit';

/**
 * R-LOGIN-TALLY: failed logins for unknown accounts and attempts past the login limit are
 * counted, one row per hour and reason, instead of one audit entry each; a closed hour's count
 * becomes one audit entry and its row goes (so the table holds the current hour and any not
 * yet reported: two rows, at most a few more).
 */
export const m0008LoginTallies: Migration = {
  name: '0008-login-tallies',
  async up({ sql }) {
    await sql(`CREATE TABLE login_failure_tallies (
      hour timestamptz NOT NULL,
      reason text NOT NULL CHECK (reason IN ('unknown-account', 'rate-limited')),
      attempts integer NOT NULL,
      PRIMARY KEY (hour, reason)
    )`);
  },
};
