import { QueryTypes, type Migration } from '@nsa/service-kit';

/**
 * The admin's search over sign-ups (R-REVIEW-SEARCH): a trigram index on the child's names, the
 * parent's name and the email, lower-cased and joined, so that `q` (a substring, any case) is
 * found in a few milliseconds at 100,000 sign-ups.
 *
 * pg_trgm is a trusted extension (PostgreSQL 13 and later): a role with CREATE on the database
 * may create it. When it exists already (an operator created it, or another schema holds it) it
 * is used where it is; otherwise it is created in this service's schema. A role without CREATE
 * on the database needs the operator's `CREATE EXTENSION pg_trgm` first (docs/deploy.md).
 */
export const m0008AdminSearch: Migration = {
  name: '0008-admin-search',
  async up({ sql, sequelize }) {
    // Read outside the migration's transaction: the search path is the same on every connection.
    const [found] = await sequelize.query<{ schema: string; current: string }>(
      `SELECT current_schema() AS current,
         (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
          WHERE e.extname = 'pg_trgm') AS schema`,
      { type: QueryTypes.SELECT },
    );
    const schema = found!.schema ?? found!.current;
    if (!found!.schema) await sql(`CREATE EXTENSION pg_trgm WITH SCHEMA "${schema}"`);
    await sql(`CREATE INDEX registrations_search ON registrations USING gin (
      (lower(child_first_name || ' ' || child_last_name || ' ' || parent_name || ' ' || email))
      "${schema}".gin_trgm_ops)`);
  },
};
