import type { Migration } from '@nsa/service-kit';

/** This service's own copy of the schools it needs, fed by catalog events. */
export const m0001SchoolProjection: Migration = {
  name: '0001-school-projection',
  async up({ sql }) {
    await sql(`CREATE TABLE schools (
      id integer PRIMARY KEY,
      name text NOT NULL,
      access_token_hash char(64) NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  },
};
