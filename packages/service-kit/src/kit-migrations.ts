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

/** PostgreSQL's letter for a foreign key's ON DELETE action, as written in SQL. */
const ON_DELETE: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  d: 'SET DEFAULT',
};

/**
 * R-ORG-KEYS: makes every foreign key between two sealed tables of the migration's schema hold
 * the organisation too: `(organisation_id, col)` references `(organisation_id, refcol)`, so no
 * row can point at a row of another organisation, whatever a statement does. A foreign key's
 * own check passes by the row policies (PostgreSQL checks referential integrity as the owner,
 * unsealed), so the policies alone would let an id of another organisation through. The parent
 * gets a unique index on `(organisation_id, refcol)`; the key keeps its ON DELETE action. Keys
 * of one column, the only kind the services have; a key holding the organisation is left as
 * it is, so a schema's later migration may call this again after adding tables. Answers how
 * many keys it changed.
 */
export async function sealForeignKeys({
  sql,
  select,
}: Pick<MigrationContext, 'sql' | 'select'>): Promise<number> {
  const keys = await select<{
    name: string;
    child: string;
    col: string;
    parent: string;
    refcol: string;
    onDelete: string;
  }>(
    `SELECT c.conname AS name, ch.relname AS child, a.attname AS col, p.relname AS parent,
            ra.attname AS refcol, c.confdeltype AS "onDelete"
       FROM pg_constraint c
       JOIN pg_class ch ON ch.oid = c.conrelid
       JOIN pg_class p ON p.oid = c.confrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND cardinality(c.conkey) = 1
        AND ch.relnamespace = current_schema()::regnamespace
        AND EXISTS (SELECT 1 FROM pg_attribute o WHERE o.attrelid = c.conrelid
                      AND o.attname = 'organisation_id' AND NOT o.attisdropped)
        AND EXISTS (SELECT 1 FROM pg_attribute o WHERE o.attrelid = c.confrelid
                      AND o.attname = 'organisation_id' AND NOT o.attisdropped)
      ORDER BY ch.relname, c.conname`,
  );
  for (const k of keys) {
    const onDelete = ON_DELETE[k.onDelete];
    if (!onDelete) throw new Error(`foreign key ${k.name}: ON DELETE ${k.onDelete} is not sealed`);
    await sql(`CREATE UNIQUE INDEX IF NOT EXISTS ${k.parent}_organisation_${k.refcol}
      ON ${k.parent} (organisation_id, ${k.refcol})`);
    await sql(`ALTER TABLE ${k.child} ADD CONSTRAINT ${k.child}_${k.col}_organisation
      FOREIGN KEY (organisation_id, ${k.col}) REFERENCES ${k.parent} (organisation_id, ${k.refcol})
      ON DELETE ${onDelete}`);
    await sql(`ALTER TABLE ${k.child} DROP CONSTRAINT ${k.name}`);
  }
  return keys.length;
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
