import type { Migration } from '@nsa/service-kit';

export const m0002Catalog: Migration = {
  name: '0002-catalog',
  async up({ sql }) {
    await sql(`CREATE TABLE blocks (
      id serial PRIMARY KEY,
      name text NOT NULL,
      week_start smallint NOT NULL CHECK (week_start BETWEEN 1 AND 53),
      week_end smallint NOT NULL CHECK (week_end BETWEEN 1 AND 53 AND week_end >= week_start),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql(`CREATE TABLE providers (
      id serial PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    // RESTRICT: the database itself refuses to orphan an activity.
    await sql(`CREATE TABLE activities (
      id serial PRIMARY KEY,
      title text NOT NULL,
      capacity integer NOT NULL CHECK (capacity >= 1),
      weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
      start_time char(5) NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      school_id integer NOT NULL REFERENCES schools (id) ON DELETE RESTRICT,
      block_id integer NOT NULL REFERENCES blocks (id) ON DELETE RESTRICT,
      provider_id integer NOT NULL REFERENCES providers (id) ON DELETE RESTRICT,
      is_locked boolean NOT NULL DEFAULT false,
      is_hidden boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql('CREATE INDEX activities_school_block ON activities (school_id, block_id)');
    await sql('CREATE INDEX activities_block ON activities (block_id)');
    await sql('CREATE INDEX activities_provider ON activities (provider_id)');
    // One provider link per activity: generating again replaces it.
    await sql(`CREATE TABLE activity_tokens (
      id serial PRIMARY KEY,
      activity_id integer NOT NULL UNIQUE REFERENCES activities (id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL UNIQUE,
      expires_at timestamptz,
      revoked boolean NOT NULL DEFAULT false,
      last_used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Sign-up counts per activity, a projection of svc-registrations' events.
    await sql(`CREATE TABLE activity_counts (
      activity_id integer PRIMARY KEY,
      approved_count integer NOT NULL DEFAULT 0,
      registrations_count integer NOT NULL DEFAULT 0
    )`);
  },
};
