// R-ORG-EVENTS: an event carries the organisation whose work wrote it (X-Organisation-Id, from
// the work's context or fixed by forRequest), and a consumer handles it as that organisation's
// work: its transaction has the organisation set, a batch never mixes organisations in one
// transaction, and an event with an organisation header that names none is dead-lettered.
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, NATS_HEADERS } from '@nsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOrganisation, forRequest, withOrganisation } from '../src/context.js';
import { DurableConsumer } from '../src/consumer.js';
import { acrossOrganisations, QueryTypes, type Sequelize } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import type { NatsConnection } from '../src/nats.js';
import { Outbox } from '../src/outbox.js';
import { until } from '../src/testing/index.js';
import { publishEvent, settled, startKitWorld, type KitWorld } from './kit-world.js';

const SCHEMA = 'kit_org_events';
const DURABLE = 'kit-org-events';
let world: KitWorld;
let sequelize: Sequelize;
let nc: NatsConnection;
let consumer: DurableConsumer;

/** Per event: the organisation in node's context and in the transaction, and the transaction. */
const record = async (ids: string[], tx: unknown): Promise<void> => {
  await sequelize.query(
    `INSERT INTO handled (event_id, in_node, in_tx, txid)
     SELECT unnest(ARRAY[:ids]::uuid[]), :inNode,
       nullif(current_setting('app.organisation_id', true), ''), txid_current()`,
    {
      replacements: { ids, inNode: currentOrganisation() ?? null },
      transaction: tx as never,
    },
  );
};

beforeAll(async () => {
  world = await startKitWorld(SCHEMA, () => createLogger('kit-test', 'silent'));
  ({ sequelize, nc } = world);
  await sequelize.query(
    `CREATE TABLE handled (seq serial, event_id uuid NOT NULL, in_node int, in_tx text,
       txid bigint NOT NULL)`,
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
          handle: async (event, { tx }) => record([event.id], tx),
          handleMany: async (events, { tx }) =>
            record(
              events.map((e) => e.id),
              tx,
            ),
        },
      },
    },
    world.logger,
  );
}, 60_000);

afterAll(() => world?.stop(consumer), 30_000);

const handled = () =>
  sequelize.query<{ event_id: string; in_node: number | null; in_tx: string | null; txid: string }>(
    'SELECT event_id, in_node, in_tx, txid FROM handled ORDER BY seq',
    { type: QueryTypes.SELECT },
  );

const publish = (id: string, organisation?: string) =>
  publishEvent(nc, EVENT_TYPES.registrationCreated, {
    id,
    headers: organisation === undefined ? {} : { [NATS_HEADERS.organisationId]: organisation },
  });
const done = () => settled(nc, 'REGISTRATIONS', DURABLE);

describe('the organisation of an event', () => {
  it('is the writing work’s, or the one forRequest fixes, in the outbox row’s headers', async () => {
    const outbox = new Outbox(sequelize, nc, world.logger, 600_000);
    const [mine] = await withOrganisation(7, () =>
      sequelize.transaction((tx) => outbox.addMany(tx, [{ type: 'registrations.org.a', data: 1 }])),
    );
    const [none] = await sequelize.transaction((tx) =>
      outbox.addMany(tx, [{ type: 'registrations.org.b', data: 2 }]),
    );
    // Written in one organisation's work for a request of another: the request's counts.
    const [fixed] = await withOrganisation(7, () =>
      sequelize.transaction((tx) =>
        outbox.addMany(tx, [
          forRequest(
            { requestId: 'req-9', organisationId: 9 },
            {
              type: 'registrations.org.c',
              data: 3,
            },
          ),
        ]),
      ),
    );
    // Rows of three organisations: read as the relay reads them.
    const rows = await acrossOrganisations(sequelize, (transaction) =>
      sequelize.query<{ id: string; headers: Record<string, string> }>(
        'SELECT id, headers FROM outbox WHERE id IN (:ids)',
        {
          replacements: { ids: [mine!.id, none!.id, fixed!.id] },
          type: QueryTypes.SELECT,
          transaction,
        },
      ),
    );
    const byId = new Map(rows.map((r) => [r.id, r.headers]));
    expect(byId.get(mine!.id)).toEqual({ [NATS_HEADERS.organisationId]: '7' });
    expect(byId.get(none!.id)).toEqual({});
    expect(byId.get(fixed!.id)).toEqual({
      [NATS_HEADERS.requestId]: 'req-9',
      [NATS_HEADERS.organisationId]: '9',
    });
    // The relay publishes every organisation's rows (R-ORG-RLS: the outbox is open to it alone).
    const ids = [mine!.id, none!.id, fixed!.id];
    const unpublished = () =>
      acrossOrganisations(sequelize, (transaction) =>
        sequelize.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM outbox WHERE id IN (:ids) AND published_at IS NULL',
          { replacements: { ids }, type: QueryTypes.SELECT, transaction },
        ),
      ).then(([r]) => r!.n);
    expect(await unpublished()).toBe(3);
    await until(async () => (await outbox.publishPending(), (await unpublished()) === 0));
  });

  it('is the one a consumer handles it in: its transaction has it, and no transaction mixes two', async () => {
    // A backlog, so the consumer fetches it in batches: runs of organisation 7, 8, none and 7.
    const plan = [
      ...Array.from({ length: 12 }, () => '7'),
      ...Array.from({ length: 12 }, () => '8'),
      ...Array.from({ length: 6 }, () => undefined),
      ...Array.from({ length: 6 }, () => '7'),
    ];
    const ids = plan.map(() => randomUUID());
    for (const [i, id] of ids.entries()) await publish(id, plan[i]);
    // Named no organisation: dead-lettered, never handled.
    const bad = [randomUUID(), randomUUID(), randomUUID()];
    await publish(bad[0]!, '0');
    await publish(bad[1]!, 'seven');
    await publish(bad[2]!, '99999999999');
    await consumer.start();
    await until(async () => (await handled()).length >= ids.length && (await done()), 20_000);
    const got = await handled();
    // Each event once, in its own organisation's order (organisations may take turns within a
    // batch; events of none keep their place among organisation 1's, of which there are none).
    expect([...got.map((r) => r.event_id)].sort()).toEqual([...ids].sort());
    for (const organisation of ['7', '8', undefined]) {
      const mine: string[] = ids.filter((_, i) => plan[i] === organisation);
      const rows = got.filter((r) => mine.includes(r.event_id));
      expect(rows.map((r) => r.event_id)).toEqual(mine);
      for (const row of rows) {
        expect(row.in_tx).toBe(organisation ?? null);
        expect(row.in_node).toBe(organisation === undefined ? null : Number(organisation));
      }
    }
    // Batches were made (fewer transactions than events), each of one organisation.
    const byTx = new Map<string, Set<string | null>>();
    for (const r of got) byTx.set(r.txid, (byTx.get(r.txid) ?? new Set()).add(r.in_tx));
    expect(byTx.size).toBeLessThan(ids.length);
    for (const organisations of byTx.values()) expect(organisations.size).toBe(1);
  }, 30_000);

  it('handles a backlog of two organisations taking turns in a few transactions, not one per event', async () => {
    await sequelize.query('TRUNCATE handled');
    // Every other event another organisation's, as two organisations' sign-ups arrive at once.
    const plan = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? '7' : '8'));
    const ids = plan.map(() => randomUUID());
    // Published at once, so the running consumer finds several of them in each fetch.
    await Promise.all(ids.map((id, i) => publish(id, plan[i])));
    await until(async () => (await handled()).length >= ids.length && (await done()), 20_000);
    const got = await handled();
    for (const organisation of ['7', '8']) {
      const mine = ids.filter((_, i) => plan[i] === organisation);
      expect(got.filter((r) => r.in_tx === organisation).map((r) => r.event_id)).toEqual(mine);
    }
    const byTx = new Map<string, Set<string | null>>();
    for (const r of got) byTx.set(r.txid, (byTx.get(r.txid) ?? new Set()).add(r.in_tx));
    for (const organisations of byTx.values()) expect(organisations.size).toBe(1);
    // In runs of consecutive events of one organisation it would be 40 transactions.
    expect(byTx.size).toBeLessThan(20);
  }, 30_000);
});
