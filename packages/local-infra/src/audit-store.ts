import pg from 'pg';

const ident = (name: string) => pg.escapeIdentifier(name);

/** The audit store's retention period until the infrastructure is told another. */
export const DEFAULT_AUDIT_RETENTION_MONTHS = 12;

/** The audit store's view of the entries of the reading work's organisation (R-ORG-RLS). */
export const ORGANISATION_AUDIT_VIEW = 'organisation_audit_entries';

/**
 * The organisation of the work under way, as the services' row policies read it (their
 * `current_organisation()`, which this schema does not have): the transaction's
 * `app.organisation_id`, else organisation 1.
 */
const WORK_ORGANISATION =
  "coalesce(nullif(current_setting('app.organisation_id', true), '')::integer, 1)";

/** The service that keeps the audit log's searchable store (R-AUDIT-STORE). */
export const AUDIT_STORE_SERVICE = 'identity';

/**
 * R-AUDIT-APPEND-ONLY: the audit log's store, owned by a role of its own (`svc_identity_audit`,
 * no login) in a schema of its own (`identity_audit`), so the service's role cannot change it
 * in any way: it may read and insert entries and call `audit_anonymise_actors(cutoff)` (a
 * SECURITY DEFINER function of the owner: R-AUDIT-RETENTION's one change), nothing else: no
 * UPDATE, DELETE or TRUNCATE, no DDL (it owns neither the table nor its schema), and no setting
 * it could set opens the guard. The trigger refuses every DELETE and TRUNCATE, and every UPDATE
 * but the owner's that only sets actors to null (which only the function does), even from the
 * owner or an administrator.
 *
 * R-AUDIT-CUTOFF: the retention period is the store's own (`audit_retention`, one row
 * the owner keeps, set here from `retentionMonths`, else 12 on first set-up and then left as it
 * is); the service's role can neither read nor write it. The function anonymises only entries
 * older than that period, whatever cutoff it is called with: a later cutoff ('infinity') is
 * cut back to `now() - period`, an earlier one is kept (a service may keep actors longer). The
 * signature is the one every release of svc-identity calls, so an older process during a
 * rolling upgrade still works and cannot wipe recent actors either.
 *
 * The statements are idempotent; the infrastructure runs them with an administrator's rights
 * after it made the service's role (`ensureServiceDatabase`, or by hand: docs/deploy.md).
 * They are the audit table's one definition: the local launcher runs them, Kubernetes runs them
 * as `deploy/k8s/render-database.mjs` renders them, and svc-identity's migrations make no audit
 * table of their own (0009-audit-store only moves one that a database of before still has).
 */
export function auditStoreSql(
  service = AUDIT_STORE_SERVICE,
  opts: { retentionMonths?: number } = {},
): string[] {
  const months = opts.retentionMonths;
  if (months !== undefined && !(Number.isInteger(months) && months >= 1 && months <= 120))
    throw new Error(`invalid audit retention ${String(months)}: months 1-120`);
  const role = `svc_${service}`;
  const owner = `${role}_audit`;
  const schema = `${service}_audit`;
  const q = (name: string) => `${ident(schema)}.${ident(name)}`;
  const table = q('audit_entries');
  const retention = q('audit_retention');
  return [
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${pg.escapeLiteral(owner)}) THEN
         CREATE ROLE ${ident(owner)} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$`,
    // A non-superuser administrator (CREATEROLE) acts as the owner only as its member.
    `DO $$ BEGIN
       IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
         EXECUTE 'GRANT ${ident(owner)} TO ' || quote_ident(current_user);
       END IF;
     END $$`,
    `CREATE SCHEMA IF NOT EXISTS ${ident(schema)} AUTHORIZATION ${ident(owner)}`,
    `ALTER SCHEMA ${ident(schema)} OWNER TO ${ident(owner)}`,
    `REVOKE ALL ON SCHEMA ${ident(schema)} FROM PUBLIC`,
    `SET ROLE ${ident(owner)}`,
    `CREATE TABLE IF NOT EXISTS ${table} (
      id uuid PRIMARY KEY,
      at timestamptz NOT NULL,
      service text NOT NULL,
      actor_type text NOT NULL CHECK (actor_type IN ('admin', 'parent', 'provider', 'system')),
      actor_id text,
      actor_name text,
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text,
      changes jsonb,
      reason text,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      actor_anonymised_at timestamptz
    )`,
    `CREATE INDEX IF NOT EXISTS audit_entries_at ON ${table} (at DESC, id DESC)`,
    `CREATE INDEX IF NOT EXISTS audit_entries_action ON ${table} (action, at DESC)`,
    `CREATE INDEX IF NOT EXISTS audit_entries_actor ON ${table} (actor_id, at DESC)`,
    `CREATE INDEX IF NOT EXISTS audit_entries_target ON ${table} (target_type, target_id, at DESC)`,
    // R-ORG-RLS: each entry is its organisation's (the transaction's, as every sealed table's
    // rows are; organisation 1 for entries of before and while nothing sets it), and the
    // service reads the entries of its work's organisation alone, through the view below.
    `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS organisation_id integer NOT NULL
      DEFAULT ${WORK_ORGANISATION}`,
    `CREATE INDEX IF NOT EXISTS audit_entries_organisation_at
      ON ${table} (organisation_id, at DESC, id DESC)`,
    `CREATE OR REPLACE FUNCTION ${q('audit_entries_guard')}() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
          AND current_user = ${pg.escapeLiteral(owner)}
          AND NEW.actor_id IS NULL AND NEW.actor_name IS NULL
          AND (NEW.id, NEW.at, NEW.service, NEW.actor_type, NEW.action, NEW.target_type,
               NEW.target_id, NEW.changes, NEW.reason, NEW.recorded_at, NEW.organisation_id)
            IS NOT DISTINCT FROM
              (OLD.id, OLD.at, OLD.service, OLD.actor_type, OLD.action, OLD.target_type,
               OLD.target_id, OLD.changes, OLD.reason, OLD.recorded_at, OLD.organisation_id)
        THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit entries are append-only (% refused)', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$`,
    `CREATE OR REPLACE TRIGGER audit_entries_append_only
      BEFORE UPDATE OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${q('audit_entries_guard')}()`,
    `CREATE OR REPLACE TRIGGER audit_entries_no_truncate
      BEFORE TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION ${q('audit_entries_guard')}()`,
    `CREATE TABLE IF NOT EXISTS ${retention} (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      months integer NOT NULL CHECK (months BETWEEN 1 AND 120)
    )`,
    `REVOKE ALL ON ${retention} FROM PUBLIC`,
    months === undefined
      ? `INSERT INTO ${retention} (only_row, months) VALUES (true, ${DEFAULT_AUDIT_RETENTION_MONTHS})
         ON CONFLICT (only_row) DO NOTHING`
      : `INSERT INTO ${retention} (only_row, months) VALUES (true, ${months})
         ON CONFLICT (only_row) DO UPDATE SET months = EXCLUDED.months`,
    `CREATE OR REPLACE FUNCTION ${q('audit_anonymise_actors')}(cutoff timestamptz)
      RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
      SET search_path = ${ident(schema)}, pg_temp AS $$
      DECLARE n integer; latest timestamptz;
      BEGIN
        SELECT now() - make_interval(months => r.months) INTO latest FROM ${retention} r;
        IF latest IS NULL THEN
          RAISE EXCEPTION 'the audit store has no retention period (${retention})';
        END IF;
        UPDATE ${table}
           SET actor_id = NULL, actor_name = NULL, actor_anonymised_at = now()
         WHERE at < LEAST(cutoff, latest) AND (actor_id IS NOT NULL OR actor_name IS NOT NULL);
        GET DIAGNOSTICS n = ROW_COUNT;
        RETURN n;
      END $$`,
    `REVOKE ALL ON FUNCTION ${q('audit_anonymise_actors')}(timestamptz) FROM PUBLIC`,
    // R-PLATFORM-DELETE: a deleted organisation's entries keep what was done, never by whom.
    // Organisation 1 is the deployment's own and is never deleted.
    `CREATE OR REPLACE FUNCTION ${q('audit_anonymise_organisation')}(org integer)
      RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
      SET search_path = ${ident(schema)}, pg_temp AS $$
      DECLARE n integer;
      BEGIN
        IF org IS NULL OR org <= 1 THEN
          RAISE EXCEPTION 'organisation % is not one a platform deletes', org;
        END IF;
        UPDATE ${table}
           SET actor_id = NULL, actor_name = NULL, actor_anonymised_at = now()
         WHERE organisation_id = org AND (actor_id IS NOT NULL OR actor_name IS NOT NULL);
        GET DIAGNOSTICS n = ROW_COUNT;
        RETURN n;
      END $$`,
    `REVOKE ALL ON FUNCTION ${q('audit_anonymise_organisation')}(integer) FROM PUBLIC`,
    // The entries of the reading transaction's organisation (R-ORG-RLS). Not row security on
    // the table itself: a restore loads the entries with COPY as the service's role, which row
    // security would refuse. The table's SELECT stays while a release that reads it may run.
    `CREATE OR REPLACE VIEW ${q(ORGANISATION_AUDIT_VIEW)} WITH (security_barrier) AS
      SELECT id, at, service, actor_type, actor_id, actor_name, action, target_type, target_id,
             changes, reason, recorded_at, actor_anonymised_at, organisation_id
        FROM ${table} WHERE organisation_id = ${WORK_ORGANISATION}`,
    `REVOKE ALL ON ${q(ORGANISATION_AUDIT_VIEW)} FROM PUBLIC`,
    `GRANT USAGE ON SCHEMA ${ident(schema)} TO ${ident(role)}`,
    `GRANT SELECT, INSERT ON ${table} TO ${ident(role)}`,
    `GRANT SELECT ON ${q(ORGANISATION_AUDIT_VIEW)} TO ${ident(role)}`,
    `GRANT EXECUTE ON FUNCTION ${q('audit_anonymise_actors')}(timestamptz) TO ${ident(role)}`,
    `GRANT EXECUTE ON FUNCTION ${q('audit_anonymise_organisation')}(integer) TO ${ident(role)}`,
    `RESET ROLE`,
  ];
}
