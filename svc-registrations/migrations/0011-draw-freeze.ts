import type { Migration } from '@nsa/service-kit';

/**
 * R-DRAW-FREEZE: at close a lottery block's entries freeze.
 * - `draws.closes_at`: the block's close as its last block event said (the freeze waits for it).
 * - `draws.frozen_at`, `frozen_export` (`{activities, entries}`, the draw's whole input) and
 *   `entries_digest` (from now on the frozen entries' digest, docs/draw.md) are written once, by
 *   `freeze_draw`; `frozen_announced` is false while catalog has not been told of a freeze or a thaw.
 * - `freeze_draw(block)`: freezes a lottery block whose close has passed and whose draw is not
 *   published, under the draw's row lock; answers whether it froze now. Keys as in docs/draw.md:
 *   a family is `family-<id of its first sign-up>` (parent email, any case), a child
 *   `child-<id of its first sign-up>`, a child's preference the order of its sign-ups from 0.
 * - A trigger freezes the block before any of its entries (a sign-up still `new`) changes or
 *   goes, whatever the path (withdrawal, erasure, retention, review): nothing done after close
 *   can reach the frozen list, however soon after close it comes.
 */
export const m0011DrawFreeze: Migration = {
  name: '0011-draw-freeze',
  async up({ sql }) {
    await sql(`ALTER TABLE draws
      ADD COLUMN closes_at timestamptz,
      ADD COLUMN frozen_at timestamptz,
      ADD COLUMN frozen_export jsonb,
      ADD COLUMN frozen_announced boolean NOT NULL DEFAULT true`);
    await sql(`UPDATE draws d SET closes_at = (
        SELECT max(a.block_signup_closes_at) FROM activities a
        WHERE a.block_id = d.block_id AND a.block_allocation = 'lottery')`);
    await sql(`CREATE FUNCTION freeze_draw(p_block_id integer) RETURNS boolean
      LANGUAGE plpgsql VOLATILE
      SET search_path FROM CURRENT
      AS $fn$
      DECLARE
        d_closes timestamptz;
        d_frozen timestamptz;
        d_published timestamptz;
        acts jsonb;
        ents jsonb;
        keys text;
      BEGIN
        SELECT closes_at, frozen_at, published_at INTO d_closes, d_frozen, d_published
          FROM draws WHERE block_id = p_block_id FOR UPDATE;
        IF NOT FOUND OR d_frozen IS NOT NULL OR d_published IS NOT NULL OR d_closes IS NULL
            OR d_closes > clock_timestamp() THEN
          RETURN false;
        END IF;
        SELECT coalesce(jsonb_agg(jsonb_build_object(
              'id', a.id,
              'places', greatest(0, a.capacity - (SELECT count(*) FROM registrations r
                WHERE r.activity_id = a.id AND r.status IN ('approved', 'offered'))),
              'weekday', a.weekday,
              'startTime', a.start_time,
              'weekStart', a.week_start,
              'weekEnd', a.week_end) ORDER BY a.id), '[]'::jsonb)
          INTO acts
          FROM activities a WHERE a.block_id = p_block_id AND NOT a.deleted;
        WITH e AS (
          SELECT r.id, r.activity_id, lower(r.email) AS fam, r.child_key AS ch, r.created_at
            FROM registrations r JOIN activities a ON a.id = r.activity_id
            WHERE a.block_id = p_block_id AND NOT a.deleted AND r.status = 'new'
        ), k AS (
          SELECT e.*,
              first_value(e.id) OVER (PARTITION BY e.fam ORDER BY e.created_at, e.id) AS fid,
              first_value(e.id) OVER (PARTITION BY e.fam, e.ch ORDER BY e.created_at, e.id) AS cid
            FROM e
        ), p AS (
          SELECT k.*, row_number() OVER (PARTITION BY k.cid ORDER BY k.created_at, k.id) - 1
              AS pref
            FROM k
        )
        SELECT coalesce(jsonb_agg(jsonb_build_object(
              'registrationId', p.id,
              'activityId', p.activity_id,
              'family', 'family-' || p.fid,
              'child', 'child-' || p.cid,
              'preference', p.pref) ORDER BY p.created_at, p.id), '[]'::jsonb),
            coalesce(string_agg(p.id || '|' || p.activity_id || '|family-' || p.fid
              || '|child-' || p.cid || '|' || p.pref || E'\\n', ''
              ORDER BY (p.id || '|' || p.activity_id || '|family-' || p.fid || '|child-' || p.cid
                || '|' || p.pref) COLLATE "C"), '')
          INTO ents, keys
          FROM p;
        UPDATE draws SET frozen_at = clock_timestamp(),
            frozen_export = jsonb_build_object('activities', acts, 'entries', ents),
            entries_digest = encode(sha256(convert_to(keys, 'UTF8')), 'hex'),
            frozen_announced = false,
            draw_id = NULL, algorithm = NULL, export = NULL, results = NULL, stats = NULL,
            previewed_at = NULL
          WHERE block_id = p_block_id;
        RETURN true;
      END
      $fn$`);
    await sql(`CREATE FUNCTION registrations_freeze_draw() RETURNS trigger
      LANGUAGE plpgsql VOLATILE
      SET search_path FROM CURRENT
      AS $fn$
      BEGIN
        IF EXISTS (SELECT 1 FROM draws d WHERE d.block_id = OLD.block_id
            AND d.frozen_at IS NULL AND d.published_at IS NULL
            AND d.closes_at <= clock_timestamp()) THEN
          PERFORM freeze_draw(OLD.block_id);
        END IF;
        IF TG_OP = 'DELETE' THEN
          RETURN OLD;
        END IF;
        RETURN NEW;
      END
      $fn$`);
    await sql(`CREATE TRIGGER registrations_freeze_draw
      BEFORE UPDATE OR DELETE ON registrations
      FOR EACH ROW WHEN (OLD.status = 'new')
      EXECUTE FUNCTION registrations_freeze_draw()`);
  },
};
