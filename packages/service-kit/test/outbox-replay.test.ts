// R-EVENT-REPLAY: after a start or a reconnect to NATS, the outbox publishes the last seconds of
// events again, so an event the stream acknowledged and then lost (a power failure before its
// fsync) is stored again, an event it kept is not stored twice, and older events stay as they are.
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { STREAMS } from '@nsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes, type Sequelize } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import type { NatsConnection } from '../src/nats.js';
import { Outbox } from '../src/outbox.js';
import { replayAfterReconnect, REPLAY_WINDOW_MS } from '../src/outbox-replay.js';
import { until } from '../src/testing/index.js';
import { startKitWorld, type KitWorld } from './kit-world.js';

let world: KitWorld;
let sequelize: Sequelize;
let nc: NatsConnection;
let outbox: Outbox;
let replay: { stop(): Promise<void> };

beforeAll(async () => {
  world = await startKitWorld('kit_replay', () => createLogger('kit-test', 'silent'));
  ({ sequelize, nc } = world);
  outbox = new Outbox(sequelize, nc, world.logger, 200);
  outbox.start();
  replay = replayAfterReconnect({ sequelize, nc, logger: world.logger, kick: () => outbox.kick() });
}, 60_000);

afterAll(async () => {
  await replay?.stop();
  await world?.stop(outbox);
}, 30_000);

/** Every message on `subject` in the stream: its event id and stream sequence. */
async function streamed(subject: string): Promise<{ id: string; seq: number }[]> {
  const consumer = await jetstream(nc).consumers.get(STREAMS.REGISTRATIONS.name, {
    filter_subjects: [subject],
  });
  const out: { id: string; seq: number }[] = [];
  const info = await consumer.info();
  if (info.num_pending === 0) return out;
  const messages = await consumer.fetch({ max_messages: 1000, expires: 2000 });
  for await (const m of messages) {
    out.push({ id: (m.json() as { id: string }).id, seq: m.seq });
    if (m.info.pending === 0) break;
  }
  return out;
}

async function commit(subject: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const event = await sequelize.transaction((tx) =>
      outbox.add(tx, { type: subject, data: { i } }),
    );
    ids.push(event.id);
  }
  return ids;
}

describe('outbox replay after a reconnect (R-EVENT-REPLAY)', () => {
  it('stores again the recent events a stream lost, once each, and leaves older ones alone', async () => {
    const recent = 'registrations.kit-replay.recent';
    const old = 'registrations.kit-replay.old';
    const oldIds = await commit(old, 2);
    const recentIds = await commit(recent, 4);
    await until(async () => (await streamed(recent)).length === 4, 10_000);
    await until(async () => (await streamed(old)).length === 2, 10_000);
    // The old events were published longer ago than the window.
    await sequelize.query(
      `UPDATE outbox SET published_at = now() - make_interval(secs => :secs)
       WHERE id::text IN (:ids)`,
      { replacements: { secs: (REPLAY_WINDOW_MS * 3) / 1000, ids: oldIds } },
    );

    // What a power failure before the fsync does: the stream acknowledged these and lost them.
    // Two of the recent ones and both old ones go; two recent ones stay.
    const jsm = await jetstreamManager(nc);
    const lost = (await streamed(recent)).slice(0, 2);
    for (const m of [...lost, ...(await streamed(old))])
      await jsm.streams.deleteMessage(STREAMS.REGISTRATIONS.name, m.seq);
    expect((await streamed(recent)).length).toBe(2);

    await world.infra.restartNats();

    // The lost recent events are back, and each recent event is in the stream once.
    // Until the client is back, a look at the stream times out.
    await until(async () => (await streamed(recent).catch(() => [])).length >= 4, 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    const after = (await streamed(recent)).map((m) => m.id);
    expect(after.sort()).toEqual([...recentIds].sort());
    // Older than the window: not published again.
    expect(await streamed(old)).toEqual([]);
    const [pending] = await sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL',
      { type: QueryTypes.SELECT },
    );
    expect(pending!.n).toBe(0);
  }, 60_000);
});
