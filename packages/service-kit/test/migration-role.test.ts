import { ensureServiceUrls } from '@nsa/local-infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, QueryTypes, runMigrations, type Sequelize } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { migrateOnly } from '../src/service.js';
import { startTestInfra, type TestInfra } from '../src/testing/index.js';

// Migrations run by the service's owner role (MIGRATION_DATABASE_URL) act as the schema's owner:
// what they make belongs to the owner, and the role the service queries with uses it as before.
describe('migrations run by the owner role', () => {
  let infra: TestInfra;
  const pools: Sequelize[] = [];

  beforeAll(async () => {
    infra = await startTestInfra();
  }, 60_000);
  afterAll(async () => {
    for (const p of pools) await p.close();
    await infra?.stop();
  });

  const open = async (url: string, schema = 'migr') => {
    const pool = await connectDatabase({
      url,
      schema,
      applicationName: 'migration-role-test',
      poolMax: 1,
      poolMin: 0,
    });
    pools.push(pool);
    return pool;
  };

  it("make tables the schema's owner owns, which the runtime role reads and writes", async () => {
    const { url, migrationUrl } = await ensureServiceUrls(infra.adminUrl, 'migr');
    // The init container's step: the owner's URL and the schema, nothing else.
    const migrations = [
      {
        name: '0001-things',
        up: ({ sql }: { sql: (s: string) => Promise<void> }) =>
          sql('CREATE TABLE things (id int PRIMARY KEY)'),
      },
    ];
    const env = { MIGRATION_DATABASE_URL: migrationUrl, DB_SCHEMA: 'migr', LOG_LEVEL: 'silent' };
    expect(await migrateOnly(migrations, env)).toContain('0001-things');
    expect(await migrateOnly(migrations, env)).toEqual([]);
    // None of its connections stays open.
    const runtime = await open(url);
    const [left] = await runtime.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = 'svc_migr_owner'",
      { type: QueryTypes.SELECT },
    );
    expect(left!.n).toBe(0);
    const tables = await runtime.query<{ tablename: string; tableowner: string }>(
      "SELECT tablename, tableowner FROM pg_tables WHERE schemaname = 'migr' AND tablename IN ('schema_migrations', 'things') ORDER BY tablename",
      { type: QueryTypes.SELECT },
    );
    expect(tables).toEqual([
      { tablename: 'schema_migrations', tableowner: 'svc_migr' },
      { tablename: 'things', tableowner: 'svc_migr' },
    ]);
    await runtime.query('INSERT INTO things (id) VALUES (1)');
    const [row] = await runtime.query<{ n: number }>('SELECT count(*)::int AS n FROM things', {
      type: QueryTypes.SELECT,
    });
    expect(row!.n).toBe(1);
    await expect(migrateOnly(migrations, { DB_SCHEMA: 'migr' })).rejects.toThrow(
      /MIGRATION_DATABASE_URL or DATABASE_URL is required/,
    );
  });

  it("leave a serving process that cannot act as the schema's owner to start on a schema with nothing pending, and refuse one with a migration missing", async () => {
    const { url, migrationUrl } = await ensureServiceUrls(infra.adminUrl, 'migr2');
    const first = [
      {
        name: '0001-things',
        up: ({ sql }: { sql: (s: string) => Promise<void> }) =>
          sql('CREATE TABLE things (id int PRIMARY KEY)'),
      },
    ];
    const env = { MIGRATION_DATABASE_URL: migrationUrl, DB_SCHEMA: 'migr2', LOG_LEVEL: 'silent' };
    expect(await migrateOnly(first, env)).toContain('0001-things');
    // The schema and its tables pass to the owner role; the runtime role keeps its rights on
    // them but is no member of the owner.
    const adminUrl = new URL(infra.adminUrl);
    adminUrl.pathname = '/naschool';
    const admin = await open(adminUrl.href, 'migr2');
    await admin.query(`ALTER SCHEMA migr2 OWNER TO svc_migr2_owner;
      ALTER TABLE migr2.things OWNER TO svc_migr2_owner;
      ALTER TABLE migr2.schema_migrations OWNER TO svc_migr2_owner;
      GRANT USAGE ON SCHEMA migr2 TO svc_migr2;
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA migr2 TO svc_migr2`);
    const runtime = await open(url, 'migr2');
    const logger = createLogger('migration-role-test', 'silent');
    expect(await runMigrations(runtime, 'migr2', first, logger)).toEqual([]);
    const second = [
      ...first,
      {
        name: '0002-more',
        up: ({ sql }: { sql: (s: string) => Promise<void> }) =>
          sql('CREATE TABLE more_things (id int PRIMARY KEY)'),
      },
    ];
    await expect(runMigrations(runtime, 'migr2', second, logger)).rejects.toThrow(
      /schema migr2 lacks migrations 0002-more.*main\.js migrate/,
    );
    expect(await migrateOnly(second, env)).toEqual(['0002-more']);
    expect(await runMigrations(runtime, 'migr2', second, logger)).toEqual([]);
    const [owned] = await admin.query<{ tableowner: string }>(
      "SELECT tableowner FROM pg_tables WHERE schemaname = 'migr2' AND tablename = 'more_things'",
      { type: QueryTypes.SELECT },
    );
    expect(owned!.tableowner).toBe('svc_migr2_owner');
  });
});
