import { RETENTION_RUNS_TABLE, type Migration } from '@nsa/service-kit';

/**
 * Retention (R-RETENTION-ACCESS-LOG): login failures (keyed email hash and client address) are
 * deleted after 90 days, so they get an index on their time; `retention_runs` keeps the report
 * of each run of this service's retention job (counts only).
 */
export const m0005Retention: Migration = {
  name: '0005-retention',
  async up({ sql }) {
    await sql('CREATE INDEX login_failures_at ON login_failures (at)');
    await sql(RETENTION_RUNS_TABLE);
  },
};
