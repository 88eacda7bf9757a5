// Independent service releases: a consumer meets an event version it does not understand (a
// producer released first with a breaking `version`). It must terminate that one message
// with a log line, not crash, not block the stream and not have it redelivered forever;
// the events after it are handled as usual.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENT_TYPES, STREAMS, type EventEnvelope } from '@nsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableConsumer } from '../src/consumer.js';
import type { Sequelize } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import type { NatsConnection } from '../src/nats.js';
import { startKitWorld, type KitWorld } from './kit-world.js';

const SCHEMA = 'kit_consumer';
const DURABLE = 'kit-versions';
let world: KitWorld;
let sequelize: Sequelize;
let nc: NatsConnection;
let consumer: DurableConsumer;
let logFile: string;
const handled: EventEnvelope[] = [];

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function logLines(): Array<Record<string, unknown>> {
  if (!fs.existsSync(logFile)) return [];
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

async function publish(version: number, data: unknown, raw?: string) {
  const id = randomUUID();
  const body =
    raw ??
    JSON.stringify({
      id,
      type: EVENT_TYPES.registrationCreated,
      version,
      occurredAt: new Date().toISOString(),
      data,
    });
  await jetstream(nc).publish(EVENT_TYPES.registrationCreated, body, { msgID: id });
  return id;
}

async function consumerInfo() {
  const jsm = await jetstreamManager(nc);
  return jsm.consumers.info(STREAMS.REGISTRATIONS.name, DURABLE);
}

beforeAll(async () => {
  world = await startKitWorld(SCHEMA, (dir) => {
    logFile = path.join(dir, 'consumer.log');
    return createLogger('kit-test', 'info', logFile);
  });
  const { logger } = world;
  ({ sequelize, nc } = world);
  consumer = new DurableConsumer(
    nc,
    sequelize,
    {
      stream: 'REGISTRATIONS',
      durable: DURABLE,
      // Short, so that a message that was not terminated would visibly come back.
      ackWaitMs: 800,
      handlers: {
        [EVENT_TYPES.registrationCreated]: {
          versions: [1],
          handle: async (event) => {
            handled.push(event);
          },
        },
      },
    },
    logger,
  );
  await consumer.start();
}, 60_000);

afterAll(() => world?.stop(consumer), 30_000);

describe('DurableConsumer and event versions', () => {
  it('terminates an event version it does not understand with a log line, and goes on', async () => {
    const future = await publish(2, { registrationId: 1, shape: 'of the future' });
    const malformed = await publish(1, null, '{"this is": "not an event"');
    const current = await publish(1, { registrationId: 2 });

    await until(() => handled.some((e) => e.id === current));
    // Only the version it knows reached the handler.
    expect(handled.map((e) => e.id)).toEqual([current]);

    await until(() =>
      logLines().some((l) => l.msg === 'event version not understood; dead-lettered'),
    );
    const line = logLines().find((l) => l.msg === 'event version not understood; dead-lettered')!;
    expect(line).toMatchObject({
      level: 50,
      version: 2,
      eventId: future,
      type: EVENT_TYPES.registrationCreated,
    });
    expect(logLines().some((l) => l.msg === 'malformed event dead-lettered')).toBe(true);
    expect(malformed).toBeTruthy();

    // Terminated, not left to time out: well past ack_wait nothing is pending or redelivered,
    // and the consumer's ack floor moved past all three messages.
    await new Promise((r) => setTimeout(r, 2000));
    const info = await consumerInfo();
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
    expect(info.ack_floor.stream_seq).toBe(info.delivered.stream_seq);
    expect(handled).toHaveLength(1);
    // The service itself still works: the processed-events table holds the one it handled.
    const [row] = await sequelize.query('SELECT count(*)::int AS n FROM processed_events', {
      plain: false,
      raw: true,
    });
    expect((row as Array<{ n: number }>)[0]!.n).toBe(1);
  }, 30_000);

  it('handles the same event type again once a release understands its version', async () => {
    const next = await publish(1, { registrationId: 3 });
    await until(() => handled.some((e) => e.id === next));
    expect(handled.map((e) => e.version)).toEqual([1, 1]);
  }, 15_000);
});
