import type { Migration } from '@nsa/service-kit';

/**
 * The sign-up window and the draw (R-DRAW-*).
 * - The projection of activities keeps their block's window and allocation.
 * - `draws`: one per lottery block: the secret seed (256 bits, hex) fixed as soon as the block
 *   has a window, its SHA-256 published at once (commit), the preview an admin asked for (its
 *   export and results), and when it was published (reveal).
 * - sign_up: `p_ignore_capacity` takes a lottery block's sign-ups while its window is open,
 *   whatever the capacity (the draw decides later); otherwise as in 0005.
 */
export const m0006Draws: Migration = {
  name: '0006-draws',
  async up({ sql }) {
    await sql(`ALTER TABLE activities
      ADD COLUMN block_signup_opens_at timestamptz,
      ADD COLUMN block_signup_closes_at timestamptz,
      ADD COLUMN block_allocation text NOT NULL DEFAULT 'fcfs'`);
    await sql(`CREATE TABLE draws (
      block_id integer PRIMARY KEY,
      seed char(64) NOT NULL,
      seed_hash char(64) NOT NULL,
      committed_at timestamptz NOT NULL DEFAULT now(),
      draw_id uuid,
      algorithm text,
      entries_digest char(64),
      export jsonb,
      results jsonb,
      stats jsonb,
      previewed_at timestamptz,
      published_at timestamptz
    )`);
    await sql(`DROP FUNCTION sign_up(jsonb, text, text, text, date, integer, text, text, text,
      text, char, boolean, char, uuid, text, integer, timestamptz, jsonb, jsonb)`);
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
        p_waitlist boolean,
        p_ignore_capacity boolean,
        p_manage_token_hash char(64),
        p_event_id uuid,
        p_event_subject text,
        p_event_version integer,
        p_event_occurred_at timestamptz,
        p_event_data jsonb,
        p_event_headers jsonb
      ) RETURNS TABLE (outcome text, registration_id integer, status text, waitlist_position integer)
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
        taken bigint;
        same_activity boolean;
        other_activity boolean;
        new_status text := 'new';
        seq bigint;
        pos integer;
        new_id integer;
        data jsonb;
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

        SELECT count(*) INTO taken FROM registrations r
          WHERE r.activity_id = a_id AND r.status IN ('approved', 'offered');
        IF p_ignore_capacity THEN
          taken := 0;
        END IF;
        IF taken >= a_capacity AND NOT p_waitlist THEN
          RETURN QUERY SELECT 'full'::text, NULL::integer, NULL::text, NULL::integer; RETURN;
        END IF;

        PERFORM pg_advisory_xact_lock(hashtextextended(p_child_key, 0));
        SELECT coalesce(bool_or(r.activity_id = a_id), false),
               coalesce(bool_or(r.activity_id <> a_id), false)
          INTO same_activity, other_activity
          FROM registrations r JOIN activities x ON x.id = r.activity_id
          WHERE r.child_key = p_child_key
            AND r.status IN ('new', 'approved', 'waitlisted', 'offered')
            AND (r.activity_id = a_id OR (x.weekday = a_weekday AND x.start_time = a_start
              AND x.week_start <= a_week_end AND x.week_end >= a_week_start));
        IF same_activity THEN
          RETURN QUERY SELECT 'duplicate'::text, NULL::integer, NULL::text, NULL::integer; RETURN;
        END IF;
        IF other_activity THEN
          RETURN QUERY SELECT 'overlap'::text, NULL::integer, NULL::text, NULL::integer; RETURN;
        END IF;

        IF taken >= a_capacity THEN
          -- Full at first sight: decide under the activity's lock, which a freed place holds
          -- until its offer is written.
          PERFORM 1 FROM activities WHERE activities.id = a_id FOR UPDATE;
          SELECT count(*) INTO taken FROM registrations r
            WHERE r.activity_id = a_id AND r.status IN ('approved', 'offered');
          IF taken >= a_capacity THEN
            new_status := 'waitlisted';
            seq := nextval('waitlist_order');
          END IF;
        END IF;

        INSERT INTO registrations (activity_id, school_id, block_id, child_first_name,
            child_last_name, child_date_of_birth, child_age, child_group, child_key, parent_name,
            email, phone, language, status, waitlist_seq)
          VALUES (a_id, a_school_id, a_block_id, p_child_first_name, p_child_last_name,
            p_child_date_of_birth, p_child_age, p_child_group, p_child_key, p_parent_name,
            p_email, p_phone, p_language, new_status, seq)
          RETURNING registrations.id INTO new_id;
        INSERT INTO manage_tokens (token_hash, registration_id) VALUES (p_manage_token_hash, new_id);
        IF new_status = 'waitlisted' THEN
          SELECT count(*) INTO pos FROM registrations r
            WHERE r.activity_id = a_id AND r.status = 'waitlisted' AND r.waitlist_seq <= seq;
        END IF;
        data := p_event_data || jsonb_build_object('registrationId', new_id, 'status', new_status);
        IF data ? 'notification' THEN
          data := jsonb_set(data, '{notification,waitlistPosition}', coalesce(to_jsonb(pos), 'null'::jsonb));
        END IF;
        INSERT INTO outbox (id, subject, type, version, occurred_at, data, headers)
          VALUES (p_event_id, p_event_subject, p_event_subject, p_event_version,
            p_event_occurred_at, data, p_event_headers);
        RETURN QUERY SELECT 'created'::text, new_id, new_status, pos;
      END
      $fn$`);
  },
};
