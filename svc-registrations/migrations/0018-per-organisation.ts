import { sealPerOrganisation, type Migration } from '@nsa/service-kit';

/**
 * R-ORG-RLS: every table of this service that holds an organisation's data carries its
 * organisation and is sealed off per organisation by a forced row policy; the rows already
 * here are organisation 1's. The sign-up rate per client address (`signup_rate`, keyed hashes) is counted across organisations, as a limit per address must be.
 */
export const m0018PerOrganisation: Migration = {
  name: '0018-per-organisation',
  async up(ctx) {
    await sealPerOrganisation(ctx, [
      'schools',
      'activities',
      'provider_tokens',
      'registrations',
      'manage_tokens',
      'provider_access',
      'draws',
      'attendance',
      'attendance_marks',
      'retention_runs',
      'idempotency_keys',
      'provider_link_refusals',
    ]);
    // The count of an activity's given places (0010-taken-places) stays a read of this index
    // alone: the policy's organisation is in it.
    await ctx.sql('DROP INDEX registrations_taken');
    await ctx.sql(`CREATE INDEX registrations_taken ON registrations (activity_id, organisation_id)
      WHERE status IN ('approved', 'offered')`);
  },
};
