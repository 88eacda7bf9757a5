-- The sign-up rules that need the service's own rows, in the database: one call of `sign_up`
-- is one round trip per sign-up (docs/architecture.md, "Rules that must hold under
-- concurrency"). Each rule is one block below, marked with its id (docs/requirements.md).
--
-- Installed by migration 0014-sign-up-rules, which runs this file again whenever it changes:
-- a change to a rule is an edit of this file alone. Releases before it and after it call
-- `sign_up`, so its signature and its answers never change here (CREATE OR REPLACE refuses a
-- renamed parameter or another result type anyway); a new parameter or answer is a new
-- function beside it (expand, then contract: docs/deploy.md).

-- R-SIGNUP-OVERLAP: two activities overlap when they have the same weekday and start time and
-- their week ranges share a week. The draw keeps the same rule (`overlaps` in
-- src/domain/draw.ts; test/overlap-rule.test.ts checks that the two agree). A plain SQL
-- expression, IMMUTABLE, neither STRICT nor with a SET clause, so PostgreSQL inlines it into
-- the query that calls it and plans that query as if the expression were written there.
CREATE OR REPLACE FUNCTION activities_overlap(
    a_weekday smallint, a_start_time char(5), a_week_start smallint, a_week_end smallint,
    b_weekday smallint, b_start_time char(5), b_week_start smallint, b_week_end smallint
  ) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $fn$
    SELECT a_weekday = b_weekday AND a_start_time = b_start_time
      AND a_week_start <= b_week_end AND a_week_end >= b_week_start
  $fn$;

-- One sign-up for the activity catalog answered with (`p_activity`, as the API gives it) and
-- the child whose key is `p_child_key` (R-SIGNUP-CHILD: src/data-access/registrations.ts,
-- `childKey`). Answers one row: `outcome` is 'full', 'duplicate', 'overlap' or 'created'; a
-- created sign-up has its id, status ('new' or 'waitlisted') and place in line.
CREATE OR REPLACE FUNCTION sign_up(
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
    -- R-FRESH-SIGNUP: an activity created a moment ago can be signed up for at once; catalog's
    -- answer fills in the projection row its event has not brought yet.
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

    -- R-SIGNUP-FULL: approved plus offered sign-ups against catalog's capacity (counted from
    -- the index of given places, migration 0010). R-DRAW-WINDOW: while a lottery block's
    -- window is open (`p_ignore_capacity`) every sign-up is taken, whatever the capacity; the
    -- draw decides later. R-WAITLIST-JOIN: a full activity refuses the sign-up unless it asks
    -- for the waiting list (`p_waitlist`).
    SELECT count(*) INTO taken FROM registrations r
      WHERE r.activity_id = a_id AND r.status IN ('approved', 'offered');
    IF p_ignore_capacity THEN
      taken := 0;
    END IF;
    IF taken >= a_capacity AND NOT p_waitlist THEN
      RETURN QUERY SELECT 'full'::text, NULL::integer, NULL::text, NULL::integer; RETURN;
    END IF;

    -- R-SIGNUP-CHILD: one child is one key; its sign-ups are taken one at a time (a
    -- transaction advisory lock on the key), and the checks below run in later statements, so
    -- they see every sign-up of the child committed before the lock (a VOLATILE function takes
    -- a fresh snapshot per statement).
    PERFORM pg_advisory_xact_lock(hashtextextended(p_child_key, 0));

    -- R-SIGNUP-DUPLICATE and R-SIGNUP-OVERLAP, read together: the child's live sign-ups
    -- (R-WAITLIST-ONE-PLACE: waitlisted and offered ones count like new and approved ones) for
    -- this activity or for one that overlaps it.
    SELECT coalesce(bool_or(r.activity_id = a_id), false),
           coalesce(bool_or(r.activity_id <> a_id), false)
      INTO same_activity, other_activity
      FROM registrations r JOIN activities x ON x.id = r.activity_id
      WHERE r.child_key = p_child_key
        AND r.status IN ('new', 'approved', 'waitlisted', 'offered')
        AND (r.activity_id = a_id
          OR activities_overlap(x.weekday, x.start_time, x.week_start, x.week_end,
            a_weekday, a_start, a_week_start, a_week_end));
    -- R-SIGNUP-DUPLICATE: the same child twice for one activity.
    IF same_activity THEN
      RETURN QUERY SELECT 'duplicate'::text, NULL::integer, NULL::text, NULL::integer; RETURN;
    END IF;
    -- R-SIGNUP-OVERLAP: the same child in another activity at the same time.
    IF other_activity THEN
      RETURN QUERY SELECT 'overlap'::text, NULL::integer, NULL::text, NULL::integer; RETURN;
    END IF;

    -- R-WAITLIST-JOIN, R-WAITLIST-CAPACITY: full at first sight, decided again under the
    -- activity's lock, which a freed place holds until its offer is written: still full, the
    -- sign-up joins the waiting list (last in line); a place freed meanwhile, it is new.
    IF taken >= a_capacity THEN
      PERFORM 1 FROM activities WHERE activities.id = a_id FOR UPDATE;
      SELECT count(*) INTO taken FROM registrations r
        WHERE r.activity_id = a_id AND r.status IN ('approved', 'offered');
      IF taken >= a_capacity THEN
        new_status := 'waitlisted';
        seq := nextval('waitlist_order');
      END IF;
    END IF;

    -- The sign-up, its parent's link (R-MY-SIGNUP-LINK: only the token's hash is kept) and its
    -- event in the outbox, with the id, status and place in line (the confirmation email's
    -- notification gets the place too).
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
  $fn$;

-- R-IDEMPOTENCY: a keyed sign-up in one statement: the key is claimed first (a twin request
-- with the same key waits here on its row until this one commits), then `sign_up` runs, and
-- a created sign-up's answer is recorded with it: the 201's body, as the route answers it
-- (`signedUp` in src/domain/signup.ts; test/idempotency.test.ts holds the two alike). A
-- refused sign-up leaves no key behind, as a rolled-back transaction would: the service
-- records the refusal itself. A key another request holds or recorded within `p_key_hours`
-- answers 'key-taken' and nothing is done. Four round trips fewer than claiming, signing up
-- and recording in a transaction of separate statements.
CREATE OR REPLACE FUNCTION sign_up_keyed(
    p_key_hash char(64),
    p_request_hash char(64),
    p_key_hours integer,
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
    r record;
  BEGIN
    INSERT INTO idempotency_keys AS k (key_hash, request_hash)
      VALUES (p_key_hash, p_request_hash)
      ON CONFLICT (key_hash) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, status = NULL, answer = NULL, created_at = now()
        WHERE k.created_at <= now() - make_interval(hours => p_key_hours);
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'key-taken'::text, NULL::integer, NULL::text, NULL::integer; RETURN;
    END IF;
    SELECT * INTO r FROM sign_up(p_activity, p_child_key, p_child_first_name, p_child_last_name,
      p_child_date_of_birth, p_child_age, p_child_group, p_parent_name, p_email, p_phone,
      p_language, p_waitlist, p_ignore_capacity, p_manage_token_hash, p_event_id,
      p_event_subject, p_event_version, p_event_occurred_at, p_event_data, p_event_headers) s;
    IF r.outcome = 'created' THEN
      UPDATE idempotency_keys SET status = 201, answer = jsonb_build_object('kind', 'body',
          'body', jsonb_build_object('success', true, 'registration',
            CASE WHEN r.status = 'waitlisted'
              THEN jsonb_build_object('id', r.registration_id, 'status', r.status,
                'waitlistPosition', r.waitlist_position)
              ELSE jsonb_build_object('id', r.registration_id, 'status', r.status) END))
        WHERE key_hash = p_key_hash;
    ELSE
      DELETE FROM idempotency_keys WHERE key_hash = p_key_hash;
    END IF;
    RETURN QUERY SELECT r.outcome, r.registration_id, r.status, r.waitlist_position;
  END
  $fn$;
