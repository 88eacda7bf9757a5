// The outbox relays of two processes of one service (R-RUN-REPLICAS): one pass at a time, so the
// stream keeps the order in which the changes committed, and a relay that found the other's
// pass under way publishes its own commits as soon as that pass is over.
import { jetstream } from '@nats-io/jetstream';
import { STREAMS } from '@nsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes, type Sequelize } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import type { NatsConnection } from '../src/nats.js';
import { Outbox } from '../src/outbox.js';
import { until } from '../src/testing/index.js';
import { startKitWorld, type KitWorld } from './kit-world.js';

let world: KitWorld;
let sequelize: Sequelize;
let nc: NatsConnection;
/** The first process's relay: its publishes reach NATS 300 ms late (a slow pass). */
let slow: Outbox;
/** The second process's relay. */
let other: Outbox;

/** `nc` whose publishes go out `ms` late; everything else as it is. */
function delayedPublishes(conn: NatsConnection, ms: number): NatsConnection {
  return new Proxy(conn, {
    get(target, prop) {
      if (prop === 'publish') {
        return (...args: Parameters<NatsConnection['publish']>) =>
          setTimeout(() => target.publish(...args), ms);
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

beforeAll(async () => {
  world = await startKitWorld('kit_relay_replicas', () => createLogger('kit-test', 'silent'));
  ({ sequelize, nc } = world);
  // Polls far beyond the tests: only what a test does wakes a relay.
  slow = new Outbox(sequelize, delayedPublishes(nc, 300), world.logger, 600_000);
  other = new Outbox(sequelize, nc, world.logger, 600_000);
}, 60_000);

afterAll(async () => {
  await other?.stop();
  await world?.stop(slow);
}, 30_000);

const commit = (outbox: Outbox, subject: string, i: number) =>
  sequelize.transaction((tx) => outbox.add(tx, { type: subject, data: { i } }));

/** The ids of the events on `subject` in the stream, in stream order. */
async function streamed(subject: string, expected: number): Promise<string[]> {
  const consumer = await jetstream(nc).consumers.get(STREAMS.REGISTRATIONS.name);
  const ids: string[] = [];
  const messages = await consumer.fetch({ max_messages: 1000, expires: 2000 });
  for await (const m of messages) {
    if (m.subject === subject) ids.push((m.json() as { id: string }).id);
    if (ids.length === expected) break;
  }
  return ids;
}

async function pending(ids: string[]): Promise<number> {
  const [row] = await sequelize.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL AND id IN (:ids)',
    { replacements: { ids }, type: QueryTypes.SELECT },
  );
  return row!.n;
}

describe('outbox relays of two processes', () => {
  it('never run passes side by side: a change committed after another reaches the stream after it', async () => {
    const subject = 'registrations.kit-relay-replicas.order';
    const first = await commit(slow, subject, 1);
    // The slow relay's pass has taken the first event and is publishing it.
    const slowPass = slow.publishPending();
    await new Promise((r) => setTimeout(r, 100));
    const second = await commit(other, subject, 2);
    // The other relay finds the pass under way and takes nothing.
    expect(await other.publishPending()).toBe(0);
    expect(await slowPass).toBe(1);
    expect(await other.publishPending()).toBe(1);
    expect(await streamed(subject, 2)).toEqual([first.id, second.id]);
  }, 30_000);

  it('publishes a commit that met the other pass as soon as that pass is over, not at the next poll', async () => {
    const subject = 'registrations.kit-relay-replicas.busy';
    other.start();
    await commit(slow, subject, 1);
    const slowPass = slow.publishPending();
    await new Promise((r) => setTimeout(r, 100));
    // Wakes the other relay (after commit), whose pass finds the lock held.
    const mine = await commit(other, subject, 2);
    await slowPass;
    await until(async () => (await pending([mine.id])) === 0, 5000);
    expect((await streamed(subject, 2))[1]).toBe(mine.id);
  }, 30_000);
});
