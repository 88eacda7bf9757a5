import type { Migration } from '@nsa/service-kit';

/**
 * R-ORG-ACCOUNTS: an address holds one account per organisation, so the same person may hold
 * an account in each, with its own password. The addresses stay case-insensitive within one.
 */
export const m0012EmailPerOrganisation: Migration = {
  name: '0012-email-per-organisation',
  async up({ sql }) {
    await sql(
      'CREATE UNIQUE INDEX users_email_per_organisation ON users (organisation_id, lower(email))',
    );
    await sql('DROP INDEX users_email_unique');
  },
};
