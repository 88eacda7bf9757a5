import type { Migration } from '@nsa/service-kit';

export const m0002Auth: Migration = {
  name: '0002-auth',
  async up({ sql }) {
    await sql(`CREATE TABLE password_tokens (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      email text NOT NULL,
      token_hash char(64) NOT NULL UNIQUE,
      purpose text NOT NULL CHECK (purpose IN ('reset', 'setup')),
      expires_at timestamptz NOT NULL,
      used boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Failed logins only; the email is kept as a keyed hash, the address as nginx saw it.
    await sql(`CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      email_hash char(64) NOT NULL,
      client_ip text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql('CREATE INDEX login_failures_email ON login_failures (email_hash, at)');
    await sql('CREATE INDEX login_failures_ip ON login_failures (client_ip, at)');
  },
};
