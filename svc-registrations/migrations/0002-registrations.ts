import type { Migration } from '@nsa/service-kit';

export const m0002Registrations: Migration = {
  name: '0002-registrations',
  async up({ sql }) {
    // This service's copy of the activities it takes sign-ups for, fed by catalog events.
    await sql(`CREATE TABLE activities (
      id integer PRIMARY KEY,
      title text NOT NULL,
      capacity integer NOT NULL,
      weekday smallint NOT NULL,
      start_time char(5) NOT NULL,
      is_locked boolean NOT NULL,
      is_hidden boolean NOT NULL,
      school_id integer NOT NULL,
      school_name text NOT NULL,
      school_token_hash char(64) NOT NULL,
      block_id integer NOT NULL,
      block_name text NOT NULL,
      week_start smallint NOT NULL,
      week_end smallint NOT NULL,
      provider_id integer NOT NULL,
      provider_name text NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      counts_seq bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql(`CREATE TABLE provider_tokens (
      activity_id integer PRIMARY KEY,
      token_hash char(64) NOT NULL,
      expires_at timestamptz,
      revoked boolean NOT NULL,
      last_used_at timestamptz
    )`);
    await sql(`CREATE TABLE registrations (
      id serial PRIMARY KEY,
      activity_id integer NOT NULL REFERENCES activities (id),
      -- Copied from the activity so that the admin filters use an index.
      school_id integer NOT NULL,
      block_id integer NOT NULL,
      child_first_name text NOT NULL,
      child_last_name text NOT NULL,
      child_date_of_birth date,
      child_age smallint,
      child_group text,
      child_key text NOT NULL,
      parent_name text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      language char(2) NOT NULL DEFAULT 'nl',
      status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'approved', 'rejected')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      approved_at timestamptz,
      rejected_at timestamptz,
      rejection_reason text,
      email_sent boolean NOT NULL DEFAULT false,
      approved_by_admin_id integer,
      rejected_by_admin_id integer,
      approved_by_admin jsonb,
      rejected_by_admin jsonb
    )`);
    await sql('CREATE INDEX registrations_activity_status ON registrations (activity_id, status)');
    await sql('CREATE INDEX registrations_child ON registrations (child_key)');
    // Newest first, within each filter the admin list offers.
    await sql('CREATE INDEX registrations_created ON registrations (created_at DESC, id DESC)');
    await sql(
      'CREATE INDEX registrations_school ON registrations (school_id, created_at DESC, id DESC)',
    );
    await sql(
      'CREATE INDEX registrations_block ON registrations (block_id, created_at DESC, id DESC)',
    );
    await sql(
      'CREATE INDEX registrations_activity ON registrations (activity_id, created_at DESC, id DESC)',
    );
    await sql(
      'CREATE INDEX registrations_status ON registrations (status, created_at DESC, id DESC)',
    );
    // Every look at a participant list: when, which activity, from where. Never the token.
    await sql(`CREATE TABLE provider_access (
      id bigserial PRIMARY KEY,
      activity_id integer NOT NULL,
      client_ip text NOT NULL,
      granted boolean NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql('CREATE INDEX provider_access_activity ON provider_access (activity_id, at DESC)');
  },
};
