import { sealPerOrganisation, type Migration } from '@nsa/service-kit';

/**
 * R-ORG-RLS: every table of this service that holds an organisation's data carries its
 * organisation and is sealed off per organisation by a forced row policy; the rows already
 * here are organisation 1's. None is a platform table.
 */
export const m0007PerOrganisation: Migration = {
  name: '0007-per-organisation',
  async up(ctx) {
    await sealPerOrganisation(ctx, [
      'schools',
      'blocks',
      'providers',
      'activities',
      'activity_tokens',
      'activity_counts',
    ]);
  },
};
