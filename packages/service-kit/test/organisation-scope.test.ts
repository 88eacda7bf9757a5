import { ensureServiceDatabase } from '@nsa/local-infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOrganisation, withOrganisation } from '../src/context.js';
import { connectDatabase, preparedQuery, QueryTypes, type Sequelize } from '../src/db.js';
import { startTestInfra, type TestInfra } from '../src/testing/index.js';

// The organisation of the work under way reaches the database as a transaction-local setting:
// every statement run in an organisation's work sees it, and nothing after that work does, on
// the same pooled connection, after a commit, a rollback or a failure alike.
describe('the organisation setting', () => {
  let infra: TestInfra;
  let url: string;
  const pools: Sequelize[] = [];

  beforeAll(async () => {
    infra = await startTestInfra();
    url = await ensureServiceDatabase(infra.adminUrl, 'scope');
  }, 60_000);
  afterAll(async () => {
    for (const p of pools) await p.close();
    await infra?.stop();
  });

  async function open(poolMax: number): Promise<Sequelize> {
    const pool = await connectDatabase({
      url,
      schema: 'scope',
      applicationName: 'scope-test',
      poolMax,
      poolMin: poolMax,
    });
    pools.push(pool);
    return pool;
  }

  const SEEN =
    "SELECT nullif(current_setting('app.organisation_id', true), '') AS org, pg_backend_pid() AS pid";
  interface Seen {
    org: string | null;
    pid: number;
  }
  /** What a plain query (no transaction) sees. */
  const plain = async (pool: Sequelize): Promise<Seen> =>
    (await pool.query<Seen>(SEEN, { type: QueryTypes.SELECT }))[0]!;
  /** What each of two statements in one transaction sees. */
  const inTransaction = (pool: Sequelize): Promise<Seen[]> =>
    pool.transaction(async (transaction) => [
      (await pool.query<Seen>(SEEN, { type: QueryTypes.SELECT, transaction }))[0]!,
      (await pool.query<Seen>(SEEN, { type: QueryTypes.SELECT, transaction }))[0]!,
    ]);

  it('is unset outside any organisation', async () => {
    const pool = await open(1);
    expect(currentOrganisation()).toBeUndefined();
    expect((await plain(pool)).org).toBeNull();
    expect((await inTransaction(pool)).map((s) => s.org)).toEqual([null, null]);
  });

  it('is set for every statement of a transaction, a plain query and a prepared statement in an organisation', async () => {
    const pool = await open(1);
    await withOrganisation(2, async () => {
      expect(currentOrganisation()).toBe(2);
      expect((await inTransaction(pool)).map((s) => s.org)).toEqual(['2', '2']);
      expect((await plain(pool)).org).toBe('2');
      const [prepared] = await preparedQuery<Seen>(pool, { name: 'scope_seen', text: SEEN }, []);
      expect(prepared!.org).toBe('2');
      // A savepoint inside the transaction keeps its transaction's organisation.
      const nested = await pool.transaction((outer) =>
        pool.transaction({ transaction: outer }, (inner) =>
          pool.query<Seen>(SEEN, { type: QueryTypes.SELECT, transaction: inner }),
        ),
      );
      expect(nested[0]!.org).toBe('2');
    });
  });

  it('does not stay on the pooled connection after a commit, a rollback or a failed statement', async () => {
    const pool = await open(1);
    const { pid } = await plain(pool);
    // Committed.
    await withOrganisation(3, () => inTransaction(pool));
    let after = await plain(pool);
    expect(after).toEqual({ org: null, pid });
    // Rolled back by an error thrown in the work.
    await expect(
      withOrganisation(3, () =>
        pool.transaction(async (transaction) => {
          await pool.query('SELECT 1', { transaction });
          throw new Error('work failed');
        }),
      ),
    ).rejects.toThrow('work failed');
    after = await plain(pool);
    expect(after).toEqual({ org: null, pid });
    // A statement that fails in the database, outside a transaction of the work's own.
    await expect(
      withOrganisation(3, () => pool.query('SELECT 1 / 0', { type: QueryTypes.SELECT })),
    ).rejects.toThrow();
    expect(await plain(pool)).toEqual({ org: null, pid });
    expect((await inTransaction(pool)).map((s) => s.org)).toEqual([null, null]);
  });

  it('keeps two organisations apart when their work runs at once', async () => {
    const pool = await open(2);
    const SLOW = `SELECT pg_sleep(0.05), nullif(current_setting('app.organisation_id', true), '') AS org`;
    const work = (id: number) =>
      withOrganisation(id, async () => {
        const seen: (string | null)[] = [];
        for (let i = 0; i < 5; i++) {
          const [row] = await pool.query<{ org: string | null }>(SLOW, { type: QueryTypes.SELECT });
          seen.push(row!.org);
        }
        return seen;
      });
    const [a, b] = await Promise.all([work(4), work(5)]);
    expect(a).toEqual(['4', '4', '4', '4', '4']);
    expect(b).toEqual(['5', '5', '5', '5', '5']);
  });

  it('leaves a statement that sets the organisation itself to run on its own', async () => {
    const pool = await open(1);
    const [row] = await withOrganisation(6, () =>
      preparedQuery<Seen>(pool, { name: 'scope_self', text: SEEN, setsOrganisation: true }, []),
    );
    // Not wrapped in a transaction that sets it: the statement alone would have to.
    expect(row!.org).toBeNull();
  });

  it('takes only a positive whole number as an organisation', () => {
    for (const id of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => withOrganisation(id, () => 1)).toThrow(RangeError);
    }
  });
});
