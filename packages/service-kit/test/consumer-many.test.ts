// A handler that can write several events at once (handleMany) gets the events that arrived
// together in one call, in their order, still each event once; an event its handler does not
// need is acknowledged without a transaction; a batch that fails is not acknowledged, and its
// events go again one by one until they commit.
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES } from '@nsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableConsumer } from '../src/consumer.js';
import { QueryTypes, type Sequelize } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import type { NatsConnection } from '../src/nats.js';
import { until } from '../src/testing/index.js';
import { publishEvent, settled, startKitWorld, type KitWorld } from './kit-world.js';

const SCHEMA = 'kit_many';
const DURABLE = 'kit-many';
let world: KitWorld;
let sequelize: Sequelize;
let nc: NatsConnection;
let consumer: DurableConsumer;
/** Sizes of handleMany's calls, and how many events went through handle alone. */
const manyCalls: number[] = [];
let singles = 0;
/** Events whose handling fails while they are listed here. */
const failing = new Set<string>();

const insertRows = (ids: string[], tx: unknown) =>
  sequelize.query(
    'INSERT INTO handled (event_id, txid) SELECT unnest(ARRAY[:ids]::uuid[]), txid_current()',
    { replacements: { ids }, transaction: tx as never },
  );

beforeAll(async () => {
  world = await startKitWorld(SCHEMA, () => createLogger('kit-test', 'silent'));
  ({ sequelize, nc } = world);
  await sequelize.query(
    'CREATE TABLE handled (seq serial, event_id uuid NOT NULL, txid bigint NOT NULL)',
  );
  consumer = new DurableConsumer(
    nc,
    sequelize,
    {
      stream: 'REGISTRATIONS',
      durable: DURABLE,
      ackWaitMs: 2000,
      handlers: {
        [EVENT_TYPES.registrationCreated]: {
          versions: [1],
          handle: async (event, { tx }) => {
            singles += 1;
            if (failing.has(event.id)) throw new Error('handler failed');
            await insertRows([event.id], tx);
          },
          handleMany: async (events, { tx }) => {
            manyCalls.push(events.length);
            // One statement for the whole run of events.
            await insertRows(
              events.map((e) => e.id),
              tx,
            );
            if (events.some((e) => failing.has(e.id))) throw new Error('batch failed');
          },
        },
        // A handler without handleMany between them: the order of all events is kept.
        [EVENT_TYPES.registrationApproved]: {
          versions: [1],
          handle: async (event, { tx }) => {
            await insertRows([event.id], tx);
          },
        },
        // Events this consumer never needs.
        [EVENT_TYPES.registrationRejected]: {
          versions: [1],
          needed: () => false,
          handle: async () => {
            throw new Error('an event that is not needed is not handled');
          },
        },
      },
    },
    world.logger,
  );
}, 60_000);

afterAll(() => world?.stop(consumer), 30_000);

const publish = (type: string) => publishEvent(nc, type);

const rows = () =>
  sequelize.query<{ event_id: string; txid: string }>(
    'SELECT event_id, txid FROM handled ORDER BY seq',
    { type: QueryTypes.SELECT },
  );

async function processed(ids: string[]): Promise<number> {
  const [row] = await sequelize.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM processed_events WHERE consumer = :c AND event_id IN (:ids)',
    { replacements: { c: DURABLE, ids }, type: QueryTypes.SELECT },
  );
  return row!.n;
}

const done = () => settled(nc, 'REGISTRATIONS', DURABLE);

describe('DurableConsumer with handleMany', () => {
  it('hands a run of events to handleMany in one call, in order, each once', async () => {
    // A backlog waiting for the consumer: 40 created, one approved, 40 created, each created
    // event published twice under another message id (a redelivery the stream cannot drop).
    const ids: string[] = [];
    for (let i = 0; i < 81; i += 1)
      ids.push(
        await publish(
          i === 40 ? EVENT_TYPES.registrationApproved : EVENT_TYPES.registrationCreated,
        ),
      );
    const again = ids.filter((_, i) => i !== 40).slice(0, 10);
    for (const id of again)
      await publishEvent(nc, EVENT_TYPES.registrationCreated, { id, msgID: randomUUID() });
    await consumer.start();
    await until(async () => (await rows()).length >= ids.length && (await done()), 20_000);
    await new Promise((r) => setTimeout(r, 500));
    const got = await rows();
    // Each event once, in the order published.
    expect(got.map((r) => r.event_id)).toEqual(ids);
    // Few calls, each of many events, and few transactions.
    expect(manyCalls.length).toBeGreaterThan(0);
    expect(Math.max(...manyCalls)).toBeGreaterThan(10);
    expect(singles).toBeLessThan(10);
    expect(new Set(got.map((r) => r.txid)).size).toBeLessThan(10);
    expect(await processed(ids)).toBe(ids.length);
  }, 30_000);

  it('acknowledges an event it does not need without a transaction or a processed row', async () => {
    const before = (await rows()).length;
    const skipped = [
      await publish(EVENT_TYPES.registrationRejected),
      await publish(EVENT_TYPES.registrationRejected),
    ];
    const marker = await publish(EVENT_TYPES.registrationCreated);
    await until(async () => (await rows()).some((r) => r.event_id === marker) && (await done()));
    expect((await rows()).length).toBe(before + 1);
    expect(await processed(skipped)).toBe(0);
  }, 15_000);

  it('does not acknowledge a failing batch, and handles its events once when they succeed', async () => {
    manyCalls.length = 0;
    singles = 0;
    // Published at once, so they arrive together.
    const ids: string[] = Array.from({ length: 20 }, () => randomUUID());
    failing.add(ids[7]!);
    await Promise.all(ids.map((id) => publishEvent(nc, EVENT_TYPES.registrationCreated, { id })));
    // The others commit one by one; the failing one stays unacknowledged and unrecorded.
    await until(async () => (await processed(ids)) === ids.length - 1, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await processed([ids[7]!])).toBe(0);
    expect(await done()).toBe(false);
    expect(singles).toBeGreaterThan(0);
    failing.clear();
    await until(async () => (await processed(ids)) === ids.length && (await done()), 20_000);
    const got = (await rows()).map((r) => r.event_id).filter((id) => ids.includes(id));
    expect(got.sort()).toEqual([...ids].sort());
  }, 40_000);
});
