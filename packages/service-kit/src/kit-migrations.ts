import {
  EVERY_ORGANISATION_SCOPE,
  ORGANISATION_SCOPE_SETTING,
  ORGANISATION_SETTING,
  type Migration,
  type MigrationContext,
} from './db.js';

/**
 * The organisation a statement's work belongs to, as the row policies and the column defaults
 * read it: the transaction's setting (`withOrganisation`, a consumer's run, a declaration that
 * sets it), else organisation 1. The fallback to 1 is the expand step (R-ORG-RLS): code of the
 * last release sets nothing, and every existing row is organisation 1's.
 */
export const WORK_ORGANISATION = 'coalesce(current_organisation(), 1)';

/**
 * The condition that opens a sealed table to every organisation: the transaction-local scope
 * that `acrossOrganisations` and the outbox relay's pass set, and nothing else (R-ORG-RLS).
 */
export const ACROSS_ORGANISATIONS = `current_setting('${ORGANISATION_SCOPE_SETTING}', true) = '${EVERY_ORGANISATION_SCOPE}'`;

/** The rule of a sealed table's policy, for reads and writes alike. */
function sealRule(alsoWhen?: string): string {
  const own = `organisation_id = ${WORK_ORGANISATION}`;
  return alsoWhen ? `(${own} OR ${alsoWhen})` : `(${own})`;
}

/**
 * Seals `tables` of the migration's schema off per organisation (R-ORG-RLS): each gets
 * `organisation_id`, filled from the work's organisation (existing rows: 1, with no rewrite of
 * the table, the default being evaluated once), and a row policy, enabled and forced, so that
 * every role but a superuser's (the table's owner too) reads, changes and writes only rows of
 * the organisation its transaction has set. `alsoWhen` opens a table wider for a condition of
 * the kit's own (the outbox relay's scope).
 */
export async function sealPerOrganisation(
  { sql }: Pick<MigrationContext, 'sql'>,
  tables: readonly string[],
  alsoWhen?: string,
): Promise<void> {
  const rule = sealRule(alsoWhen);
  for (const table of tables) {
    await sql(`ALTER TABLE ${table}
      ADD COLUMN organisation_id integer NOT NULL DEFAULT ${WORK_ORGANISATION}`);
    await sql(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
    await sql(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
    await sql(`CREATE POLICY ${table}_organisation ON ${table} USING ${rule} WITH CHECK ${rule}`);
  }
}

/**
 * Opens sealed `tables` to the kit's work across organisations (`ACROSS_ORGANISATIONS`): a
 * queue that one worker takes from for every organisation, such as the outbox.
 */
export async function openAcrossOrganisations(
  { sql }: Pick<MigrationContext, 'sql'>,
  tables: readonly string[],
): Promise<void> {
  const rule = sealRule(ACROSS_ORGANISATIONS);
  for (const table of tables) {
    await sql(`ALTER POLICY ${table}_organisation ON ${table} USING ${rule} WITH CHECK ${rule}`);
  }
}

/** Tables every service has: the outbox and the processed-events record of its consumers. */
export const kitMigrations: Migration[] = [
  {
    name: '0000-kit-outbox',
    async up({ sql }) {
      await sql(`CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        subject text NOT NULL,
        type text NOT NULL,
        version int NOT NULL,
        occurred_at timestamptz NOT NULL,
        data jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        published_at timestamptz
      )`);
      await sql('CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL');
      await sql(`CREATE TABLE processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
    },
  },
  {
    // R-ORG-RLS: the function every policy and default of the schema reads, and the kit's two
    // tables sealed off per organisation, open to every organisation for the relay, replay
    // and pruning alone (acrossOrganisations).
    name: '0001-kit-organisations',
    async up({ sql }) {
      await sql(`CREATE FUNCTION current_organisation() RETURNS integer
        LANGUAGE sql STABLE PARALLEL SAFE
        AS $$ SELECT nullif(current_setting('${ORGANISATION_SETTING}', true), '')::integer $$`);
      await sealPerOrganisation({ sql }, ['outbox', 'processed_events'], ACROSS_ORGANISATIONS);
    },
  },
];
