import type { Migration } from '@nsa/service-kit';

/**
 * R-ORG-HOST: the organisations one deployment serves, and the host names each is found by.
 * Platform tables: a request's organisation is read from them before any organisation is
 * known, so no row policy guards them; they hold no parent's or staff member's data, only an
 * organisation's own settings and contact address. Organisation 1 is made at start from the
 * deployment's settings (ORG_NAME, ORG_CONTACT_EMAIL, …) when absent, and answers for every
 * host no organisation holds, so a deployment of one organisation works on any name.
 */
export const m0010Organisations: Migration = {
  name: '0010-organisations',
  async up({ sql }) {
    await sql(`CREATE TABLE organisations (
      id serial PRIMARY KEY,
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]{3,40}$'),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      contact_email text NOT NULL,
      website text,
      privacy_url text,
      public_base_url text NOT NULL,
      languages text[] NOT NULL CHECK ('nl' = ANY (languages)),
      retention_months integer NOT NULL CHECK (retention_months BETWEEN 1 AND 120),
      admin_two_step_required boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'deleting')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql(`CREATE TABLE organisation_hosts (
      host text PRIMARY KEY CHECK (host = lower(host) AND host !~ '[:/]' AND host !~ '\\.$'),
      organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE
    )`);
    await sql(
      'CREATE INDEX organisation_hosts_organisation ON organisation_hosts (organisation_id)',
    );
  },
};
