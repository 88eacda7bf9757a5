import type { Migration } from '@nsa/service-kit';

/**
 * R-PLATFORM-AUDIT: the platform's log of what was done to the organisations. A platform table
 * (no organisation owns it, no row policy): it outlives the organisations it names, and holds
 * no personal data of theirs, only their id and slug and the fields changed, with the platform
 * administrator who did it. Kept as written: a row is never changed or removed. The organisation
 * is its `target_…`, not an `organisation_id`: the row is the platform's, not the organisation's
 * (whose deletion erases every row with an `organisation_id`).
 */
export const m0015PlatformAudit: Migration = {
  name: '0015-platform-audit',
  async up({ sql }) {
    await sql(`CREATE TABLE platform_audit_entries (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      admin_id integer,
      admin_name text,
      action text NOT NULL CHECK (action ~ '^organisation\\.[a-z-]+$'),
      target_organisation_id integer NOT NULL,
      target_slug text NOT NULL,
      changes jsonb
    )`);
    await sql(`CREATE FUNCTION platform_audit_kept() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'platform audit entries are kept as written';
      END $$`);
    await sql(`CREATE TRIGGER platform_audit_kept BEFORE UPDATE OR DELETE OR TRUNCATE
      ON platform_audit_entries FOR EACH STATEMENT EXECUTE FUNCTION platform_audit_kept()`);
  },
};
