import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AUDIT_EVENT_TYPES,
  EVENT_TYPES,
  NATS_HEADERS,
  auditEntrySchema,
  type AuditEntry,
} from '@nsa/contracts';
import { QueryTypes, type RunningService } from '@nsa/service-kit';
import { serviceTestEnv, testClient as api, testSessionCookie } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const ADMIN = { uid: 41, role: 'admin' as const, name: 'Petra Planner', email: 'petra@school.nl' };

describe('catalog records every admin change in the audit log (R-AUDIT-ADMIN-CHANGES)', () => {
  let svc: RunningService;
  let a: ReturnType<typeof api>;
  let cookie: string;
  beforeAll(async () => {
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
    cookie = await testSessionCookie(ADMIN);
  });
  afterAll(() => svc?.stop());

  const as = { headers: {} as Record<string, string> };
  beforeAll(() => {
    as.headers = { cookie };
  });

  /** The entries catalog put in its outbox for a target, oldest first, as identity stores them. */
  const entries = async (type: string, id: number | string): Promise<AuditEntry[]> => {
    const rows = await svc.ctx.sequelize.query<{ data: unknown }>(
      'SELECT data FROM outbox WHERE type = :type ORDER BY seq',
      { replacements: { type: AUDIT_EVENT_TYPES.catalog }, type: QueryTypes.SELECT },
    );
    return rows
      .map((r) => auditEntrySchema.parse(r.data))
      .filter((e) => e.target.type === type && e.target.id === String(id));
  };
  const actor = { type: 'admin', id: String(ADMIN.uid), name: ADMIN.name };

  it('records a school created and renamed with the admin, the school and the name before and after, without its token', async () => {
    const created = await a.post('/api/schools', { name: 'De Linde' }, as);
    expect(created.status).toBe(201);
    const renamed = await a.put(`/api/schools/${created.body.id}`, { name: 'De Eik' }, as);
    expect(renamed.status).toBe(200);
    const [made, rename] = await entries('school', created.body.id);
    expect(made).toMatchObject({
      actor,
      action: 'school.created',
      changes: { name: { before: null, after: 'De Linde' } },
    });
    expect(rename).toMatchObject({
      actor,
      action: 'school.updated',
      target: { type: 'school', id: String(created.body.id) },
      changes: { name: { before: 'De Linde', after: 'De Eik' } },
      reason: null,
    });
    const text = JSON.stringify([made, rename]);
    expect(text).not.toContain(created.body.accessToken);
    expect(text).not.toContain(ADMIN.email);
  });

  it('records blocks, providers, activities and provider links by the admin, deletions too', async () => {
    const school = (await a.post('/api/schools', { name: 'Audit school' }, as)).body;
    const block = (await a.post('/api/blocks', { name: 'Blok A', weekStart: 10, weekEnd: 12 }, as))
      .body;
    await a.put(`/api/blocks/${block.id}`, { name: 'Blok A', weekStart: 10, weekEnd: 14 }, as);
    const provider = (await a.post('/api/providers', { name: 'Club' }, as)).body;
    const activity = (
      await a.post(
        '/api/activities',
        {
          title: 'Judo',
          capacity: 8,
          weekday: 2,
          startTime: '15:30',
          schoolId: school.id,
          blockId: block.id,
          providerId: provider.id,
        },
        as,
      )
    ).body;
    await a.put(
      `/api/activities/${activity.id}`,
      {
        title: 'Judo',
        capacity: 12,
        weekday: 2,
        startTime: '15:30',
        schoolId: school.id,
        blockId: block.id,
        providerId: provider.id,
      },
      as,
    );
    const link = await a.post(
      `/api/admin/activities/${activity.id}/provider-token/generate`,
      {},
      as,
    );
    expect(link.status).toBe(200);
    await a.post(`/api/admin/activities/${activity.id}/provider-token/revoke`, {}, as);
    // (Deleting an activity asks svc-registrations, which this test does not run.)
    const spare = (await a.post('/api/providers', { name: 'Reserve' }, as)).body;
    expect((await a.del(`/api/providers/${spare.id}`, as)).status).toBe(200);

    const blockEntries = await entries('block', block.id);
    expect(blockEntries.map((e) => e.action)).toEqual(['block.created', 'block.updated']);
    expect(blockEntries[1]!.changes).toEqual({ weekEnd: { before: 12, after: 14 } });
    const activityEntries = await entries('activity', activity.id);
    expect(activityEntries.map((e) => e.action)).toEqual([
      'activity.created',
      'activity.updated',
      'provider-link.generated',
      'provider-link.revoked',
    ]);
    expect(activityEntries[1]!.changes).toEqual({ capacity: { before: 8, after: 12 } });
    for (const e of activityEntries) expect(e.actor).toEqual(actor);
    const token = new URL(link.body.url).searchParams.get('token')!;
    expect(JSON.stringify(activityEntries)).not.toContain(token);
    expect(JSON.stringify(activityEntries)).not.toMatch(/[0-9a-f]{64}/);
    expect((await entries('provider', provider.id)).map((e) => e.action)).toEqual([
      'provider.created',
    ]);
    expect((await entries('provider', spare.id)).map((e) => e.action)).toEqual([
      'provider.created',
      'provider.deleted',
    ]);
  });

  it('records a school link rotation without the old or the new token', async () => {
    const school = (await a.post('/api/schools', { name: 'Lek' }, as)).body;
    const rotated = await a.post(`/api/admin/schools/${school.id}/rotate-token`, {}, as);
    expect(rotated.status).toBe(200);
    const last = (await entries('school', school.id)).at(-1)!;
    expect(last).toMatchObject({ actor, action: 'school.token-rotated', changes: null });
    const text = JSON.stringify(last);
    expect(text).not.toContain(school.accessToken);
    expect(text).not.toContain(rotated.body.accessToken);
  });

  it("writes a change's events and its audit entry with the request id it came with", async () => {
    const school = (await a.post('/api/schools', { name: 'Wilg' }, as)).body;
    const block = (await a.post('/api/blocks', { name: 'Blok W', weekStart: 20, weekEnd: 21 }, as))
      .body;
    const provider = (await a.post('/api/providers', { name: 'Wilgclub' }, as)).body;
    const activity = (
      await a.post(
        '/api/activities',
        {
          title: 'Dans',
          capacity: 6,
          weekday: 3,
          startTime: '15:00',
          schoolId: school.id,
          blockId: block.id,
          providerId: provider.id,
        },
        as,
      )
    ).body;
    const renamed = await a.put(
      `/api/schools/${school.id}`,
      { name: 'De Wilg' },
      { headers: { cookie, 'x-request-id': 'rename-wilg-0001' } },
    );
    expect(renamed.status).toBe(200);
    const rows = await svc.ctx.sequelize.query<{
      type: string;
      data: { id?: number; target?: { id: string } };
      headers: Record<string, string>;
    }>('SELECT type, data, headers FROM outbox WHERE headers @> :h::jsonb ORDER BY seq', {
      replacements: { h: JSON.stringify({ [NATS_HEADERS.requestId]: 'rename-wilg-0001' }) },
      type: QueryTypes.SELECT,
    });
    // The school's own event, its activity announced again with the new name, the audit entry.
    expect(rows.map((r) => [r.type, r.data.target?.id ?? r.data.id])).toEqual([
      [EVENT_TYPES.schoolUpdated, school.id],
      [EVENT_TYPES.activityUpdated, activity.id],
      [AUDIT_EVENT_TYPES.catalog, String(school.id)],
    ]);
  });

  it('records nothing for a refused change', async () => {
    const before = (await entries('school', 999999)).length;
    expect((await a.put('/api/schools/999999', { name: 'X' }, as)).status).toBe(404);
    expect(await entries('school', 999999)).toHaveLength(before);
  });
});
