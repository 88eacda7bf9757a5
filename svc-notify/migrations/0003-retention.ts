import { RETENTION_RUNS_TABLE, type Migration } from '@nsa/service-kit';

/**
 * Retention (R-RETENTION-NOTIFY): finished deliveries are deleted by age, so they get an index on
 * it; `retention_runs` keeps the report of each run of this service's retention job (counts
 * only, never an address).
 */
export const m0003Retention: Migration = {
  name: '0003-retention',
  async up({ sql }) {
    await sql('CREATE INDEX deliveries_created ON deliveries (created_at)');
    await sql(RETENTION_RUNS_TABLE);
  },
};
