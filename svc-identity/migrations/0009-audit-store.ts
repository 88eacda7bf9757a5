import type { Migration } from '@nsa/service-kit';

/** The audit log's store, made by the infrastructure and owned by a role of its own. */
export const AUDIT_TABLE = 'identity_audit.audit_entries';

const COLUMNS = `id, at, service, actor_type, actor_id, actor_name, action, target_type, target_id,
  changes, reason, recorded_at, actor_anonymised_at`;

/**
 * R-AUDIT-APPEND-ONLY: the audit log moves out of the service's own schema into
 * `identity_audit.audit_entries`, which the infrastructure makes and a role of its own owns
 * (`@nsa/local-infra`'s auditStoreSql; docs/deploy.md): the service's role may only read and
 * insert entries there and anonymise old actors through the owner's function, so no statement
 * of its own (a setting, a grant, DDL) can change or remove one. The entries of the table of
 * 0004-audit are copied over as they are, and that table, owned by the service's role, goes.
 */
export const m0009AuditStore: Migration = {
  name: '0009-audit-store',
  async up({ sql }) {
    await sql(`DO $$ BEGIN
      IF to_regclass('${AUDIT_TABLE}') IS NULL THEN
        RAISE EXCEPTION 'the audit store ${AUDIT_TABLE} is missing: the database administrator makes it (docs/deploy.md, PostgreSQL)';
      END IF;
    END $$`);
    await sql(`INSERT INTO ${AUDIT_TABLE} (${COLUMNS})
      SELECT ${COLUMNS} FROM audit_entries ON CONFLICT (id) DO NOTHING`);
    await sql('DROP TABLE audit_entries');
    await sql('DROP FUNCTION audit_anonymise_actors(timestamptz)');
    await sql('DROP FUNCTION audit_entries_guard()');
  },
};
