import type { Migration } from '@nsa/service-kit';

/**
 * R-PLATFORM-ACCOUNTS: the platform's administrators and their sessions. Platform tables, like
 * the organisations: no organisation owns them, so no row policy guards them, and no
 * organisation's request reads them (only `/api/platform/*` does). A session is kept by the
 * SHA-256 of its token alone; the token itself is only ever in the administrator's cookie.
 */
export const m0013Platform: Migration = {
  name: '0013-platform',
  async up({ sql }) {
    await sql(`CREATE TABLE platform_admins (
      id serial PRIMARY KEY,
      email text NOT NULL CHECK (email = lower(email)),
      name text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz
    )`);
    await sql('CREATE UNIQUE INDEX platform_admins_email ON platform_admins (email)');
    await sql(`CREATE TABLE platform_sessions (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      admin_id integer NOT NULL REFERENCES platform_admins (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`);
    await sql('CREATE INDEX platform_sessions_admin ON platform_sessions (admin_id)');
  },
};
