import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { STREAMS } from '@nsa/contracts';
import { ensureServiceDatabase } from '@nsa/local-infra';
import { QueryTypes, connectDatabase } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { ensureStreams } from '../src/nats.js';
import { DailyJob, pruneKitTables, withAdvisoryLock } from '../src/retention.js';
import { startKitWorld, type KitWorld } from './kit-world.js';

const WEEK_NS = nanos(7 * 24 * 3600 * 1000);

describe('retention of what every service holds (R-RETENTION-STREAMS, R-RETENTION-KIT)', () => {
  let w: KitWorld;
  beforeAll(async () => {
    w = await startKitWorld('kit_retention', () => createLogger('kit', 'silent'));
  }, 60_000);
  afterAll(() => w?.stop());

  it('keeps messages at most 7 days on every stream that carries personal data, also on a stream made before', async () => {
    const jsm = await jetstreamManager(w.nc);
    // A stream created before retention existed keeps messages forever until ensureStreams runs.
    await jsm.streams.update('REGISTRATIONS', { max_age: 0 });
    expect((await jsm.streams.info('REGISTRATIONS')).config.max_age).toBe(0);
    await ensureStreams(w.nc, 1);
    const ages = Object.fromEntries(
      await Promise.all(
        Object.values(STREAMS).map(
          async (s) => [s.name, (await jsm.streams.info(s.name)).config.max_age] as const,
        ),
      ),
    );
    expect(ages).toEqual({
      CATALOG: 0,
      REGISTRATIONS: WEEK_NS,
      IDENTITY: WEEK_NS,
      NOTIFY: WEEK_NS,
    });
  });

  it('prunes published outbox rows and processed-event ids older than 7 days, never an unpublished row', async () => {
    const q = (sql: string) => w.sequelize.query(sql);
    await q(`INSERT INTO outbox (id, subject, type, version, occurred_at, data, published_at) VALUES
      (gen_random_uuid(), 'x.old', 'x.old', 1, now() - interval '9 days', '{}', now() - interval '8 days'),
      (gen_random_uuid(), 'x.new', 'x.new', 1, now() - interval '2 days', '{}', now() - interval '2 days'),
      (gen_random_uuid(), 'x.unpublished', 'x.unpublished', 1, now() - interval '30 days', '{}', NULL)`);
    await q(`INSERT INTO processed_events (consumer, event_id, processed_at) VALUES
      ('c', gen_random_uuid(), now() - interval '8 days'), ('c', gen_random_uuid(), now())`);
    expect(await pruneKitTables(w.sequelize)).toEqual({ outbox: 1, processedEvents: 1 });
    const left = await w.sequelize.query<{ type: string }>(
      'SELECT type FROM outbox ORDER BY type',
      {
        type: QueryTypes.SELECT,
      },
    );
    expect(left.map((r) => r.type)).toEqual(['x.new', 'x.unpublished']);
    expect(await pruneKitTables(w.sequelize)).toEqual({ outbox: 0, processedEvents: 0 });
  });

  it('runs a daily job on start, one replica at a time', async () => {
    let runs = 0;
    const job = new DailyJob({
      name: 'probe',
      sequelize: w.sequelize,
      logger: w.logger,
      run: async () => ++runs,
    });
    const held = withAdvisoryLock(w.sequelize, 'job:probe', async () => {
      // While another replica holds the lock, a run skips its turn.
      expect(await job.runOnce('daily')).toBeUndefined();
      return true;
    });
    expect((await held).locked).toBe(true);
    expect(runs).toBe(0);
    const running = job.start();
    await running.stop();
    expect(runs).toBe(1);
  });

  it("never skips a turn for another service's job of the same name (the services share one database)", async () => {
    // Another service: its own schema and role in the same database.
    const url = await ensureServiceDatabase(w.infra.adminUrl, 'kit_retention_other');
    const other = await connectDatabase({
      url,
      schema: 'kit_retention_other',
      poolMax: 2,
      applicationName: 'kit-other',
    });
    try {
      let runs = 0;
      const job = new DailyJob({
        name: 'shared-name',
        sequelize: w.sequelize,
        logger: w.logger,
        run: async () => ++runs,
      });
      const held = await withAdvisoryLock(other, 'job:shared-name', async () => {
        expect(await job.runOnce('daily')).toBe(1);
        return true;
      });
      expect(held.locked).toBe(true);
      expect(runs).toBe(1);
    } finally {
      await other.close();
    }
  });
});
