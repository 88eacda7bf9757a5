import type { Migration } from '@nsa/service-kit';
import { childKey } from '../src/data-access/registrations.js';

/** Sign-ups read and written at a time. */
const BATCH = 1000;

/**
 * R-NAMES-NORMAL, R-SIGNUP-CHILD: every sign-up not yet erased gets its child key again, from
 * the one normalisation (`childKey`, in TypeScript): before it the key only trimmed, collapsed
 * spaces and lower-cased, so `Review\u200bprobe` and `Reviewprobe` were two children. Erased
 * sign-ups keep their `erased:<id>` key. A key is written only where it changes.
 */
export const m0017ChildKeys: Migration = {
  name: '0017-child-keys',
  async up({ select }) {
    let after = 0;
    for (;;) {
      const rows = await select<{
        id: number;
        first: string;
        last: string;
        dob: string;
        key: string;
      }>(
        `SELECT id, child_first_name AS first, child_last_name AS last,
           to_char(child_date_of_birth, 'YYYY-MM-DD') AS dob, child_key AS key
         FROM registrations
         WHERE id > :after AND erased_at IS NULL AND child_date_of_birth IS NOT NULL
         ORDER BY id LIMIT :limit`,
        { after, limit: BATCH },
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const changed = rows
        .map((r) => ({ id: r.id, key: childKey(r.first, r.last, r.dob) }))
        .filter((r, i) => r.key !== rows[i]!.key);
      if (changed.length > 0)
        await select(
          `UPDATE registrations AS r SET child_key = v.key
           FROM jsonb_to_recordset(CAST(:changed AS jsonb)) AS v(id integer, key text)
           WHERE r.id = v.id RETURNING r.id`,
          { changed: JSON.stringify(changed) },
        );
    }
  },
};
