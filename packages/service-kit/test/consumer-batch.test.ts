// Events that have already arrived are handled together in one transaction (one commit for
// many), each still exactly once; an event whose handler fails is retried alone and does not
// hold back or undo the others.
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES } from '@nsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableConsumer } from '../src/consumer.js';
import { QueryTypes, type Sequelize } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import type { NatsConnection } from '../src/nats.js';
import { until } from '../src/testing/index.js';
import { publishEvent, startKitWorld, type KitWorld } from './kit-world.js';

const SCHEMA = 'kit_batch';
const EVENTS = 300;
let world: KitWorld;
let sequelize: Sequelize;
let nc: NatsConnection;
let consumer: DurableConsumer;
let poison = '';
let poisonFailures = 0;

beforeAll(async () => {
  world = await startKitWorld(SCHEMA, () => createLogger('kit-test', 'silent'));
  const { logger } = world;
  ({ sequelize, nc } = world);
  await sequelize.query('CREATE TABLE handled (event_id uuid NOT NULL, txid bigint NOT NULL)');
  consumer = new DurableConsumer(
    nc,
    sequelize,
    {
      stream: 'REGISTRATIONS',
      durable: 'kit-batch',
      handlers: {
        [EVENT_TYPES.registrationCreated]: {
          versions: [1],
          handle: async (event, { tx }) => {
            await sequelize.query(
              'INSERT INTO handled (event_id, txid) VALUES (:id, txid_current())',
              { replacements: { id: event.id }, transaction: tx },
            );
            if (event.id === poison && poisonFailures < 2) {
              poisonFailures += 1;
              throw new Error('handler failed');
            }
          },
        },
      },
    },
    logger,
  );
}, 60_000);

afterAll(() => world?.stop(consumer), 30_000);

describe('DurableConsumer batches', () => {
  it('handles a backlog in few transactions, each event once, a failing one retried alone', async () => {
    const ids = Array.from({ length: EVENTS }, () => randomUUID());
    poison = ids[150]!;
    // A backlog waiting for the consumer, as after a burst or a restart.
    await Promise.all(
      ids.map((id) =>
        publishEvent(nc, EVENT_TYPES.registrationCreated, { id, data: { registrationId: 1 } }),
      ),
    );
    await consumer.start();
    const count = async () =>
      (
        await sequelize.query<{ n: number; tx: number }>(
          'SELECT count(*)::int AS n, count(DISTINCT txid)::int AS tx FROM handled',
          { type: QueryTypes.SELECT },
        )
      )[0]!;
    await until(async () => (await count()).n >= EVENTS, 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    const { n, tx } = await count();
    // Each event's row exactly once: the failed attempts rolled back with their transaction.
    expect(n).toBe(EVENTS);
    const distinct = await sequelize.query<{ n: number }>(
      'SELECT count(DISTINCT event_id)::int AS n FROM handled',
      { type: QueryTypes.SELECT },
    );
    expect(distinct[0]!.n).toBe(EVENTS);
    expect(poisonFailures).toBe(2);
    // Far fewer commits than events.
    expect(tx).toBeLessThan(EVENTS / 4);
  }, 60_000);

  it('handles a lone event as soon as it arrives, with nothing after it', async () => {
    const id = await publishEvent(nc, EVENT_TYPES.registrationCreated, {
      data: { registrationId: 2 },
    });
    const t0 = Date.now();
    await until(
      async () =>
        (
          await sequelize.query('SELECT 1 FROM handled WHERE event_id = :id', {
            replacements: { id },
            type: QueryTypes.SELECT,
          })
        ).length === 1,
      5_000,
    );
    expect(Date.now() - t0).toBeLessThan(2_000);
  }, 15_000);
});
