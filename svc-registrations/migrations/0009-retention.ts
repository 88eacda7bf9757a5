import type { Migration } from '@nsa/service-kit';

/**
 * Retention (R-RETENTION-*):
 * - the projection of activities keeps their block's year (R-RETENTION-YEAR), so that the end of
 *   a block, and with it the age of its sign-ups, is known; existing rows get the current year,
 *   as catalog's blocks do, until catalog's next event of them says otherwise;
 * - `retention_runs`: the stored report of each run of the retention job and of each erasure on
 *   request: when, why, and how many of what were erased; never a name or an address;
 * - provider access rows are deleted by age, so they get an index on it.
 */
export const m0009Retention: Migration = {
  name: '0009-retention',
  async up({ sql }) {
    await sql(`ALTER TABLE activities ADD COLUMN block_year smallint NOT NULL
      DEFAULT extract(isoyear FROM now())::smallint`);
    await sql(`CREATE TABLE retention_runs (
      id bigserial PRIMARY KEY,
      trigger text NOT NULL CHECK (trigger IN ('start', 'daily', 'manual', 'request')),
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
      report jsonb NOT NULL DEFAULT '{}'::jsonb
    )`);
    await sql('CREATE INDEX retention_runs_started ON retention_runs (started_at DESC)');
    await sql('CREATE INDEX provider_access_at ON provider_access (at)');
    await sql(`CREATE INDEX registrations_not_erased ON registrations (block_id)
      WHERE erased_at IS NULL`);
  },
};
