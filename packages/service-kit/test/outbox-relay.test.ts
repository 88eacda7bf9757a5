// The outbox relay: commits that land together share one pass, a pass publishes its events in
// the order they were written and marks them all published in one transaction of two round
// trips, and a pass that fails leaves its rows pending for the next (at least once).
import { jetstream } from '@nats-io/jetstream';
import { STREAMS } from '@nsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes, type Sequelize } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { Metrics } from '../src/metrics.js';
import type { NatsConnection } from '../src/nats.js';
import { Outbox, RELAY_GATHER_MS } from '../src/outbox.js';
import { recordStatements, until, type StatementRecorder } from '../src/testing/index.js';
import { startKitWorld, type KitWorld } from './kit-world.js';

let world: KitWorld;
let sequelize: Sequelize;
let nc: NatsConnection;
let outbox: Outbox;
let metrics: Metrics;
/** Statements sent on the connections taken from the pool (the relay's among them). */
let recorder: StatementRecorder;

beforeAll(async () => {
  world = await startKitWorld('kit_relay', () => createLogger('kit-test', 'silent'));
  ({ sequelize, nc } = world);
  recorder = recordStatements(sequelize);
  // A poll far beyond the tests: only commits wake the relay.
  outbox = new Outbox(sequelize, nc, world.logger, 600_000);
  metrics = new Metrics('kit-relay', { defaultMetrics: false });
  outbox.observe(metrics);
}, 60_000);

afterAll(async () => {
  recorder?.stop();
  await world?.stop(outbox);
}, 30_000);

async function counter(name: string): Promise<number> {
  const metric = await metrics.registry.getSingleMetric(name)?.get();
  return metric?.values[0]?.value ?? 0;
}

/** Commits `n` events one transaction after the other; answers their ids in commit order. */
async function commitOneByOne(n: number, subject: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const event = await sequelize.transaction((tx) =>
      outbox.add(tx, { type: subject, data: { i } }),
    );
    ids.push(event.id);
  }
  return ids;
}

/** The ids of the events on `subject` in the stream, in stream order. */
async function streamed(subject: string, expected: number): Promise<string[]> {
  // The whole stream, read in order (nats-server 2.9 filters an ordered consumer by one
  // subject at most; the stream holds only this test's events).
  const consumer = await jetstream(nc).consumers.get(STREAMS.REGISTRATIONS.name);
  const ids: string[] = [];
  const messages = await consumer.fetch({ max_messages: 1000, expires: 2000 });
  for await (const m of messages) {
    if (m.subject === subject) ids.push((m.json() as { id: string }).id);
    if (ids.length === expected) break;
  }
  return ids;
}

async function pending(): Promise<number> {
  const [row] = await sequelize.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL',
    { type: QueryTypes.SELECT },
  );
  return row!.n;
}

describe('outbox relay', () => {
  it('publishes N commits in one pass, in commit order, marked published in one transaction of two round trips', async () => {
    const subject = 'registrations.kit-relay.one-pass';
    const ids = await commitOneByOne(40, subject);
    recorder.clear();
    const passesBefore = await counter('nsa_outbox_relay_passes_total');

    expect(await outbox.publishPending()).toBe(40);
    // The plain SQL strings, as the relay sends its statements.
    const sent = recorder.statements.filter((s) => s.form === 'text').map((s) => s.text);

    expect(await counter('nsa_outbox_relay_passes_total')).toBe(passesBefore + 1);
    expect(await streamed(subject, 40)).toEqual(ids);
    // BEGIN with the locking read, then the one UPDATE of the whole batch with COMMIT.
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^BEGIN; SELECT .* FOR UPDATE SKIP LOCKED$/s);
    expect(sent[1]).toMatch(/^UPDATE outbox SET published_at = now\(\) .*; COMMIT$/s);
    // One transaction wrote every mark: one published_at and one writing transaction id.
    const [marks] = await sequelize.query<{ times: number; writers: number; n: number }>(
      `SELECT count(DISTINCT published_at)::int AS times, count(DISTINCT xmin::text)::int AS writers,
         count(*)::int AS n FROM outbox WHERE id IN (:ids) AND published_at IS NOT NULL`,
      { replacements: { ids }, type: QueryTypes.SELECT },
    );
    expect(marks).toEqual({ times: 1, writers: 1, n: 40 });
  }, 60_000);

  it('shares one pass among commits that land together, and publishes them all in order', async () => {
    const subject = 'registrations.kit-relay.gathered';
    const passesBefore = await counter('nsa_outbox_relay_passes_total');
    const publishedBefore = await counter('nsa_outbox_published_total');
    outbox.start();
    const started = Date.now();
    // Each commit wakes the relay (afterCommit → kick), as a burst of sign-ups does.
    const ids = await commitOneByOne(60, subject);
    await until(async () => (await pending()) === 0, 20_000);
    const elapsed = Date.now() - started;
    const passes = (await counter('nsa_outbox_relay_passes_total')) - passesBefore;

    expect((await counter('nsa_outbox_published_total')) - publishedBefore).toBe(60);
    expect(await streamed(subject, 60)).toEqual(ids);
    // At most one pass per gathering time (and one more for the last commits), never one per
    // commit however fast the commits were.
    expect(passes).toBeLessThanOrEqual(Math.ceil(elapsed / RELAY_GATHER_MS) + 1);
    expect(passes).toBeLessThan(60);
  }, 60_000);

  it('leaves the events of a failed pass pending and publishes them on a later pass', async () => {
    await outbox.stop();
    // No stream holds this subject: JetStream refuses the publish.
    const [lost] = await sequelize.transaction(async (tx) => [
      await outbox.add(tx, { type: 'nowhere.kit-relay.refused', data: {} }),
      await outbox.add(tx, { type: 'registrations.kit-relay.after-failure', data: {} }),
    ]);
    await expect(outbox.publishPending()).rejects.toThrow();
    expect(await pending()).toBe(2);
    // The connection went back to the pool in a usable state: nothing of the pass is left open.
    const [open] = await sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      { type: QueryTypes.SELECT },
    );
    expect(open!.n).toBe(0);
    // The refused event is taken away; the other goes on the next pass.
    await sequelize.query('DELETE FROM outbox WHERE id = :id', { replacements: { id: lost!.id } });
    expect(await outbox.publishPending()).toBe(1);
    expect(await pending()).toBe(0);
    // Published once in the stream, though the failed pass may have sent it already.
    expect(await streamed('registrations.kit-relay.after-failure', 2)).toHaveLength(1);
  }, 60_000);
});
