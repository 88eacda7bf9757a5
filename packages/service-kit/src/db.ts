import {
  DatabaseError,
  DataTypes,
  Op,
  QueryTypes,
  Sequelize,
  type Model,
  type ModelAttributes,
  type ModelStatic,
  type Transaction,
} from 'sequelize';
import { Umzug, type UmzugStorage } from 'umzug';
import { POOL_IDLE_MS, poolFloor } from './config.js';
import { currentOrganisation, requestContext } from './context.js';
import type { Logger } from './logger.js';

// The services define their models on the instance `connectDatabase` gives (docs/architecture.md,
// "Service shape"): one Sequelize for the whole workspace, reached through the kit.
export {
  DataTypes,
  Op,
  QueryTypes,
  Sequelize,
  type Model,
  type ModelAttributes,
  type ModelStatic,
  type Transaction,
};

/**
 * The domain's one handle on its database: run work in a transaction and pass the transaction to
 * the repositories it calls. A Sequelize instance is one; the domain never sees Sequelize itself.
 */
export interface Transactor {
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

export interface MigrationContext {
  sequelize: Sequelize;
  /** Runs one SQL statement inside the migration's transaction. */
  sql(statement: string): Promise<void>;
  /** Runs one query inside the migration's transaction and answers its rows. */
  select<T extends object>(statement: string, replacements?: Record<string, unknown>): Promise<T[]>;
}
export interface Migration {
  name: string;
  up(ctx: MigrationContext): Promise<void>;
}

/**
 * One pool per service, bound to the service's own schema through the connection's
 * search_path, so unqualified table names never reach another service's data. The pool opens
 * its floor (config.ts, poolFloor) before it answers and keeps it; a connection above the floor
 * is closed after POOL_IDLE_MS unused. TCP keep-alive keeps the floor's idle connections known
 * to whatever lies between the service and PostgreSQL.
 */
export async function connectDatabase(opts: {
  url: string;
  schema: string;
  poolMax: number;
  applicationName: string;
  /** The pool's floor; poolFloor(poolMax) unless given. */
  poolMin?: number;
  /** How long an unused connection above the floor stays open; POOL_IDLE_MS unless given. */
  poolIdleMs?: number;
}): Promise<Sequelize> {
  const min = poolFloor(opts.poolMax, opts.poolMin);
  const sequelize = new Sequelize(opts.url, {
    dialect: 'postgres',
    logging: false,
    pool: { max: opts.poolMax, min, idle: opts.poolIdleMs ?? POOL_IDLE_MS, acquire: 10_000 },
    dialectOptions: {
      application_name: opts.applicationName,
      options: `-c search_path=${opts.schema}`,
      statement_timeout: 15_000,
      keepAlive: true,
    },
    define: { underscored: true },
  });
  scopeToOrganisation(sequelize);
  await sequelize.authenticate();
  await openFloor(sequelize, min);
  return sequelize;
}

/** The transaction-local setting the database's row policies read the organisation from. */
export const ORGANISATION_SETTING = 'app.organisation_id';

/**
 * The transaction-local setting that lets the kit's own work on the tables every service has
 * (the outbox relay, replay and pruning) see every organisation's rows of those two tables
 * alone; set only by `acrossOrganisations` and the relay's pass, never for a request or an
 * event (R-ORG-RLS).
 */
export const ORGANISATION_SCOPE_SETTING = 'app.organisation_scope';
/** The scope's value that opens those tables to every organisation. */
export const EVERY_ORGANISATION_SCOPE = 'all';
/** The expression that opens its transaction's view of every organisation's outbox rows. */
export const ALL_ORGANISATIONS = `set_config('${ORGANISATION_SCOPE_SETTING}', '${EVERY_ORGANISATION_SCOPE}', true)`;

/**
 * Runs `work` in a transaction that sees and changes every organisation's rows of `outbox` and
 * `processed_events` (and of no other table): for the kit's relay, replay and pruning only.
 */
export function acrossOrganisations<T>(
  sequelize: Sequelize,
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  return requestContext.shared(undefined, () =>
    sequelize.transaction(async (transaction) => {
      await sequelize.query(`SELECT ${ALL_ORGANISATIONS}`, { transaction });
      return work(transaction);
    }),
  );
}

/**
 * The statement that sets the organisation for the rest of its transaction alone
 * (`set_config(…, true)`, as `SET LOCAL`): it ends with COMMIT or ROLLBACK, whatever happens.
 * Never a session setting: the pool hands the connection to the next piece of work, which may
 * be another organisation's, and a session setting would go with it.
 */
export function setOrganisationSql(id: number): string {
  // The id is written into the SQL: only a positive whole number may get there.
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError('not an organisation id');
  return `SELECT set_config('${ORGANISATION_SETTING}', '${id}', true);`;
}

/**
 * Makes every statement run in work that belongs to an organisation (`withOrganisation`) run in
 * a transaction that has it set:
 * - a transaction begun in such work sends the setting with its `START TRANSACTION`, in the
 *   same round trip (a savepoint inherits its transaction's);
 * - a query or model call made there without a transaction runs in one of its own.
 * Outside any organisation nothing changes.
 */
function scopeToOrganisation(sequelize: Sequelize): void {
  const generator = sequelize.getQueryInterface().queryGenerator as unknown as {
    startTransactionQuery(transaction: { parent?: unknown }): string;
  };
  const start = generator.startTransactionQuery.bind(generator);
  generator.startTransactionQuery = (transaction) => {
    const organisation = currentOrganisation();
    const sql = start(transaction);
    return transaction.parent || organisation === undefined
      ? sql
      : `${sql} ${setOrganisationSql(organisation)}`;
  };
  const query = sequelize.query.bind(sequelize) as (
    sql: unknown,
    options?: { transaction?: Transaction | null },
  ) => Promise<unknown>;
  (sequelize as unknown as { query: typeof query }).query = (sql, options) =>
    options?.transaction || currentOrganisation() === undefined
      ? query(sql, options)
      : sequelize.transaction((transaction) => query(sql, { ...options, transaction }));
}

/**
 * Opens the pool's floor now, at start, rather than when the first busy moment asks for it: the
 * pool keeps `min` once it has them but does not open them by itself.
 */
async function openFloor(sequelize: Sequelize, min: number): Promise<void> {
  const cm = sequelize.connectionManager;
  const held = await Promise.all(
    Array.from({ length: min }, () => cm.getConnection({ type: 'write' })),
  );
  for (const connection of held) cm.releaseConnection(connection);
}

/** A statement run by name: PostgreSQL parses and plans it once per connection. */
export interface PreparedStatement {
  /** Unique in the service; the same name must always carry the same text. */
  name: string;
  /** SQL with `$1`, `$2`, … for the values. */
  text: string;
  /**
   * The statement sets the organisation itself, for its own implicit transaction (a function
   * that starts with `set_config('app.organisation_id', …, true)` from its values): run in an
   * organisation's work without a transaction, it then needs no transaction around it.
   */
  setsOrganisation?: boolean;
}

/** What `preparedQuery` needs of the driver's connection (a `pg` Client). */
interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a statement of a hot path as a named prepared statement on a connection of the service's
 * pool (outside a transaction: one statement, committed on its own): the values travel bound,
 * never written into the SQL, and the statement is parsed and planned once per connection
 * instead of on every call; with `transaction`, on that transaction's connection. In an
 * organisation's work a statement that does not set the organisation itself runs in a
 * transaction that does. Rows come back as PostgreSQL names their columns. A failure is
 * thrown as Sequelize's `DatabaseError` with the driver's error as `parent`, as `query` throws
 * it, so the error handler tells an unreachable database (503) from a fault alike.
 */
export async function preparedQuery<R>(
  sequelize: Sequelize,
  statement: PreparedStatement,
  values: unknown[],
  transaction?: Transaction,
): Promise<R[]> {
  if (!transaction && !statement.setsOrganisation && currentOrganisation() !== undefined) {
    // The organisation must be set before the statement runs: in a transaction that sets it.
    return sequelize.transaction((t) => preparedQuery<R>(sequelize, statement, values, t));
  }
  const cm = sequelize.connectionManager;
  // Inside a transaction: on its connection (Sequelize keeps it on the transaction), not released.
  const connection = transaction
    ? (transaction as unknown as { connection: PgConnection }).connection
    : ((await cm.getConnection({ type: 'write' })) as PgConnection);
  try {
    const result = await connection.query({ name: statement.name, text: statement.text, values });
    return result.rows as R[];
  } catch (err) {
    // The statement without its values: they may be personal data.
    throw new DatabaseError(Object.assign(err as Error, { sql: statement.text }));
  } finally {
    if (!transaction) cm.releaseConnection(connection);
  }
}

/**
 * Takes a transaction advisory lock on each (space, key), one after the other in the order
 * given: callers that list their keys in the same order never wait on each other crosswise.
 * The locks end with the transaction.
 */
export async function lockKeys(
  sequelize: Sequelize,
  transaction: Transaction,
  keys: ReadonlyArray<readonly [space: number, key: string]>,
): Promise<void> {
  for (const [space, key] of keys) {
    await sequelize.query('SELECT pg_advisory_xact_lock(:space, hashtext(:key))', {
      replacements: { space, key },
      transaction,
    });
  }
}

/**
 * Runs the kit's and the service's migrations in order, as the owner of the schema. An advisory
 * lock per schema keeps two replicas starting at once from migrating twice.
 */
export async function runMigrations(
  sequelize: Sequelize,
  schema: string,
  migrations: Migration[],
  logger: Logger,
): Promise<string[]> {
  // All migrations and their log rows commit together or not at all.
  return sequelize.transaction(async (t) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(hashtext(:key))', {
      replacements: { key: `migrate:${schema}` },
      transaction: t,
    });
    // The role may own its schema without CREATE on the database: only create when absent.
    const [found] = await sequelize.query('SELECT 1 FROM pg_namespace WHERE nspname = :schema', {
      replacements: { schema },
      type: QueryTypes.SELECT,
      transaction: t,
    });
    if (!found) await sequelize.query(`CREATE SCHEMA "${schema}"`, { transaction: t });
    // The migrations run as the schema's owner, whichever role connected: a role that runs
    // migrations for it (MIGRATION_DATABASE_URL) is a member of the owner and acts as it for this
    // transaction alone, so what they make belongs to the owner, as before.
    const [{ owner, me, member }] = (await sequelize.query(
      `SELECT pg_get_userbyid(nspowner) AS owner, current_user AS me,
              pg_has_role(current_user, nspowner, 'MEMBER') AS member
         FROM pg_namespace WHERE nspname = :schema`,
      { replacements: { schema }, type: QueryTypes.SELECT, transaction: t },
    )) as [{ owner: string; me: string; member: boolean }];
    // A role that cannot act as the owner (the runtime role of a serving process, once the
    // owner role holds the schema) changes nothing: it starts only on a schema with every
    // migration applied, which the migrate step (`main.js migrate`) did before it.
    if (!member) {
      await checkApplied(sequelize, t, schema, migrations);
      return [];
    }
    if (owner !== me) {
      await sequelize.query(
        `SET LOCAL ROLE ${sequelize.getQueryInterface().quoteIdentifier(owner)}`,
        { transaction: t },
      );
    }
    await sequelize.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      { transaction: t },
    );
    const umzug = new Umzug<MigrationContext>({
      migrations: migrations.map((m) => ({
        name: m.name,
        up: ({ context }) => m.up(context),
      })),
      context: {
        sequelize,
        sql: async (statement) => {
          await sequelize.query(statement, { transaction: t });
        },
        select: <T extends object>(statement: string, replacements?: Record<string, unknown>) =>
          sequelize.query<T>(statement, {
            replacements,
            type: QueryTypes.SELECT,
            transaction: t,
          }),
      },
      storage: transactionalStorage(sequelize, t),
      logger: undefined,
    });
    const done = await umzug.up();
    if (done.length) logger.info({ migrations: done.map((d) => d.name) }, 'migrations applied');
    return done.map((d) => d.name);
  });
}

/** Refuses to go on with a schema that lacks one of `migrations` (see runMigrations). */
async function checkApplied(
  sequelize: Sequelize,
  t: Transaction,
  schema: string,
  migrations: Migration[],
): Promise<void> {
  const [table] = await sequelize.query(
    "SELECT to_regclass(format('%I.schema_migrations', :schema::text)) AS found",
    { replacements: { schema }, type: QueryTypes.SELECT, transaction: t },
  );
  const applied = (table as { found: string | null }).found
    ? await transactionalStorage(sequelize, t).executed({ context: undefined as never })
    : [];
  const pending = migrations.map((m) => m.name).filter((n) => !applied.includes(n));
  if (pending.length > 0) {
    throw new Error(
      `schema ${schema} lacks migrations ${pending.join(', ')}, and this role cannot apply ` +
        'them: run "node dist/src/main.js migrate" with MIGRATION_DATABASE_URL (the owner ' +
        'role) first',
    );
  }
}

function transactionalStorage(sequelize: Sequelize, t: Transaction): UmzugStorage {
  return {
    async executed() {
      const rows = await sequelize.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name',
        { type: QueryTypes.SELECT, transaction: t },
      );
      return rows.map((r) => r.name);
    },
    async logMigration({ name }) {
      await sequelize.query('INSERT INTO schema_migrations (name) VALUES (:name)', {
        replacements: { name },
        transaction: t,
      });
    },
    async unlogMigration({ name }) {
      await sequelize.query('DELETE FROM schema_migrations WHERE name = :name', {
        replacements: { name },
        transaction: t,
      });
    },
  };
}
