import { ensureServiceDatabase } from '@nsa/local-infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, QueryTypes, type Sequelize } from '../src/db.js';
import { startTestInfra, type TestInfra } from '../src/testing/index.js';

// The pool's floor: opened before connectDatabase answers, kept however long it sits unused,
// while connections above it close after the pool's idle.
describe('the database pool', () => {
  let infra: TestInfra;
  let url: string;
  const pools: Sequelize[] = [];

  beforeAll(async () => {
    infra = await startTestInfra();
    url = await ensureServiceDatabase(infra.adminUrl, 'floor');
  }, 60_000);
  afterAll(async () => {
    for (const p of pools) await p.close();
    await infra?.stop();
  });

  async function open(name: string, opts: { poolMax: number; poolMin?: number }) {
    const pool = await connectDatabase({
      url,
      schema: 'floor',
      applicationName: name,
      poolIdleMs: 1000,
      ...opts,
    });
    pools.push(pool);
    return pool;
  }
  async function connections(name: string): Promise<number> {
    const [row] = await pools[0]!.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = :name',
      { replacements: { name }, type: QueryTypes.SELECT },
    );
    return row!.n;
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** `n` queries at once, each holding its connection for 0.2 s. */
  const busy = (pool: Sequelize, n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        pool.query('SELECT pg_sleep(0.2)', { type: QueryTypes.SELECT }),
      ),
    );

  it('opens its floor at start and keeps it through an idle longer than the pool idle', async () => {
    const pool = await open('floor-a', { poolMax: 6 });
    expect(await connections('floor-a')).toBe(3);
    // Busy: six at once take the pool to its maximum.
    await busy(pool, 6);
    expect(await connections('floor-a')).toBe(6);
    // Idle for three times the pool idle: the ones above the floor close, the floor stays.
    await sleep(3500);
    expect(await connections('floor-a')).toBe(3);
  }, 30_000);

  it('opens none ahead with DB_POOL_MIN 0 and lets all go when unused', async () => {
    const pool = await open('floor-b', { poolMax: 4, poolMin: 0 });
    await busy(pool, 4);
    expect(await connections('floor-b')).toBe(4);
    await sleep(3500);
    expect(await connections('floor-b')).toBe(0);
  }, 30_000);
});
