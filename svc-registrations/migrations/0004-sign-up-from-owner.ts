import type { Migration } from '@nsa/service-kit';

/**
 * The sign-up function takes the activity as svc-catalog answered for it at this sign-up
 * (R-FRESH-SIGNUP), no longer from this service's projection: domain/signup.ts has already
 * applied the rules that need only the activity (it exists and is not hidden, the school's
 * link, not locked). What is left needs this service's own rows and runs here, in one round
 * trip, because the evening the school links go out sign-ups are the hot path (six statements
 * from Node cost six round trips):
 * - R-SIGNUP-FULL (early answer): the approved count against the owner's capacity; approvals
 *   themselves keep capacity;
 * - R-SIGNUP-DUPLICATE and R-SIGNUP-OVERLAP: a transaction advisory lock on the child key
 *   serialises every sign-up of one child; the checks run after it in their own statements,
 *   and a VOLATILE function takes a fresh snapshot per statement, so they see every sign-up
 *   committed before the lock was granted. The child's other activities come from the
 *   projection;
 * - the sign-up and its outbox row are written together; the event's data gets the new id.
 * An activity created a moment ago may not have reached the projection yet; the owner's answer
 * fills its row in, and the catalog events keep it current from then on.
 */
export const m0004SignUpFromOwner: Migration = {
  name: '0004-sign-up-from-owner',
  async up({ sql }) {
    await sql(`DROP FUNCTION sign_up(integer, text, text, text, text, date, integer, text, text,
      text, text, char, uuid, text, integer, timestamptz, jsonb, jsonb)`);
    await sql(`CREATE FUNCTION sign_up(
        p_activity jsonb,
        p_child_key text,
        p_child_first_name text,
        p_child_last_name text,
        p_child_date_of_birth date,
        p_child_age integer,
        p_child_group text,
        p_parent_name text,
        p_email text,
        p_phone text,
        p_language char(2),
        p_event_id uuid,
        p_event_subject text,
        p_event_version integer,
        p_event_occurred_at timestamptz,
        p_event_data jsonb,
        p_event_headers jsonb
      ) RETURNS TABLE (outcome text, registration_id integer)
      LANGUAGE plpgsql VOLATILE
      SET search_path FROM CURRENT
      AS $fn$
      DECLARE
        a_id integer := (p_activity->>'id')::integer;
        a_capacity integer := (p_activity->>'capacity')::integer;
        a_weekday smallint := (p_activity->>'weekday')::smallint;
        a_start char(5) := p_activity->>'startTime';
        a_school_id integer := (p_activity->'school'->>'id')::integer;
        a_block_id integer := (p_activity->'block'->>'id')::integer;
        a_week_start smallint := (p_activity->'block'->>'weekStart')::smallint;
        a_week_end smallint := (p_activity->'block'->>'weekEnd')::smallint;
        approved bigint;
        same_activity boolean;
        other_activity boolean;
        new_id integer;
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM activities WHERE activities.id = a_id) THEN
          INSERT INTO activities (id, title, capacity, weekday, start_time, is_locked, is_hidden,
              school_id, school_name, school_token_hash, block_id, block_name, week_start,
              week_end, provider_id, provider_name)
            VALUES (a_id, p_activity->>'title', a_capacity, a_weekday, a_start,
              (p_activity->>'isLocked')::boolean, (p_activity->>'isHidden')::boolean,
              a_school_id, p_activity->'school'->>'name', p_activity->'school'->>'accessTokenHash',
              a_block_id, p_activity->'block'->>'name', a_week_start, a_week_end,
              (p_activity->'provider'->>'id')::integer, p_activity->'provider'->>'name')
            ON CONFLICT (id) DO NOTHING;
        END IF;

        SELECT count(*) INTO approved FROM registrations r
          WHERE r.activity_id = a_id AND r.status = 'approved';
        IF approved >= a_capacity THEN
          RETURN QUERY SELECT 'full'::text, NULL::integer; RETURN;
        END IF;

        PERFORM pg_advisory_xact_lock(hashtextextended(p_child_key, 0));
        SELECT coalesce(bool_or(r.activity_id = a_id), false),
               coalesce(bool_or(r.activity_id <> a_id), false)
          INTO same_activity, other_activity
          FROM registrations r JOIN activities x ON x.id = r.activity_id
          WHERE r.child_key = p_child_key AND r.status IN ('new', 'approved')
            AND (r.activity_id = a_id OR (x.weekday = a_weekday AND x.start_time = a_start
              AND x.week_start <= a_week_end AND x.week_end >= a_week_start));
        IF same_activity THEN
          RETURN QUERY SELECT 'duplicate'::text, NULL::integer; RETURN;
        END IF;
        IF other_activity THEN
          RETURN QUERY SELECT 'overlap'::text, NULL::integer; RETURN;
        END IF;

        INSERT INTO registrations (activity_id, school_id, block_id, child_first_name,
            child_last_name, child_date_of_birth, child_age, child_group, child_key, parent_name,
            email, phone, language)
          VALUES (a_id, a_school_id, a_block_id, p_child_first_name, p_child_last_name,
            p_child_date_of_birth, p_child_age, p_child_group, p_child_key, p_parent_name,
            p_email, p_phone, p_language)
          RETURNING registrations.id INTO new_id;
        INSERT INTO outbox (id, subject, type, version, occurred_at, data, headers)
          VALUES (p_event_id, p_event_subject, p_event_subject, p_event_version,
            p_event_occurred_at, p_event_data || jsonb_build_object('registrationId', new_id),
            p_event_headers);
        RETURN QUERY SELECT 'created'::text, new_id;
      END
      $fn$`);
  },
};
