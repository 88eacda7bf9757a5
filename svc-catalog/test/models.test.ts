import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes, type RunningService, type Transaction } from '@nsa/service-kit';
import { serviceTestEnv, testClient as api } from '@nsa/service-kit/testing';
import { ActivityRepository } from '../src/data-access/activities.js';
import { catalogModels } from '../src/data-access/models.js';
import { blockRepository, providerRepository } from '../src/data-access/named.js';
import { SchoolRepository } from '../src/data-access/schools.js';
import { start } from '../src/start.js';
import { serveSeedCommitments } from './seed-owner.js';

const noWindow = { signupOpensAt: null, signupClosesAt: null, allocation: 'fcfs' as const };

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the catalog models', () => {
  let svc: RunningService;
  let seedOwner: { stop(): Promise<void> } | undefined;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    seedOwner = await serveSeedCommitments(infra.natsUrl);
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
  });
  afterAll(async () => {
    await svc?.stop();
    await seedOwner?.stop();
  });

  it("reach the service's own schema through the connection's search_path, on the migrations' tables", async () => {
    const db = svc.ctx.sequelize;
    const models = Object.values(catalogModels(db));
    // Unqualified: the schema is DB_SCHEMA's search_path, as for the raw SQL.
    for (const model of models) expect(typeof model.getTableName()).toBe('string');
    const school = (await a.post('/api/schools', { name: 'Schema' })).body;
    const [row] = await db.query<{ name: string }>(
      'SELECT name FROM "catalog".schools WHERE id = :id',
      { replacements: { id: school.id }, type: QueryTypes.SELECT },
    );
    expect(row?.name).toBe('Schema');
    // Every column a model names exists in the table the migrations made (nothing syncs them).
    for (const model of models) {
      const table = await db
        .getQueryInterface()
        .describeTable(model.getTableName(), { schema: svc.ctx.config.DB_SCHEMA });
      const attributes = model.getAttributes() as Record<string, { field?: string }>;
      const fields = Object.values(attributes).map((attr) => attr.field);
      expect(Object.keys(table)).toEqual(expect.arrayContaining(fields));
    }
  });

  // R-DATA-BLOCK; R-API-NAMES: camelCase fields, ISO 8601 times.
  it('keep the fields, their order and the ISO dates of the API', async () => {
    const school = await a.post('/api/schools', { name: 'Volgorde' });
    expect(Object.keys(school.body)).toEqual([
      'id',
      'name',
      'accessToken',
      'createdAt',
      'updatedAt',
    ]);
    expect(school.body.createdAt).toMatch(ISO);
    const renamed = await a.put(`/api/schools/${school.body.id}`, { name: 'Volgorde 2' });
    expect(Object.keys(renamed.body)).toEqual(Object.keys(school.body));
    expect(renamed.body.createdAt).toBe(school.body.createdAt);
    expect(renamed.body.updatedAt).toMatch(ISO);
    const listed = (await a.get('/api/schools')).body.find(
      (s: { id: number }) => s.id === school.body.id,
    );
    expect(listed).toEqual(renamed.body);

    const block = await a.post('/api/blocks', { name: 'Blok', weekStart: 3, weekEnd: 5 });
    const blockKeys = [
      'id',
      'name',
      'weekStart',
      'weekEnd',
      // R-RETENTION-YEAR
      'year',
      'signupOpensAt',
      'signupClosesAt',
      'allocation',
      'seedHash',
      'seed',
      'entriesDigest',
      'drawPublishedAt',
      'createdAt',
      'updatedAt',
    ];
    expect(Object.keys(block.body)).toEqual(blockKeys);
    // R-DRAW-WINDOW: without a window, first come first served at any time.
    expect(block.body).toMatchObject({
      signupOpensAt: null,
      signupClosesAt: null,
      allocation: 'fcfs',
      seedHash: null,
    });
    const lottery = await a.post('/api/blocks', {
      name: 'Loting',
      weekStart: 3,
      weekEnd: 5,
      signupOpensAt: '2026-03-02T18:00:00+01:00',
      signupClosesAt: '2026-03-09T18:00:00+01:00',
      allocation: 'lottery',
    });
    expect(lottery.body).toMatchObject({
      signupOpensAt: '2026-03-02T17:00:00.000Z',
      signupClosesAt: '2026-03-09T17:00:00.000Z',
      allocation: 'lottery',
    });
    const noWindow = await a.post('/api/blocks', {
      name: 'Loting',
      weekStart: 3,
      weekEnd: 5,
      allocation: 'lottery',
    });
    expect(noWindow.status).toBe(400);
    expect(Object.keys(noWindow.body.fields)).toEqual(['allocation']);
    const backwards = await a.post('/api/blocks', {
      name: 'Loting',
      weekStart: 3,
      weekEnd: 5,
      signupOpensAt: '2026-03-09T18:00:00+01:00',
      signupClosesAt: '2026-03-02T18:00:00+01:00',
    });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.fields)).toEqual(['signupClosesAt']);
    const listedBlock = (await a.get('/api/blocks')).body.find(
      (b: { id: number }) => b.id === block.body.id,
    );
    expect(listedBlock).toEqual({ ...block.body, weeks: 3 });
    expect(Object.keys(listedBlock)).toEqual([...blockKeys, 'weeks']);

    const provider = await a.post('/api/providers', { name: 'Aanbieder' });
    expect(Object.keys(provider.body)).toEqual(['id', 'name', 'createdAt', 'updatedAt']);
    const updated = await a.put(`/api/providers/${provider.body.id}`, { name: 'Aanbieder 2' });
    expect(updated.body).toMatchObject({ id: provider.body.id, name: 'Aanbieder 2' });
    expect(updated.body.updatedAt).toMatch(ISO);
  });

  it('refuse what zod refuses, as a second line behind the API (R-CATALOG-VALIDATION)', async () => {
    const db = svc.ctx.sequelize;
    const inTx = <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work);
    const refused = { name: 'SequelizeValidationError' };
    const schools = new SchoolRepository(db);
    const blocks = blockRepository(db);
    const providers = providerRepository(db);
    const activities = new ActivityRepository(db);

    await expect(
      inTx((tx) => schools.insert(tx, { name: '  ', accessToken: 'a'.repeat(32) })),
    ).rejects.toMatchObject(refused);
    await expect(
      inTx((tx) => schools.insert(tx, { name: 'x'.repeat(201), accessToken: 'b'.repeat(32) })),
    ).rejects.toMatchObject(refused);
    await expect(
      inTx((tx) => schools.insert(tx, { name: 'Token', accessToken: 'NOT-HEX' })),
    ).rejects.toMatchObject(refused);
    await expect(inTx((tx) => providers.insert(tx, { name: '' }))).rejects.toMatchObject(refused);
    for (const weeks of [
      { weekStart: 0, weekEnd: 2 },
      { weekStart: 1, weekEnd: 54 },
      { weekStart: 5, weekEnd: 4 },
    ]) {
      await expect(
        inTx((tx) => blocks.insert(tx, { name: 'B', ...weeks, ...noWindow })),
      ).rejects.toMatchObject(refused);
    }
    const block = await inTx((tx) =>
      blocks.insert(tx, { name: 'B', weekStart: 5, weekEnd: 5, ...noWindow }),
    );
    await expect(
      inTx((tx) =>
        blocks.update(tx, block.id, { name: 'B', weekStart: 6, weekEnd: 5, ...noWindow }),
      ),
    ).rejects.toMatchObject(refused);

    const school = await inTx((tx) =>
      schools.insert(tx, { name: 'Tweede lijn', accessToken: 'c'.repeat(32) }),
    );
    const provider = await inTx((tx) => providers.insert(tx, { name: 'P' }));
    const valid = {
      title: 'Judo',
      capacity: 10,
      weekday: 2,
      startTime: '15:30',
      schoolId: school.id,
      blockId: block.id,
      providerId: provider.id,
      isLocked: false,
      isHidden: false,
    };
    const id = await inTx((tx) => activities.insert(tx, valid));
    for (const wrong of [
      { title: ' ' },
      { capacity: 0 },
      { capacity: 1.5 },
      { capacity: 10_001 },
      { weekday: 7 },
      { weekday: -1 },
      { startTime: '24:00' },
      { startTime: '9:30' },
    ]) {
      await expect(
        inTx((tx) => activities.insert(tx, { ...valid, ...wrong })),
      ).rejects.toMatchObject(refused);
      await expect(
        inTx((tx) => activities.update(tx, id, { ...valid, ...wrong })),
      ).rejects.toMatchObject(refused);
    }
    expect((await activities.byId(id))!).toMatchObject({ capacity: 10, weekday: 2 });
  });
});
