import { sealPerOrganisation, type Migration } from '@nsa/service-kit';

/**
 * R-ORG-RLS: every table of this service that holds an organisation's data carries its
 * organisation and is sealed off per organisation by a forced row policy; the rows already
 * here are organisation 1's. Two tables hold counts and no organisation's data, and are
 * counted across organisations: the sign-ups per client address (`signup_rate`, keyed hashes,
 * as a limit per address must be) and the refused provider links per hour
 * (`provider_link_refusals`, a figure for the operators).
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
    ]);
    // The count of an activity's given places (0010-taken-places) stays a read of this index
    // alone: the policy's organisation is in it.
    await ctx.sql('DROP INDEX registrations_taken');
    await ctx.sql(`CREATE INDEX registrations_taken ON registrations (activity_id, organisation_id)
      WHERE status IN ('approved', 'offered')`);
  },
};
