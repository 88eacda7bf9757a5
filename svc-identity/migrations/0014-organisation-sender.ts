import type { Migration } from '@nsa/service-kit';

/**
 * R-ORG-SETTINGS: the name an organisation's emails are sent under, when it is not its own
 * name. Null (every organisation until it sets one) sends them under its name; a release
 * before this column reads and writes the others as before.
 */
export const m0014OrganisationSender: Migration = {
  name: '0014-organisation-sender',
  async up({ sql }) {
    await sql(`ALTER TABLE organisations ADD COLUMN mail_from_name text
      CHECK (length(mail_from_name) BETWEEN 1 AND 200)`);
  },
};
