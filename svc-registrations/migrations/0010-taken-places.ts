import type { Migration } from '@nsa/service-kit';

/**
 * The places an activity has given (approved or offered), counted from an index of those rows
 * alone. `sign_up` counts them on every sign-up (R-SIGNUP-FULL). The generic plan PL/pgSQL keeps
 * for that count went through `registrations_activity` and read every sign-up of the activity,
 * so each sign-up cost more than the one before (the benchmark's burst, bench/README.md). A new
 * sign-up never enters this index, so the count reads the given places only.
 */
export const m0010TakenPlaces: Migration = {
  name: '0010-taken-places',
  async up({ sql }) {
    await sql(`CREATE INDEX registrations_taken ON registrations (activity_id)
      WHERE status IN ('approved', 'offered')`);
  },
};
