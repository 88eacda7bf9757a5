import { sealForeignKeys, type Migration } from '@nsa/service-kit';

/**
 * R-ORG-KEYS: every foreign key between two of this schema's sealed tables holds the
 * organisation, so no row points at another organisation's row. A release before it writes
 * every row with its own organisation already, and goes on working.
 */
export const m0008OrganisationKeys: Migration = {
  name: '0008-organisation-keys',
  async up(ctx) {
    await sealForeignKeys(ctx);
  },
};
