import { ensureServiceDatabase } from '@nsa/local-infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOrganisation } from '../src/context.js';
import {
  acrossOrganisations,
  connectDatabase,
  QueryTypes,
  runMigrations,
  type Migration,
  type Sequelize,
  type Transaction,
} from '../src/db.js';
import { kitMigrations, sealPerOrganisation } from '../src/kit-migrations.js';
import { createLogger } from '../src/logger.js';
import { startTestInfra, type TestInfra } from '../src/testing/index.js';

// R-ORG-RLS: a table sealed off per organisation shows, changes and takes rows of the
// organisation its transaction has set alone, whatever the statement forgets to filter, and
// the role that owns the table is held to it as well.
describe('tables sealed off per organisation', () => {
  let infra: TestInfra;
  let db: Sequelize;

  const things: Migration = {
    name: '0001-things',
    async up(ctx) {
      await ctx.sql('CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL)');
      await sealPerOrganisation(ctx, ['things']);
    },
  };

  beforeAll(async () => {
    infra = await startTestInfra();
    const url = await ensureServiceDatabase(infra.adminUrl, 'sealed');
    db = await connectDatabase({
      url,
      schema: 'sealed',
      applicationName: 'rls-test',
      poolMax: 2,
      poolMin: 0,
    });
    await runMigrations(
      db,
      'sealed',
      [...kitMigrations, things],
      createLogger('rls-test', 'silent'),
    );
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await infra?.stop();
  });

  const names = async () =>
    (
      await db.query<{ name: string }>('SELECT name FROM things ORDER BY name', {
        type: QueryTypes.SELECT,
      })
    ).map((r) => r.name);
  const changed = async (sql: string) => {
    const [, result] = (await db.query(sql)) as [unknown, { rowCount: number }];
    return result.rowCount;
  };

  it("reads, changes and deletes only the work's organisation's rows, and with nothing set organisation 1's", async () => {
    await db.query("INSERT INTO things (name) VALUES ('one-a')");
    await withOrganisation(2, () => db.query("INSERT INTO things (name) VALUES ('two-a')"));
    await withOrganisation(2, () => db.query("INSERT INTO things (name) VALUES ('two-b')"));

    // The role reading is the table's owner: the forced policy holds it all the same.
    const [owner] = await db.query<{ owns: boolean }>(
      "SELECT relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user) AS owns FROM pg_class WHERE oid = 'things'::regclass",
      { type: QueryTypes.SELECT },
    );
    expect(owner!.owns).toBe(true);

    // No statement below filters by organisation.
    expect(await withOrganisation(2, names)).toEqual(['two-a', 'two-b']);
    expect(await names()).toEqual(['one-a']);
    expect(await withOrganisation(3, names)).toEqual([]);
    expect(await withOrganisation(2, () => changed("UPDATE things SET name = name || '!'"))).toBe(
      2,
    );
    expect(await withOrganisation(3, () => changed('DELETE FROM things'))).toBe(0);
    expect(await names()).toEqual(['one-a']);
    expect(await withOrganisation(2, names)).toEqual(['two-a!', 'two-b!']);
  });

  it('refuses to write a row into another organisation or move one there', async () => {
    const refused = /row-level security/;
    await expect(
      withOrganisation(2, () =>
        db.query("INSERT INTO things (name, organisation_id) VALUES ('stray', 1)"),
      ),
    ).rejects.toThrow(refused);
    await expect(
      withOrganisation(2, () => db.query('UPDATE things SET organisation_id = 3')),
    ).rejects.toThrow(refused);
    expect(await names()).toEqual(['one-a']);
    expect(await withOrganisation(3, names)).toEqual([]);
  });

  it("opens the outbox and the processed events to every organisation for the kit's own work alone", async () => {
    const event = (id: string) =>
      `INSERT INTO outbox (id, subject, type, version, occurred_at, data)
       VALUES ('${id}', 's', 's', 1, now(), '{}')`;
    await withOrganisation(7, () => db.query(event('00000000-0000-4000-8000-000000000007')));
    await withOrganisation(8, () => db.query(event('00000000-0000-4000-8000-000000000008')));
    const count = (transaction?: Transaction) =>
      db
        .query<{ n: number }>('SELECT count(*)::int AS n FROM outbox', {
          type: QueryTypes.SELECT,
          transaction,
        })
        .then(([r]) => r!.n);
    expect(await withOrganisation(7, () => count())).toBe(1);
    expect(await count()).toBe(0);
    expect(await acrossOrganisations(db, (t) => count(t))).toBe(2);
    // Even inside an organisation's work, the kit's own work sees them all, and only there.
    expect(await withOrganisation(7, () => acrossOrganisations(db, (t) => count(t)))).toBe(2);
    expect(await withOrganisation(9, () => count())).toBe(0);
  });
});
