-- Rendered by deploy/k8s/render-database.mjs: do not edit. Run once by CloudNativePG in the
-- new database naschool as the superuser; idempotent, so it may be run again by hand after an
-- upgrade that changes it (docs/deploy.md). The roles get their passwords from the operator.

REVOKE ALL ON DATABASE naschool FROM PUBLIC;

REVOKE CREATE ON SCHEMA public FROM PUBLIC;

DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'svc_catalog') THEN
         CREATE ROLE svc_catalog LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$;

GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_catalog;

ALTER ROLE svc_catalog IN DATABASE naschool SET search_path TO catalog;

DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'svc_catalog_owner') THEN
         CREATE ROLE svc_catalog_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$;

GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_catalog_owner;

ALTER ROLE svc_catalog_owner IN DATABASE naschool SET search_path TO catalog;

GRANT svc_catalog TO svc_catalog_owner;

CREATE SCHEMA IF NOT EXISTS catalog AUTHORIZATION svc_catalog;

ALTER SCHEMA catalog OWNER TO svc_catalog;

REVOKE ALL ON SCHEMA catalog FROM PUBLIC;

DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'svc_registrations') THEN
         CREATE ROLE svc_registrations LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$;

GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_registrations;

ALTER ROLE svc_registrations IN DATABASE naschool SET search_path TO registrations;

DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'svc_registrations_owner') THEN
         CREATE ROLE svc_registrations_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$;

GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_registrations_owner;

ALTER ROLE svc_registrations_owner IN DATABASE naschool SET search_path TO registrations;

GRANT svc_registrations TO svc_registrations_owner;

CREATE SCHEMA IF NOT EXISTS registrations AUTHORIZATION svc_registrations;

ALTER SCHEMA registrations OWNER TO svc_registrations;

REVOKE ALL ON SCHEMA registrations FROM PUBLIC;

DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'svc_identity') THEN
         CREATE ROLE svc_identity LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$;

GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_identity;

ALTER ROLE svc_identity IN DATABASE naschool SET search_path TO identity;

DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'svc_identity_owner') THEN
         CREATE ROLE svc_identity_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$;

GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_identity_owner;

ALTER ROLE svc_identity_owner IN DATABASE naschool SET search_path TO identity;

GRANT svc_identity TO svc_identity_owner;

CREATE SCHEMA IF NOT EXISTS identity AUTHORIZATION svc_identity;

ALTER SCHEMA identity OWNER TO svc_identity;

REVOKE ALL ON SCHEMA identity FROM PUBLIC;

DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'svc_notify') THEN
         CREATE ROLE svc_notify LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$;

GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_notify;

ALTER ROLE svc_notify IN DATABASE naschool SET search_path TO notify;

DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'svc_notify_owner') THEN
         CREATE ROLE svc_notify_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$;

GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_notify_owner;

ALTER ROLE svc_notify_owner IN DATABASE naschool SET search_path TO notify;

GRANT svc_notify TO svc_notify_owner;

CREATE SCHEMA IF NOT EXISTS notify AUTHORIZATION svc_notify;

ALTER SCHEMA notify OWNER TO svc_notify;

REVOKE ALL ON SCHEMA notify FROM PUBLIC;

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'svc_identity_audit') THEN
         CREATE ROLE "svc_identity_audit" NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$;

DO $$ BEGIN
       IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
         EXECUTE 'GRANT "svc_identity_audit" TO ' || quote_ident(current_user);
       END IF;
     END $$;

CREATE SCHEMA IF NOT EXISTS "identity_audit" AUTHORIZATION "svc_identity_audit";

ALTER SCHEMA "identity_audit" OWNER TO "svc_identity_audit";

REVOKE ALL ON SCHEMA "identity_audit" FROM PUBLIC;

SET ROLE "svc_identity_audit";

CREATE TABLE IF NOT EXISTS "identity_audit"."audit_entries" (
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
    );

CREATE INDEX IF NOT EXISTS audit_entries_at ON "identity_audit"."audit_entries" (at DESC, id DESC);

CREATE INDEX IF NOT EXISTS audit_entries_action ON "identity_audit"."audit_entries" (action, at DESC);

CREATE INDEX IF NOT EXISTS audit_entries_actor ON "identity_audit"."audit_entries" (actor_id, at DESC);

CREATE INDEX IF NOT EXISTS audit_entries_target ON "identity_audit"."audit_entries" (target_type, target_id, at DESC);

ALTER TABLE "identity_audit"."audit_entries" ADD COLUMN IF NOT EXISTS organisation_id integer NOT NULL
      DEFAULT coalesce(nullif(current_setting('app.organisation_id', true), '')::integer, 1);

CREATE INDEX IF NOT EXISTS audit_entries_organisation_at
      ON "identity_audit"."audit_entries" (organisation_id, at DESC, id DESC);

CREATE OR REPLACE FUNCTION "identity_audit"."audit_entries_guard"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
          AND current_user = 'svc_identity_audit'
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
      END $$;

CREATE OR REPLACE TRIGGER audit_entries_append_only
      BEFORE UPDATE OR DELETE ON "identity_audit"."audit_entries"
      FOR EACH ROW EXECUTE FUNCTION "identity_audit"."audit_entries_guard"();

CREATE OR REPLACE TRIGGER audit_entries_no_truncate
      BEFORE TRUNCATE ON "identity_audit"."audit_entries"
      FOR EACH STATEMENT EXECUTE FUNCTION "identity_audit"."audit_entries_guard"();

CREATE TABLE IF NOT EXISTS "identity_audit"."audit_retention" (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      months integer NOT NULL CHECK (months BETWEEN 1 AND 120)
    );

REVOKE ALL ON "identity_audit"."audit_retention" FROM PUBLIC;

INSERT INTO "identity_audit"."audit_retention" (only_row, months) VALUES (true, 12)
         ON CONFLICT (only_row) DO NOTHING;

CREATE OR REPLACE FUNCTION "identity_audit"."audit_anonymise_actors"(cutoff timestamptz)
      RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
      SET search_path = "identity_audit", pg_temp AS $$
      DECLARE n integer; latest timestamptz;
      BEGIN
        SELECT now() - make_interval(months => r.months) INTO latest FROM "identity_audit"."audit_retention" r;
        IF latest IS NULL THEN
          RAISE EXCEPTION 'the audit store has no retention period ("identity_audit"."audit_retention")';
        END IF;
        UPDATE "identity_audit"."audit_entries"
           SET actor_id = NULL, actor_name = NULL, actor_anonymised_at = now()
         WHERE at < LEAST(cutoff, latest) AND (actor_id IS NOT NULL OR actor_name IS NOT NULL);
        GET DIAGNOSTICS n = ROW_COUNT;
        RETURN n;
      END $$;

REVOKE ALL ON FUNCTION "identity_audit"."audit_anonymise_actors"(timestamptz) FROM PUBLIC;

CREATE OR REPLACE FUNCTION "identity_audit"."audit_anonymise_organisation"(org integer)
      RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
      SET search_path = "identity_audit", pg_temp AS $$
      DECLARE n integer;
      BEGIN
        IF org IS NULL OR org <= 1 THEN
          RAISE EXCEPTION 'organisation % is not one a platform deletes', org;
        END IF;
        UPDATE "identity_audit"."audit_entries"
           SET actor_id = NULL, actor_name = NULL, actor_anonymised_at = now()
         WHERE organisation_id = org AND (actor_id IS NOT NULL OR actor_name IS NOT NULL);
        GET DIAGNOSTICS n = ROW_COUNT;
        RETURN n;
      END $$;

REVOKE ALL ON FUNCTION "identity_audit"."audit_anonymise_organisation"(integer) FROM PUBLIC;

CREATE OR REPLACE VIEW "identity_audit"."organisation_audit_entries" WITH (security_barrier) AS
      SELECT id, at, service, actor_type, actor_id, actor_name, action, target_type, target_id,
             changes, reason, recorded_at, actor_anonymised_at, organisation_id
        FROM "identity_audit"."audit_entries" WHERE organisation_id = coalesce(nullif(current_setting('app.organisation_id', true), '')::integer, 1);

REVOKE ALL ON "identity_audit"."organisation_audit_entries" FROM PUBLIC;

GRANT USAGE ON SCHEMA "identity_audit" TO "svc_identity";

GRANT SELECT, INSERT ON "identity_audit"."audit_entries" TO "svc_identity";

GRANT SELECT ON "identity_audit"."organisation_audit_entries" TO "svc_identity";

GRANT EXECUTE ON FUNCTION "identity_audit"."audit_anonymise_actors"(timestamptz) TO "svc_identity";

GRANT EXECUTE ON FUNCTION "identity_audit"."audit_anonymise_organisation"(integer) TO "svc_identity";

RESET ROLE;
