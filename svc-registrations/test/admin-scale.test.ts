import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { post, signup, startWorld, type World } from './world.js';

const infra = {
  adminUrl: inject('adminUrl'),
  natsUrl: inject('natsUrl'),
  infraDir: inject('infraDir'),
};

describe('the admin at scale: search, filter, bulk and summary', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let base: { schoolId: number; blockId: number; providerId: number };
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school();
    base = {
      schoolId: school.id,
      blockId: (await w.block(20, 24)).id,
      providerId: (await w.provider()).id,
    };
  });
  afterAll(() => w?.stop());

  const create = async (activityId: number, overrides: Record<string, unknown> = {}) => {
    const res = await post(w.reg, school.accessToken, signup(activityId, overrides));
    expect(res.status).toBe(201);
    return res.body.registration.id as number;
  };

  it('q finds a sign-up by part of the child name, the parent name or the email, any case, and activityId filters', async () => {
    const a = await w.activity({ ...base, title: 'Zoeken' });
    const b = await w.activity({ ...base, title: 'Ander' });
    const found = await create(a.id, {
      childFirstName: 'Quirijn',
      parentName: 'Xandra Bakhuizen',
      email: 'zoek_me+100@Voorbeeld.nl',
    });
    const other = await create(b.id);
    const ids = async (query: string) => {
      const res = await w.reg.get(`/api/admin/registrations?${query}`);
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ id: number }>).map((r) => r.id);
    };
    expect(await ids('q=quiri')).toEqual([found]);
    expect(await ids('q=BAKHUI')).toEqual([found]);
    expect(await ids('q=_ME%2B100%40voorb')).toEqual([found]);
    // LIKE's wildcards are searched for as themselves.
    expect(await ids('q=%25%25%25')).toEqual([]);
    expect(await ids('q=niemand-heet-zo')).toEqual([]);
    expect(await ids(`activityId=${b.id}`)).toEqual([other]);
    expect(await ids(`activityId=${b.id}&q=quiri`)).toEqual([]);
    const bad = await w.reg.get(`/api/admin/registrations?q=${'x'.repeat(201)}`);
    expect(bad.status).toBe(400);
    expect((await w.reg.get('/api/admin/registrations?activityId=abc')).status).toBe(400);
  });

  it('a bulk approve of 5 on a capacity-3 activity approves 3 and rejects 2 as full; reject and revert in bulk; unknown ids answer their code', async () => {
    const a = await w.activity({ ...base, title: 'Drie plaatsen', capacity: 3 });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await create(a.id));
    const res = await w.reg.post('/api/admin/registrations/bulk', {
      action: 'approve',
      ids,
      sendEmail: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      ...ids.slice(0, 3).map((id) => ({ id, status: 'approved' })),
      ...ids.slice(3).map((id) => ({ id, status: 'rejected' })),
    ]);
    const list = await w.reg.get(`/api/admin/registrations?activityId=${a.id}&status=rejected`);
    expect(list.body.data.every((r: { rejectionReason: string }) => r.rejectionReason)).toBe(true);

    const reverted = await w.reg.post('/api/admin/registrations/bulk', {
      action: 'revert',
      ids: [ids[0], 999_999],
      sendEmail: false,
    });
    expect(reverted.body.results).toEqual([
      { id: ids[0], status: 'new' },
      { id: 999_999, code: 'NOT_FOUND' },
    ]);
    const rejected = await w.reg.post('/api/admin/registrations/bulk', {
      action: 'reject',
      ids: [ids[0], ids[1]],
      sendEmail: false,
      reason: 'te laat',
    });
    expect(rejected.body.results).toEqual([
      { id: ids[0], status: 'rejected' },
      { id: ids[1], code: 'CONFLICT' },
    ]);
    const bad = await w.reg.post('/api/admin/registrations/bulk', { action: 'delete', ids });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(
      (await w.reg.post('/api/admin/registrations/bulk', { action: 'approve', ids: [] })).status,
    ).toBe(400);
  });

  it('the summary counts sign-ups by status, lists full and nearly full activities and sign-ups per day', async () => {
    const full = await w.activity({ ...base, title: 'Vol', capacity: 1 });
    const id = await create(full.id);
    await w.reg.post(`/api/admin/registrations/${id}/approve`, { sendEmail: false });
    const res = await w.reg.get('/api/admin/summary');
    expect(res.status).toBe(200);
    // Other test files share the database: count each status through the list's own total.
    const total = async (status?: string) =>
      (await w.reg.get(`/api/admin/registrations?limit=1${status ? `&status=${status}` : ''}`)).body
        .pagination.total as number;
    expect(res.body.counts).toMatchObject({
      new: await total('new'),
      approved: await total('approved'),
      rejected: await total('rejected'),
      waitlisted: await total('waitlisted'),
      total: await total(),
    });
    expect(res.body.activities).toContainEqual(
      expect.objectContaining({ id: full.id, taken: 1, capacity: 1, full: true }),
    );
    const perDay = res.body.signupsPerDay as Array<{ day: string; count: number }>;
    expect(perDay.reduce((sum, d) => sum + d.count, 0)).toBe(await total());
    expect(perDay.at(-1)!.count).toBeGreaterThan(0);
  });
});
