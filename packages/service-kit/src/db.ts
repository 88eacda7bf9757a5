import {
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

export interface MigrationContext {
  sequelize: Sequelize;
  /** Runs one SQL statement inside the migration's transaction. */
  sql(statement: string): Promise<void>;
}
export interface Migration {
  name: string;
  up(ctx: MigrationContext): Promise<void>;
}

/**
 * One pool per service, bound to the service's own schema through the
 * connection's search_path, so unqualified table names never reach another
 * service's data.
 */
export async function connectDatabase(opts: {
  url: string;
  schema: string;
  poolMax: number;
  applicationName: string;
}): Promise<Sequelize> {
  const sequelize = new Sequelize(opts.url, {
    dialect: 'postgres',
    logging: false,
    pool: { max: opts.poolMax, min: 0, idle: 10_000, acquire: 10_000 },
    dialectOptions: {
      application_name: opts.applicationName,
      options: `-c search_path=${opts.schema}`,
      statement_timeout: 15_000,
    },
    define: { underscored: true },
  });
  await sequelize.authenticate();
  return sequelize;
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
 * Runs the kit's and the service's migrations in order. An advisory lock per
 * schema keeps two replicas starting at once from migrating twice.
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
      },
      storage: transactionalStorage(sequelize, t),
      logger: undefined,
    });
    const done = await umzug.up();
    if (done.length) logger.info({ migrations: done.map((d) => d.name) }, 'migrations applied');
    return done.map((d) => d.name);
  });
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
