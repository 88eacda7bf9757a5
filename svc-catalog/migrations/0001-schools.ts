import type { Migration } from '@nsa/service-kit';

export const m0001Schools: Migration = {
  name: '0001-schools',
  async up({ sql }) {
    await sql(`CREATE TABLE schools (
      id serial PRIMARY KEY,
      name text NOT NULL,
      access_token char(32) NOT NULL UNIQUE CHECK (access_token ~ '^[0-9a-f]{32}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  },
};
