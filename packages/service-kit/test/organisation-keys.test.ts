import { ensureServiceDatabase } from '@nsa/local-infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOrganisation } from '../src/context.js';
import {
  connectDatabase,
  QueryTypes,
  runMigrations,
  type Migration,
  type Sequelize,
} from '../src/db.js';
import { kitMigrations, sealForeignKeys, sealPerOrganisation } from '../src/kit-migrations.js';
import { createLogger } from '../src/logger.js';
import { startTestInfra, type TestInfra } from '../src/testing/index.js';

// R-ORG-KEYS: a foreign key between sealed tables holds the organisation, so no statement can
// make a row point at another organisation's row (PostgreSQL checks a key past the policies).
describe('foreign keys that hold the organisation', () => {
  let infra: TestInfra;
  let db: Sequelize;
  let changed = 0;

  const migrations: Migration[] = [
    {
      name: '0001-tables',
      async up(ctx) {
        await ctx.sql('CREATE TABLE parents (id serial PRIMARY KEY)');
        await ctx.sql(`CREATE TABLE children (id serial PRIMARY KEY,
          parent_id int NOT NULL REFERENCES parents (id) ON DELETE CASCADE)`);
        await sealPerOrganisation(ctx, ['parents', 'children']);
      },
    },
    {
      name: '0002-keys',
      async up(ctx) {
        changed = await sealForeignKeys(ctx);
      },
    },
  ];

  beforeAll(async () => {
    infra = await startTestInfra();
    const url = await ensureServiceDatabase(infra.adminUrl, 'keyed');
    db = await connectDatabase({
      url,
      schema: 'keyed',
      applicationName: 'keys-test',
      poolMax: 2,
      poolMin: 0,
    });
    await runMigrations(
      db,
      'keyed',
      [...kitMigrations, ...migrations],
      createLogger('keys-test', 'silent'),
    );
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await infra?.stop();
  });

  const as = <T>(organisation: number, sql: string, replacements: Record<string, unknown> = {}) =>
    withOrganisation(organisation, () =>
      db.query<T & object>(sql, { replacements, type: QueryTypes.SELECT }),
    );

  it("refuses a row of one organisation that points at another's, and keeps the key's ON DELETE", async () => {
    expect(changed).toBe(1);
    const [theirs] = await as<{ id: number }>(1, 'INSERT INTO parents DEFAULT VALUES RETURNING id');
    const [mine] = await as<{ id: number }>(2, 'INSERT INTO parents DEFAULT VALUES RETURNING id');
    // Without the organisation in the key, this row would be accepted: the key's own check
    // sees organisation 1's parent.
    await expect(
      as(2, 'INSERT INTO children (parent_id) VALUES (:id) RETURNING id', { id: theirs!.id }),
    ).rejects.toThrow(/foreign key/);
    await as(2, 'INSERT INTO children (parent_id) VALUES (:id) RETURNING id', { id: mine!.id });
    expect(await as(2, 'SELECT id FROM children')).toHaveLength(1);
    await as(2, 'DELETE FROM parents WHERE id = :id RETURNING id', { id: mine!.id });
    expect(await as(2, 'SELECT id FROM children')).toEqual([]);
  });

  it('leaves a key that holds the organisation as it is when called again', async () => {
    const again = await db.transaction((transaction) =>
      sealForeignKeys({
        sql: async (statement) => {
          await db.query(statement, { transaction });
        },
        select: (statement, replacements) =>
          db.query(statement, { replacements, type: QueryTypes.SELECT, transaction }),
      }),
    );
    expect(again).toBe(0);
    const keys = await db.query<{ definition: string }>(
      "SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE contype = 'f' AND conrelid = 'children'::regclass",
      { type: QueryTypes.SELECT },
    );
    expect(keys.map((k) => k.definition)).toEqual([
      'FOREIGN KEY (organisation_id, parent_id) REFERENCES parents(organisation_id, id) ON DELETE CASCADE',
    ]);
  });
});
