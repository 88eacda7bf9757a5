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
import { kitMigrations, sealPerOrganisation } from '../src/kit-migrations.js';
import { createLogger } from '../src/logger.js';
import { eraseOrganisationRows, organisationTablesChildrenFirst } from '../src/platform.js';
import { startTestInfra, type TestInfra } from '../src/testing/index.js';

// R-PLATFORM-DELETE: a service erases every row of one organisation in its schema, tables that
// others refer to last, and nothing of any other organisation.
describe("erasing an organisation's rows", () => {
  let infra: TestInfra;
  let db: Sequelize;

  // Named so that name order would empty a parent before its children.
  const tables: Migration = {
    name: '0001-tables',
    async up(ctx) {
      await ctx.sql('CREATE TABLE a_parents (id serial PRIMARY KEY, name text NOT NULL)');
      await ctx.sql(
        'CREATE TABLE b_children (id serial PRIMARY KEY, parent_id int NOT NULL REFERENCES a_parents (id))',
      );
      await ctx.sql(
        'CREATE TABLE c_grandchildren (id serial PRIMARY KEY, child_id int NOT NULL REFERENCES b_children (id))',
      );
      await sealPerOrganisation(ctx, ['a_parents', 'b_children', 'c_grandchildren']);
    },
  };

  beforeAll(async () => {
    infra = await startTestInfra();
    const url = await ensureServiceDatabase(infra.adminUrl, 'erasing');
    db = await connectDatabase({
      url,
      schema: 'erasing',
      applicationName: 'erase-test',
      poolMax: 2,
      poolMin: 0,
    });
    await runMigrations(
      db,
      'erasing',
      [...kitMigrations, tables],
      createLogger('erase-test', 'silent'),
    );
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await infra?.stop();
  });

  const fill = (organisation: number) =>
    withOrganisation(organisation, () =>
      db.transaction(async (transaction) => {
        const [p] = await db.query<{ id: number }>(
          "INSERT INTO a_parents (name) VALUES ('p') RETURNING id",
          { type: QueryTypes.SELECT, transaction },
        );
        const [c] = await db.query<{ id: number }>(
          'INSERT INTO b_children (parent_id) VALUES (:id) RETURNING id',
          { replacements: { id: p!.id }, type: QueryTypes.SELECT, transaction },
        );
        await db.query('INSERT INTO c_grandchildren (child_id) VALUES (:id)', {
          replacements: { id: c!.id },
          transaction,
        });
      }),
    );
  const count = (organisation: number) =>
    withOrganisation(organisation, () =>
      db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM a_parents) + (SELECT count(*) FROM b_children)
              + (SELECT count(*) FROM c_grandchildren) AS n`,
        { type: QueryTypes.SELECT },
      ),
    ).then((r) => Number(r[0]!.n));

  it('orders the tables children first along their foreign keys', async () => {
    const order = await organisationTablesChildrenFirst(db);
    expect(order.indexOf('c_grandchildren')).toBeLessThan(order.indexOf('b_children'));
    expect(order.indexOf('b_children')).toBeLessThan(order.indexOf('a_parents'));
    // The kit's own tables carry the organisation too and go with it.
    expect(order).toEqual(expect.arrayContaining(['outbox', 'processed_events']));
  });

  it("erases one organisation's rows in every table, leaves the others' and erases nothing a second time", async () => {
    await fill(1);
    await fill(2);
    await fill(2);
    await fill(3);
    expect(await eraseOrganisationRows(db, 2)).toBe(6);
    expect(await count(2)).toBe(0);
    expect(await count(1)).toBe(3);
    expect(await count(3)).toBe(3);
    expect(await eraseOrganisationRows(db, 2)).toBe(0);
  });
});
