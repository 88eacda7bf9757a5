import { LINK_SEAL_SECRET } from './world.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { QueryTypes, type RunningService } from '@nsa/service-kit';
import { serviceTestEnv, testClient, testFeed } from '@nsa/service-kit/testing';
import { start as startCatalog } from 'svc-catalog/dist/src/start.js';
import { start as startRegistrations } from '../src/start.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const fast = { CONSUMER_ACK_WAIT_MS: '2000', LINK_SEAL_SECRET };

async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Row = { id: number; updatedAt: Date };
async function projected(svc: RunningService, id: number): Promise<Row | undefined> {
  const [row] = await svc.ctx.sequelize.query<Row>(
    'SELECT id, updated_at AS "updatedAt" FROM schools WHERE id = :id',
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  return row;
}
async function processedCount(svc: RunningService, eventId: string): Promise<number> {
  const [row] = await svc.ctx.sequelize.query<{ n: string }>(
    'SELECT count(*) AS n FROM processed_events WHERE event_id = :eventId',
    { replacements: { eventId }, type: QueryTypes.SELECT },
  );
  return Number(row?.n);
}
/** A school made the way an administrator makes one, through catalog's API. */
async function createSchool(catalog: RunningService, name: string): Promise<{ id: number }> {
  const res = await testClient(catalog.url).post('/api/schools', { name });
  if (res.status !== 201) throw new Error(`school not created: ${res.status}`);
  return res.body as { id: number };
}

/** The latest school event (a change also writes its audit entry to the outbox after it). */
async function lastEventId(catalog: RunningService): Promise<string> {
  const [row] = await catalog.ctx.sequelize.query<{ id: string }>(
    "SELECT id FROM outbox WHERE type LIKE 'catalog.school.%' ORDER BY seq DESC LIMIT 1",
    { type: QueryTypes.SELECT },
  );
  return row!.id;
}

describe('catalog event to the registrations projection', () => {
  let catalog: RunningService;

  beforeAll(async () => {
    catalog = await startCatalog({ env: await serviceTestEnv(infra, 'catalog', fast) });
  });
  afterAll(async () => {
    await catalog?.stop();
  });

  it('arrives once even when the relay publishes it twice and it is re-sent', async () => {
    const registrations = await startRegistrations({
      env: await serviceTestEnv(infra, 'registrations', fast),
    });
    try {
      const school = await createSchool(catalog, 'De Regenboog');
      const eventId = await lastEventId(catalog);
      const first = await until(() => projected(registrations, school.id));
      // The test looks into catalog's stream, which registrations' own user may not.
      const jsm = await jetstreamManager(await testFeed(infra.natsUrl));
      const messagesBefore = (await jsm.streams.info('CATALOG')).state.messages;

      // The relay publishes the same row again: the stream drops the duplicate id.
      await catalog.ctx.sequelize.query(
        'UPDATE outbox SET published_at = NULL WHERE id = :eventId',
        {
          replacements: { eventId },
        },
      );
      await catalog.ctx.outbox.publishPending();
      expect((await jsm.streams.info('CATALOG')).state.messages).toBe(messagesBefore);
      // And once more beyond the stream's duplicate window (new message id, same event id).
      const [row] = await catalog.ctx.sequelize.query<{ data: unknown; occurred_at: Date }>(
        'SELECT data, occurred_at FROM outbox WHERE id = :eventId',
        { replacements: { eventId }, type: QueryTypes.SELECT },
      );
      const ack = await jetstream(catalog.ctx.nc).publish(
        'catalog.school.created',
        JSON.stringify({
          id: eventId,
          type: 'catalog.school.created',
          version: 1,
          occurredAt: new Date(row!.occurred_at).toISOString(),
          data: row!.data,
        }),
        { msgID: `${eventId}-again` },
      );
      expect(ack.duplicate).toBe(false);

      await until(
        async () =>
          (await jsm.consumers.info('CATALOG', 'registrations')).num_pending === 0 &&
          (await jsm.consumers.info('CATALOG', 'registrations')).num_ack_pending === 0,
      );
      expect((await jsm.streams.info('CATALOG')).state.messages).toBe(messagesBefore + 1);
      expect(await processedCount(registrations, eventId)).toBe(1);
      // Applying it again would have moved updated_at.
      expect((await projected(registrations, school.id))!.updatedAt).toEqual(first.updatedAt);
    } finally {
      await registrations.stop();
    }
  });

  it('is handled once when the consumer dies after committing and before acking', async () => {
    let stalled = false;
    const dying = await startRegistrations({
      env: await serviceTestEnv(infra, 'registrations', fast),
      consumerHooks: {
        beforeAck: () => {
          stalled = true;
          return new Promise<void>(() => undefined);
        },
      },
    });
    const school = await createSchool(catalog, 'Het Klaverblad');
    const eventId = await lastEventId(catalog);
    await until(async () => stalled);
    const committed = await projected(dying, school.id);
    expect(committed).toBeDefined();
    await dying.stop();

    const seenAfterRestart: string[] = [];
    const restarted = await startRegistrations({
      env: await serviceTestEnv(infra, 'registrations', fast),
      consumerHooks: {
        beforeAck: async (event) => {
          seenAfterRestart.push(event.id);
        },
      },
    });
    try {
      const jsm = await jetstreamManager(restarted.ctx.nc);
      // The unacked message comes back after the ack wait and is only acked this time.
      await until(async () => seenAfterRestart.includes(eventId));
      await until(async () => {
        const info = await jsm.consumers.info('CATALOG', 'registrations');
        return info.num_ack_pending === 0 && info.num_pending === 0;
      });
      expect(await processedCount(restarted, eventId)).toBe(1);
      expect((await projected(restarted, school.id))!.updatedAt).toEqual(committed!.updatedAt);
    } finally {
      await restarted.stop();
    }
  });
});
