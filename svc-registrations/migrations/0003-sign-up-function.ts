import type { Migration } from '@nsa/service-kit';

/**
 * A parent's sign-up as one database call. The evening the school links go out, sign-ups are
 * the product's hot path; as six statements in a transaction from Node they cost six round
 * trips, and the measured CPU per sign-up went mostly to those. The rules are the ones in
 * domain/signup.ts, which maps each outcome to its answer:
 * - the activity must exist, be reached with its school's token (the hash is compared), not be
 *   hidden, locked or already full (the approved count is only the early "full" answer:
 *   approvals themselves keep capacity);
 * - a transaction advisory lock on the child serialises every sign-up of one child; the
 *   duplicate and overlap checks run after it in their own statements, and a VOLATILE
 *   function takes a fresh snapshot per statement, so they see every sign-up committed before
 *   the lock was granted;
 * - the sign-up and its outbox row are written together; the event's data gets the new id.
 */
export const m0003SignUpFunction: Migration = {
  name: '0003-sign-up-function',
  async up({ sql }) {
    await sql(`CREATE FUNCTION sign_up(
        p_activity_id integer,
        p_token_hash text,
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
        a activities%ROWTYPE;
        approved bigint;
        same_activity boolean;
        other_activity boolean;
        new_id integer;
      BEGIN
        SELECT * INTO a FROM activities WHERE activities.id = p_activity_id;
        IF NOT FOUND OR a.deleted THEN
          RETURN QUERY SELECT 'not-found'::text, NULL::integer; RETURN;
        END IF;
        IF p_token_hash IS NULL OR a.school_token_hash <> p_token_hash THEN
          RETURN QUERY SELECT 'forbidden'::text, NULL::integer; RETURN;
        END IF;
        IF a.is_hidden THEN
          RETURN QUERY SELECT 'not-found'::text, NULL::integer; RETURN;
        END IF;
        IF a.is_locked THEN
          RETURN QUERY SELECT 'locked'::text, NULL::integer; RETURN;
        END IF;
        SELECT count(*) INTO approved FROM registrations r
          WHERE r.activity_id = a.id AND r.status = 'approved';
        IF approved >= a.capacity THEN
          RETURN QUERY SELECT 'full'::text, NULL::integer; RETURN;
        END IF;

        PERFORM pg_advisory_xact_lock(hashtextextended(p_child_key, 0));
        SELECT coalesce(bool_or(r.activity_id = a.id), false),
               coalesce(bool_or(r.activity_id <> a.id), false)
          INTO same_activity, other_activity
          FROM registrations r JOIN activities x ON x.id = r.activity_id
          WHERE r.child_key = p_child_key AND r.status IN ('new', 'approved')
            AND (r.activity_id = a.id OR (x.weekday = a.weekday AND x.start_time = a.start_time
              AND x.week_start <= a.week_end AND x.week_end >= a.week_start));
        IF same_activity THEN
          RETURN QUERY SELECT 'duplicate'::text, NULL::integer; RETURN;
        END IF;
        IF other_activity THEN
          RETURN QUERY SELECT 'overlap'::text, NULL::integer; RETURN;
        END IF;

        INSERT INTO registrations (activity_id, school_id, block_id, child_first_name,
            child_last_name, child_date_of_birth, child_age, child_group, child_key, parent_name,
            email, phone, language)
          VALUES (a.id, a.school_id, a.block_id, p_child_first_name, p_child_last_name,
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
