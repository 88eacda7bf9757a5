-- The sign-up rules that need the service's own rows, in the database: one call of
-- `sign_up_declared` is one round trip per sign-up, keyed or not (docs/architecture.md, "Rules
-- that must hold under concurrency"). Each rule is one block below, marked with its id
-- (docs/requirements.md).
--
-- Installed by migration 0014-sign-up-rules, which runs this file again whenever it changes:
-- a change to a rule is an edit of this file alone. A function's signature and answers never
-- change here (CREATE OR REPLACE refuses a renamed parameter or another result type anyway);
-- a new parameter or answer is a new function beside it (expand, then contract:
-- docs/deploy.md). `sign_up_declared` takes the sign-up as one declaration (a jsonb with
-- named fields), so a new field of the sign-up is a new key, not a new signature;
-- `sign_up` and `sign_up_keyed`, at the end, are kept for the last release only.

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

-- R-SIGNUP-*: the sign-up rules that need this service's rows and the sign-up's rows themselves,
-- for one sign-up declared as one jsonb (`p_sign_up`, the keys of `SignUpRecord` in
-- src/data-access/registrations.ts: the parsed form's fields as the API takes them, plus the
-- owner's `activity`, `childKey`, `childAge`, `language`, `ignoreCapacity` and the link's
-- `manageTokenHash`). Answers one row: `outcome` is 'full', 'duplicate', 'overlap' or
-- 'created'; a created sign-up has its id, status ('new' or 'waitlisted') and place in line.
-- Writes no event: its callers do (`sign_up_declared`, and `sign_up` for the last release).
-- A field it needs that the declaration lacks is refused (test/signup-declaration.test.ts).
CREATE OR REPLACE FUNCTION sign_up_rules(p_sign_up jsonb)
  RETURNS TABLE (outcome text, registration_id integer, status text, waitlist_position integer)
  LANGUAGE plpgsql VOLATILE
  SET search_path FROM CURRENT
  AS $fn$
  DECLARE
    a_id integer := (p_sign_up->'activity'->>'id')::integer;
    a_capacity integer := (p_sign_up->'activity'->>'capacity')::integer;
    a_weekday smallint := (p_sign_up->'activity'->>'weekday')::smallint;
    a_start char(5) := p_sign_up->'activity'->>'startTime';
    a_school_id integer := (p_sign_up->'activity'->'school'->>'id')::integer;
    a_block_id integer := (p_sign_up->'activity'->'block'->>'id')::integer;
    a_week_start smallint := (p_sign_up->'activity'->'block'->>'weekStart')::smallint;
    a_week_end smallint := (p_sign_up->'activity'->'block'->>'weekEnd')::smallint;
    p_child_key text := p_sign_up->>'childKey';
    missing text[];
    taken bigint;
    same_activity boolean;
    other_activity boolean;
    new_status text := 'new';
    seq bigint;
    pos integer;
    new_id integer;
  BEGIN
    -- Every field this function and `sign_up_declared` read, present (null where the form
    -- leaves it out): a declaration that lost or renamed one is refused, not stored as null.
    SELECT array_agg(k) INTO missing FROM unnest(ARRAY['activity', 'activityId', 'childKey',
        'childFirstName', 'childLastName', 'childDateOfBirth', 'childAge', 'childGroup',
        'parentName', 'email', 'phone', 'language', 'waitlist', 'ignoreCapacity',
        'manageTokenHash', 'sealedLink', 'year', 'event', 'key']) AS k
      WHERE NOT p_sign_up ? k;
    IF missing IS NOT NULL THEN
      RAISE EXCEPTION 'sign-up declaration lacks %', array_to_string(missing, ', ')
        USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- R-FRESH-SIGNUP: an activity created a moment ago can be signed up for at once; catalog's
    -- answer fills in the projection row its event has not brought yet.
    IF NOT EXISTS (SELECT 1 FROM activities WHERE activities.id = a_id) THEN
      INSERT INTO activities (id, title, capacity, weekday, start_time, is_locked, is_hidden,
          school_id, school_name, school_token_hash, block_id, block_name, week_start,
          week_end, provider_id, provider_name)
        VALUES (a_id, p_sign_up->'activity'->>'title', a_capacity, a_weekday, a_start,
          (p_sign_up->'activity'->>'isLocked')::boolean,
          (p_sign_up->'activity'->>'isHidden')::boolean,
          a_school_id, p_sign_up->'activity'->'school'->>'name',
          p_sign_up->'activity'->'school'->>'accessTokenHash',
          a_block_id, p_sign_up->'activity'->'block'->>'name', a_week_start, a_week_end,
          (p_sign_up->'activity'->'provider'->>'id')::integer,
          p_sign_up->'activity'->'provider'->>'name')
        ON CONFLICT (id) DO NOTHING;
    END IF;

    -- R-SIGNUP-FULL: approved plus offered sign-ups against catalog's capacity (counted from
    -- the index of given places, migration 0010). R-DRAW-WINDOW: while a lottery block's
    -- window is open (`ignoreCapacity`) every sign-up is taken, whatever the capacity; the
    -- draw decides later. R-WAITLIST-JOIN: a full activity refuses the sign-up unless it asks
    -- for the waiting list (`waitlist`).
    SELECT count(*) INTO taken FROM registrations r
      WHERE r.activity_id = a_id AND r.status IN ('approved', 'offered');
    IF (p_sign_up->>'ignoreCapacity')::boolean THEN
      taken := 0;
    END IF;
    IF taken >= a_capacity AND NOT coalesce((p_sign_up->>'waitlist')::boolean, false) THEN
      RETURN QUERY SELECT 'full'::text, NULL::integer, NULL::text, NULL::integer; RETURN;
    END IF;

    -- R-SIGNUP-CHILD: one child is one key; its sign-ups are taken one at a time (a
    -- transaction advisory lock on the key), and the checks below run in later statements, so
    -- they see every sign-up of the child committed before the lock (a VOLATILE function takes
    -- a fresh snapshot per statement). The key is the organisation's (R-ORG-RLS): the same
    -- child in two organisations is two children, and neither waits for the other.
    PERFORM pg_advisory_xact_lock(
      hashtextextended(coalesce(current_organisation(), 1) || ':' || p_child_key, 0));

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

    -- The sign-up and its parent's link (R-MY-SIGNUP-LINK: only the token's hash is kept).
    INSERT INTO registrations (activity_id, school_id, block_id, child_first_name,
        child_last_name, child_date_of_birth, child_age, child_group, child_key, parent_name,
        email, phone, language, status, waitlist_seq)
      VALUES (a_id, a_school_id, a_block_id, p_sign_up->>'childFirstName',
        p_sign_up->>'childLastName', (p_sign_up->>'childDateOfBirth')::date,
        (p_sign_up->>'childAge')::integer, p_sign_up->>'childGroup', p_child_key,
        p_sign_up->>'parentName', p_sign_up->>'email', p_sign_up->>'phone',
        p_sign_up->>'language', new_status, seq)
      RETURNING registrations.id INTO new_id;
    INSERT INTO manage_tokens (token_hash, registration_id)
      VALUES (p_sign_up->>'manageTokenHash', new_id);
    IF new_status = 'waitlisted' THEN
      SELECT count(*) INTO pos FROM registrations r
        WHERE r.activity_id = a_id AND r.status = 'waitlisted' AND r.waitlist_seq <= seq;
    END IF;
    RETURN QUERY SELECT 'created'::text, new_id, new_status, pos;
  END
  $fn$;

-- One sign-up, declared once (`p_sign_up`, see `sign_up_rules`), in one statement: with a
-- `key` (R-IDEMPOTENCY: `{keyHash, requestHash, hours, status}`, null without one) the key is
-- claimed first (a twin request with the same key waits here on its row until this one
-- commits; a key another request holds or recorded within `hours` answers 'key-taken' with
-- the row recorded under it, and nothing is done); then the rules and the sign-up (`sign_up_rules`); then, for a created
-- sign-up, its event (registrations.registration.created, whole: the confirmation email's
-- notification with the place in line) in the outbox, under the envelope `event` gives
-- (`id`, `type`, `version`, `occurredAt`, `headers`), and its answer, the 201's body, built
-- here alone and recorded under the key with the key's `status`. A refused sign-up leaves no
-- key behind, as a rolled-back transaction would: the service records the refusal itself.
-- Answers `outcome` and, for a created sign-up, `answer`.
CREATE OR REPLACE FUNCTION sign_up_declared(p_sign_up jsonb)
  RETURNS TABLE (outcome text, answer jsonb)
  LANGUAGE plpgsql VOLATILE
  SET search_path FROM CURRENT
  AS $fn$
  DECLARE
    k jsonb;
    -- Typed as the column, so the key's look-ups use its primary key (a text operand would
    -- compare the column as text and read the whole table).
    k_hash char(64);
    r record;
    body jsonb;
    a jsonb;
  BEGIN
    -- R-ORG-HOST: the sign-up's organisation, for this statement's own transaction (the service
    -- runs this one statement without a transaction around it), before any row is read. One
    -- declared for another organisation than the one already set is refused. A declaration
    -- without one (release 0.1.1 sends none) sets none.
    IF p_sign_up->>'organisationId' IS NOT NULL THEN
      IF coalesce(nullif(current_setting('app.organisation_id', true), ''),
          p_sign_up->>'organisationId') <> p_sign_up->>'organisationId' THEN
        RAISE EXCEPTION 'sign-up declared for another organisation'
          USING ERRCODE = 'invalid_parameter_value';
      END IF;
      PERFORM set_config('app.organisation_id', (p_sign_up->>'organisationId')::integer::text,
        true);
    END IF;
    -- The declaration's shape is checked by `sign_up_rules` first thing; `key` is checked
    -- here too, as it is read before.
    IF NOT p_sign_up ? 'key' THEN
      RAISE EXCEPTION 'sign-up declaration lacks key' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    k := p_sign_up->'key';
    k_hash := k->>'keyHash';
    IF jsonb_typeof(k) = 'object' THEN
      INSERT INTO idempotency_keys AS ik (key_hash, request_hash)
        VALUES (k_hash, k->>'requestHash')
        ON CONFLICT (key_hash) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, status = NULL, answer = NULL,
            created_at = now()
          WHERE ik.created_at <= now() - make_interval(hours => (k->>'hours')::integer);
      -- Taken: the row the other request recorded (committed while this one waited on it),
      -- answered as `{requestHash, status, answer}`, so the repeat needs no look-up of its own.
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'key-taken'::text,
          (SELECT jsonb_build_object('requestHash', ik.request_hash, 'status', ik.status,
              'answer', ik.answer)
            FROM idempotency_keys ik WHERE ik.key_hash = k_hash AND ik.status IS NOT NULL);
        RETURN;
      END IF;
    END IF;
    SELECT * INTO r FROM sign_up_rules(p_sign_up) s;
    IF r.outcome = 'created' THEN
      a := p_sign_up->'activity';
      INSERT INTO outbox (id, subject, type, version, occurred_at, data, headers)
        VALUES ((p_sign_up->'event'->>'id')::uuid, p_sign_up->'event'->>'type',
          p_sign_up->'event'->>'type', (p_sign_up->'event'->>'version')::integer,
          (p_sign_up->'event'->>'occurredAt')::timestamptz,
          jsonb_build_object(
            'registrationId', r.registration_id,
            'activityId', (p_sign_up->>'activityId')::integer,
            'status', r.status,
            'previousStatus', NULL,
            'sendEmail', true,
            'language', p_sign_up->>'language',
            'notification', jsonb_build_object(
              'to', p_sign_up->>'email',
              'parentName', p_sign_up->>'parentName',
              'childName', (p_sign_up->>'childFirstName') || ' ' || (p_sign_up->>'childLastName'),
              'activityTitle', a->>'title',
              'schoolName', a->'school'->>'name',
              'providerName', a->'provider'->>'name',
              'blockName', a->'block'->>'name',
              'weekday', a->'weekday',
              'startTime', a->>'startTime',
              'weekStart', a->'block'->'weekStart',
              'weekEnd', a->'block'->'weekEnd',
              'reason', NULL,
              'year', p_sign_up->'year',
              'sealedLink', p_sign_up->>'sealedLink',
              'waitlistPosition', r.waitlist_position,
              'offerExpiresAt', NULL)),
          coalesce(p_sign_up->'event'->'headers', '{}'::jsonb));
      -- R-SIGNUP-ANSWER: the 201's body; a waitlisted sign-up's with its place in line.
      body := jsonb_build_object('success', true, 'registration',
        jsonb_build_object('id', r.registration_id, 'status', r.status)
          || CASE WHEN r.status = 'waitlisted'
               THEN jsonb_build_object('waitlistPosition', r.waitlist_position)
               ELSE '{}'::jsonb END);
      IF jsonb_typeof(k) = 'object' THEN
        UPDATE idempotency_keys SET status = (k->>'status')::integer,
            answer = jsonb_build_object('kind', 'body', 'body', body)
          WHERE key_hash = k_hash;
      END IF;
      RETURN QUERY SELECT r.outcome, body; RETURN;
    END IF;
    IF jsonb_typeof(k) = 'object' THEN
      DELETE FROM idempotency_keys WHERE key_hash = k_hash;
    END IF;
    RETURN QUERY SELECT r.outcome, NULL::jsonb;
  END
  $fn$;

-- KEPT FOR THE LAST RELEASE (expand, then contract: docs/deploy.md): the release before
-- `sign_up_declared` calls `sign_up` and `sign_up_keyed` with their positional parameters, and
-- their signatures and answers never change here. The release after this one (whose last
-- release then calls `sign_up_declared`) drops both.
-- `sign_up` declares its values as `sign_up_rules` takes them, then writes the event the old
-- release built, with the outcome's id, status and place in line.
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
    r record;
    data jsonb;
  BEGIN
    SELECT * INTO r FROM sign_up_rules(jsonb_build_object(
      'activity', p_activity, 'activityId', (p_activity->>'id')::integer,
      'childKey', p_child_key, 'childFirstName', p_child_first_name,
      'childLastName', p_child_last_name, 'childDateOfBirth', p_child_date_of_birth,
      'childAge', p_child_age, 'childGroup', p_child_group, 'parentName', p_parent_name,
      'email', p_email, 'phone', p_phone, 'language', p_language, 'waitlist', p_waitlist,
      'ignoreCapacity', p_ignore_capacity, 'manageTokenHash', p_manage_token_hash,
      'sealedLink', NULL, 'year', NULL, 'event', NULL, 'key', NULL)) s;
    IF r.outcome = 'created' THEN
      data := p_event_data || jsonb_build_object('registrationId', r.registration_id,
        'status', r.status);
      IF data ? 'notification' THEN
        data := jsonb_set(data, '{notification,waitlistPosition}',
          coalesce(to_jsonb(r.waitlist_position), 'null'::jsonb));
      END IF;
      INSERT INTO outbox (id, subject, type, version, occurred_at, data, headers)
        VALUES (p_event_id, p_event_subject, p_event_subject, p_event_version,
          p_event_occurred_at, data, p_event_headers);
    END IF;
    RETURN QUERY SELECT r.outcome, r.registration_id, r.status, r.waitlist_position;
  END
  $fn$;

-- KEPT FOR THE LAST RELEASE, as `sign_up` above. R-IDEMPOTENCY: the last release's keyed
-- sign-up in one statement: the key is claimed first (a twin request with the same key waits
-- here on its row until this one commits), then `sign_up` runs, and a created sign-up's answer
-- is recorded with it: the 201's body, as `sign_up_declared` builds it. A refused sign-up
-- leaves no key behind, as a rolled-back transaction would: the service records the refusal
-- itself. A key another request holds or recorded within `p_key_hours` answers 'key-taken'
-- and nothing is done.
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
