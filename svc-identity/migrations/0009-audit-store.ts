import type { Migration } from '@nsa/service-kit';

/** The audit log's store, made by the infrastructure and owned by a role of its own. */
export const AUDIT_TABLE = 'identity_audit.audit_entries';

const COLUMNS = `id, at, service, actor_type, actor_id, actor_name, action, target_type, target_id,
  changes, reason, recorded_at, actor_anonymised_at`;

/**
 * R-AUDIT-APPEND-ONLY: the audit log lives in `identity_audit.audit_entries`, which the
 * infrastructure makes and a role of its own owns (`@nsa/local-infra`'s auditStoreSql, its one
 * definition; docs/deploy.md): the service's role may only read and insert entries there and
 * anonymise old actors through the owner's function, so no statement of its own (a setting, a
 * grant, DDL) can change or remove one. A database made before the store has its entries in a
 * table of the service's own schema (of the first 0004-audit): they are copied over as they are,
 * and that table and its functions, owned by the service's role, go.
 */
export const m0009AuditStore: Migration = {
  name: '0009-audit-store',
  async up({ sql }) {
    await sql(`DO $$ BEGIN
      IF to_regclass('${AUDIT_TABLE}') IS NULL THEN
        RAISE EXCEPTION 'the audit store ${AUDIT_TABLE} is missing: the database administrator makes it (docs/deploy.md, PostgreSQL)';
      END IF;
      IF to_regclass(format('%I.audit_entries', current_schema())) IS NOT NULL THEN
        EXECUTE format('INSERT INTO ${AUDIT_TABLE} (${COLUMNS.replace(/\s+/g, ' ')})
          SELECT ${COLUMNS.replace(/\s+/g, ' ')} FROM %I.audit_entries ON CONFLICT (id) DO NOTHING',
          current_schema());
        EXECUTE format('DROP TABLE %I.audit_entries', current_schema());
        EXECUTE format('DROP FUNCTION %I.audit_anonymise_actors(timestamptz)', current_schema());
        EXECUTE format('DROP FUNCTION %I.audit_entries_guard()', current_schema());
      END IF;
    END $$`);
  },
};
