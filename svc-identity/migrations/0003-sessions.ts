import type { Migration } from '@nsa/service-kit';

/**
 * The sessions svc-identity has issued and not ended (R-FRESH-SESSION): every service asks
 * about a session's id hash on each request, so ending a session here (logout, password reset,
 * a user deleted or given another role) holds on the next request everywhere.
 */
export const m0003Sessions: Migration = {
  name: '0003-sessions',
  async up({ sql }) {
    await sql(`CREATE TABLE sessions (
      id_hash char(64) PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql('CREATE INDEX sessions_user ON sessions (user_id)');
  },
};
