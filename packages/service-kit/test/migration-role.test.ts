import { ensureServiceUrls } from '@nsa/local-infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, QueryTypes, type Sequelize } from '../src/db.js';
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

  const open = async (url: string) => {
    const pool = await connectDatabase({
      url,
      schema: 'migr',
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
});
