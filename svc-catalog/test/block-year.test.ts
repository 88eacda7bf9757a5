import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes, type RunningService } from '@nsa/service-kit';
import { serviceTestEnv, testClient as api } from '@nsa/service-kit/testing';
import { isoYearOf } from '@nsa/contracts';
import { start } from '../src/start.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('a block has a year (R-RETENTION-YEAR)', () => {
  let svc: RunningService;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
  });
  afterAll(() => svc?.stop());

  it('takes the current ISO year by default, keeps a given one on update, and refuses one out of range', async () => {
    const now = (await a.post('/api/blocks', { name: 'Nu', weekStart: 10, weekEnd: 12 })).body;
    expect(now.year).toBe(isoYearOf(new Date()));
    const old = await a.post('/api/blocks', {
      name: 'Oud',
      weekStart: 10,
      weekEnd: 12,
      year: 2023,
    });
    expect(old.status).toBe(201);
    expect(old.body.year).toBe(2023);
    // An update without a year keeps the block's own.
    const renamed = await a.put(`/api/blocks/${old.body.id}`, {
      name: 'Oud 2',
      weekStart: 10,
      weekEnd: 13,
    });
    expect(renamed.body.year).toBe(2023);
    const bad = await a.post(
      '/api/blocks',
      { name: 'X', weekStart: 1, weekEnd: 2, year: 1999 },
      { headers: { 'accept-language': 'en' } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.year).toBe('Year must be between 2000 and 2100');
    const listed = (await a.get('/api/blocks', { anonymous: true })).body as {
      id: number;
      year: number;
    }[];
    expect(listed.find((b) => b.id === old.body.id)?.year).toBe(2023);
  });

  it('carries the year in the block and activity events svc-registrations keeps', async () => {
    const block = (
      await a.post('/api/blocks', { name: 'Vorig', weekStart: 40, weekEnd: 42, year: 2024 })
    ).body;
    const school = (await a.post('/api/schools', { name: 'Jaarschool' })).body;
    const provider = (await a.post('/api/providers', { name: 'Jaarclub' })).body;
    await a.post('/api/activities', {
      title: 'Jaaractiviteit',
      capacity: 5,
      weekday: 1,
      startTime: '15:00',
      schoolId: school.id,
      blockId: block.id,
      providerId: provider.id,
    });
    const rows = await svc.ctx.sequelize.query<{
      type: string;
      data: { year?: number; block?: { year?: number } };
    }>(
      `SELECT type, data FROM outbox WHERE type IN ('catalog.block.created', 'catalog.activity.created')
       AND (data->>'id' = :blockId OR data->'block'->>'id' = :blockId)`,
      { replacements: { blockId: String(block.id) }, type: QueryTypes.SELECT },
    );
    expect(rows.find((r) => r.type === 'catalog.block.created')?.data.year).toBe(2024);
    expect(rows.find((r) => r.type === 'catalog.activity.created')?.data.block?.year).toBe(2024);
  });
});
