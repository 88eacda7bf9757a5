import type { Migration } from '@nsa/service-kit';

export const m0001Users: Migration = {
  name: '0001-users',
  async up({ sql }) {
    await sql(`CREATE TABLE users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      name text NOT NULL,
      role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'provider')),
      password_hash text,
      language char(2) NOT NULL DEFAULT 'nl',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz
    )`);
    await sql('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');
  },
};
