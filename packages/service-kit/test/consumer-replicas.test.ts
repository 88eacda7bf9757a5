// Two processes of one service reading one durable consumer (R-RUN-REPLICAS): one of them at a
// time (the leader), so events are applied in stream order and each once; the other takes over
// when the leader stops, in order; a leader whose lock went (its database connection killed, as
// in a database restart) stops reading, and a transaction of it sees at once that it no longer
// holds the lock.
import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { EVENT_TYPES, STREAMS } from '@nsa/contracts';
import { ensureServiceDatabase } from '@nsa/local-infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableConsumer } from '../src/consumer.js';
import { Leadership } from '../src/leader.js';
import { QueryTypes, connectDatabase, type Sequelize } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import type { NatsConnection } from '../src/nats.js';
import { until } from '../src/testing/index.js';
import { startKitWorld, type KitWorld } from './kit-world.js';

const SCHEMA = 'kit_replicas';
const DURABLE = 'kit-replicas';
let world: KitWorld;
let nc: NatsConnection;
/** Each process's own pool, as two processes have. */
const pools: Sequelize[] = [];
const consumers: DurableConsumer[] = [];
/** Every event handled: the process that handled it and the event's number, in handling order. */
const handled: Array<{ by: number; n: number }> = [];

/** A consumer as process `by` runs it: each event takes a few milliseconds, as real work does. */
function consumer(by: number): DurableConsumer {
  return new DurableConsumer(
    nc,
    pools[by]!,
    {
      stream: 'REGISTRATIONS',
      durable: DURABLE,
      ackWaitMs: 2000,
      handlers: {
        [EVENT_TYPES.registrationCreated]: {
          versions: [1],
          handle: async (event) => {
            await new Promise((r) => setTimeout(r, Math.random() * 4));
            handled.push({ by, n: (event.data as { n: number }).n });
          },
        },
      },
    },
    world.logger,
  );
}

beforeAll(async () => {
  world = await startKitWorld(SCHEMA, () => createLogger('kit-test', 'silent'));
  nc = world.nc;
  const url = await ensureServiceDatabase(world.infra.adminUrl, SCHEMA);
  pools.push(world.sequelize);
  pools.push(await connectDatabase({ url, schema: SCHEMA, poolMax: 2, applicationName: 'kit-2' }));
}, 60_000);

afterAll(async () => {
  for (const c of consumers) await c.stop();
  await pools[1]?.close();
  await world?.stop();
}, 30_000);

let next = 0;
/** Publishes `count` events numbered on from the last; answers their numbers. */
async function publish(count: number): Promise<number[]> {
  const js = jetstream(nc);
  const numbers: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const n = next++;
    numbers.push(n);
    await js.publish(
      EVENT_TYPES.registrationCreated,
      JSON.stringify({
        id,
        type: EVENT_TYPES.registrationCreated,
        version: 1,
        occurredAt: new Date().toISOString(),
        data: { n },
      }),
      { msgID: id },
    );
  }
  return numbers;
}

const handledOf = (numbers: number[]) => handled.filter((h) => numbers.includes(h.n));

describe('a durable consumer read by two processes', () => {
  it('is read by one of them at a time: every event once, in stream order', async () => {
    // A backlog both find when they start, as after a deploy.
    const numbers = await publish(300);
    consumers.push(consumer(0), consumer(1));
    await Promise.all(consumers.map((c) => c.start()));
    await until(async () => handledOf(numbers).length >= numbers.length, 30_000);
    const seen = handledOf(numbers);
    expect(seen.map((h) => h.n)).toEqual(numbers);
    expect(new Set(seen.map((h) => h.by)).size).toBe(1);
  }, 60_000);

  it('is taken over by the other process when the leader stops, in order, nothing lost', async () => {
    const leader = handled.at(-1)!.by;
    await consumers[leader]!.stop();
    const numbers = await publish(100);
    await until(async () => handledOf(numbers).length >= numbers.length, 30_000);
    const seen = handledOf(numbers);
    expect(seen.map((h) => h.n)).toEqual(numbers);
    expect(seen.every((h) => h.by === 1 - leader)).toBe(true);
    consumers[leader] = consumer(leader);
    await consumers[leader]!.start();
  }, 60_000);

  it('goes on after a leader lost its lock with its connection: each event once, then one reader', async () => {
    const leader = handled.at(-1)!.by;
    // The leader's lock connection dies (as in a database restart); its process lives on.
    const killed = await pools[0]!.query<{ done: boolean }>(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND objsubid = 1
         AND classid::bigint = (hashtextextended(:schema || ':' || :name, 0) >> 32) & 4294967295
         AND objid::bigint = hashtextextended(:schema || ':' || :name, 0) & 4294967295`,
      {
        replacements: { schema: SCHEMA, name: `consumer:${STREAMS.REGISTRATIONS.name}.${DURABLE}` },
        type: QueryTypes.SELECT,
      },
    );
    expect(killed).toEqual([{ done: true }]);
    // Events keep coming while the lock changes hands.
    const numbers = await publish(150);
    await until(async () => handledOf(numbers).length >= numbers.length, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    // Each once, and after the first events only by one process: the one that leads now.
    // (What the old leader had read and gave back may come again after newer events.)
    const seen = handledOf(numbers);
    expect(seen.map((h) => h.n).sort((a, b) => a - b)).toEqual(numbers);
    expect(new Set(seen.slice(-100).map((h) => h.by)).size).toBe(1);
    expect(leader).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it("lets a transaction see that its process's lock is gone once another process holds it", async () => {
    const name = 'probe';
    const [first, second] = [Leadership.of(pools[0]!), Leadership.of(pools[1]!)];
    const holds = async (db: Sequelize, l: Leadership) =>
      (
        await db.query<{ ok: boolean }>(`SELECT ${l.holdsSql(name)} AS ok`, {
          type: QueryTypes.SELECT,
        })
      )[0]!.ok;
    expect(await first.tryLead(name)).toBe(true);
    expect(await second.tryLead(name)).toBe(false);
    expect(await holds(pools[0]!, first)).toBe(true);
    expect(await holds(pools[1]!, second)).toBe(false);
    await pools[1]!.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND objsubid = 1
         AND objid::bigint = hashtextextended(:schema || ':' || :name, 0) & 4294967295`,
      { replacements: { schema: SCHEMA, name } },
    );
    await until(async () => second.tryLead(name), 5000);
    // Before its heartbeat has told the first process, its transactions already see it.
    expect(await holds(pools[0]!, first)).toBe(false);
    expect(await holds(pools[1]!, second)).toBe(true);
    await second.resign(name);
    await first.resign(name);
  }, 30_000);
});
