import type { Migration } from '@nsa/service-kit';

/**
 * The audit log's searchable store (R-AUDIT-STORE, R-AUDIT-APPEND-ONLY): one row per entry any
 * service recorded, keyed by the entry's id so a redelivered event is stored once.
 *
 * Append-only, held by the database itself and not only by the code:
 * - the role loses DELETE and TRUNCATE on the table, and may UPDATE only the actor's id and
 *   name (and when they were anonymised);
 * - a trigger refuses every DELETE and TRUNCATE, and every UPDATE except the one
 *   `audit_anonymise_actors(cutoff)` makes: actor id and name set to null on entries older than
 *   the cutoff, nothing else changed (the retention of actors, R-AUDIT-RETENTION).
 * The service's role owns its schema (it runs the migrations), so it could still drop the
 * trigger with DDL; no statement the service's code runs can change or remove an entry.
 */
export const m0004Audit: Migration = {
  name: '0004-audit',
  async up({ sql }) {
    await sql(`CREATE TABLE audit_entries (
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
    )`);
    await sql('CREATE INDEX audit_entries_at ON audit_entries (at DESC, id DESC)');
    await sql('CREATE INDEX audit_entries_action ON audit_entries (action, at DESC)');
    await sql('CREATE INDEX audit_entries_actor ON audit_entries (actor_id, at DESC)');
    await sql(
      'CREATE INDEX audit_entries_target ON audit_entries (target_type, target_id, at DESC)',
    );

    await sql(`CREATE FUNCTION audit_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
          AND current_setting('nsa.audit_anonymise', true) = 'on'
          AND NEW.actor_id IS NULL AND NEW.actor_name IS NULL
          AND (NEW.id, NEW.at, NEW.service, NEW.actor_type, NEW.action, NEW.target_type,
               NEW.target_id, NEW.changes, NEW.reason, NEW.recorded_at)
            IS NOT DISTINCT FROM
              (OLD.id, OLD.at, OLD.service, OLD.actor_type, OLD.action, OLD.target_type,
               OLD.target_id, OLD.changes, OLD.reason, OLD.recorded_at)
        THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit entries are append-only (% refused)', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await sql(`CREATE TRIGGER audit_entries_append_only
      BEFORE UPDATE OR DELETE ON audit_entries
      FOR EACH ROW EXECUTE FUNCTION audit_entries_guard()`);
    await sql(`CREATE TRIGGER audit_entries_no_truncate
      BEFORE TRUNCATE ON audit_entries
      FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_guard()`);

    await sql(`CREATE FUNCTION audit_anonymise_actors(cutoff timestamptz) RETURNS integer
      LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
      DECLARE n integer;
      BEGIN
        PERFORM set_config('nsa.audit_anonymise', 'on', true);
        UPDATE audit_entries
           SET actor_id = NULL, actor_name = NULL, actor_anonymised_at = now()
         WHERE at < cutoff AND (actor_id IS NOT NULL OR actor_name IS NOT NULL);
        GET DIAGNOSTICS n = ROW_COUNT;
        PERFORM set_config('nsa.audit_anonymise', 'off', true);
        RETURN n;
      END $$`);

    await sql('REVOKE UPDATE, DELETE, TRUNCATE ON audit_entries FROM CURRENT_USER');
    await sql(
      'GRANT UPDATE (actor_id, actor_name, actor_anonymised_at) ON audit_entries TO CURRENT_USER',
    );
  },
};
