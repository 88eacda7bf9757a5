import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testSessionCookie } from '@nsa/service-kit/testing';
import { requestContext, sessionActor } from '@nsa/service-kit';
import { PrivacyRepository } from '../src/data-access/privacy.js';
import { post, replica, signup, startWorld, type World } from './world.js';

const infra = {
  adminUrl: inject('adminUrl'),
  natsUrl: inject('natsUrl'),
  infraDir: inject('infraDir'),
};

describe('sign-up review', () => {
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

  const create = async (activityId: number) =>
    (await post(w.reg, school.accessToken, signup(activityId))).body.registration.id as number;

  // R-REVIEW-RECORD: when and by which admin, the reason; a revert makes it new again.
  it('allows approve and reject from new, revert from approved and rejected, and refuses the rest with 409', async () => {
    const a = await w.activity({ ...base, title: 'Transities' });
    const id = await create(a.id);
    expect((await w.reg.post(`/api/admin/registrations/${id}/revert`)).status).toBe(409);
    const approved = await w.reg.post(`/api/admin/registrations/${id}/approve`, {
      sendEmail: false,
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      approvedByAdminId: 1,
      approvedByAdmin: { id: 1, name: 'Test Beheerder', email: 'beheer@test.nl' },
    });
    expect(Date.now() - new Date(approved.body.approvedAt).getTime()).toBeLessThan(10_000);
    expect((await w.reg.post(`/api/admin/registrations/${id}/approve`)).status).toBe(409);
    expect((await w.reg.post(`/api/admin/registrations/${id}/reject`)).status).toBe(409);
    const reverted = await w.reg.post(`/api/admin/registrations/${id}/revert`);
    expect(reverted.body).toMatchObject({ status: 'new', approvedAt: null, approvedByAdmin: null });
    const rejected = await w.reg.post(`/api/admin/registrations/${id}/reject`, {
      reason: 'te jong',
      sendEmail: false,
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'te jong',
      rejectedByAdminId: 1,
    });
    expect(rejected.body.rejectedAt).not.toBeNull();
    expect((await w.reg.post(`/api/admin/registrations/${id}/approve`)).status).toBe(409);
    expect((await w.reg.post(`/api/admin/registrations/${id}/revert`)).body.status).toBe('new');
    expect((await w.reg.post('/api/admin/registrations/999999/approve')).status).toBe(404);
  });

  // R-SEC-ADMIN-ONLY
  it('is admin only', async () => {
    expect((await w.reg.get('/api/admin/registrations', { anonymous: true })).status).toBe(401);
    const provider = await testSessionCookie({ uid: 5, role: 'provider' });
    expect(
      (await w.reg.get('/api/admin/registrations', { headers: { cookie: provider } })).status,
    ).toBe(403);
  });

  it('never approves more than capacity: 40 approvals at once on capacity 5, ten rounds', async () => {
    for (let round = 0; round < 10; round += 1) {
      const a = await w.activity({
        ...base,
        title: `Race ${round}`,
        capacity: 5,
        weekday: round % 7,
      });
      const ids: number[] = [];
      for (let i = 0; i < 40; i += 1) ids.push(await create(a.id));
      const answers = await Promise.all(
        ids.map((id) => w.reg.post(`/api/admin/registrations/${id}/approve`, { sendEmail: false })),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
      expect(answers.filter((r) => r.body.status === 'approved')).toHaveLength(5);
      const rejected = answers.filter((r) => r.body.status === 'rejected');
      expect(rejected).toHaveLength(35);
      expect(rejected.every((r) => r.body.rejectionReason === 'activity full')).toBe(true);
    }
  });

  it('answers each approval of a batch on its own: a sign-up twice, an unknown one, two activities', async () => {
    const a = await w.activity({ ...base, title: 'Batch A', capacity: 1, weekday: 2 });
    const b = await w.activity({ ...base, title: 'Batch B', capacity: 5, weekday: 3 });
    const [a1, a2, b1] = [await create(a.id), await create(a.id), await create(b.id)];
    const approve = (id: number) =>
      w.reg.post(`/api/admin/registrations/${id}/approve`, { sendEmail: false });
    const answers = await Promise.all([a1, a1, 999_999, b1, a2].map(approve));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 404, 409]);
    const byId = (id: number) => answers.filter((r) => r.status === 200 && r.body.id === id);
    expect(byId(a1)).toHaveLength(1);
    expect(byId(b1)[0]!.body.status).toBe('approved');
    // Capacity 1: one of a1 and a2 is approved, the other rejected as full.
    expect([byId(a1)[0]!.body.status, byId(a2)[0]!.body.status].sort()).toEqual([
      'approved',
      'rejected',
    ]);
  });

  it('never approves more than capacity when two replicas approve at once', async () => {
    const a = await w.activity({ ...base, title: 'Twee replica', capacity: 3, weekday: 4 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await create(a.id));
    // Two Review instances are two batchers, as two processes would have; only the
    // database's locks keep them apart.
    const replicas = [replica(w.registrations).review, replica(w.registrations).review];
    const admin = {
      sid: 'test-session',
      uid: 1,
      role: 'admin' as const,
      name: 'Beheer',
      email: 'b@test.nl',
      iat: 0,
      seen: 0,
    };
    const rows = await Promise.all(
      ids.map((id, i) =>
        // The acting admin comes from the request's context, as a request behind the session has it.
        requestContext.run({ user: admin, actor: sessionActor(admin) }, () =>
          replicas[i % 2]!.approveWithinCapacity(id, false),
        ),
      ),
    );
    expect(rows.filter((r) => r.status === 'approved')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'rejected')).toHaveLength(17);
  });

  // R-DATA-REGISTRATION-ADMIN: a row with its activity nested.
  it('filters and paginates newest first with the nested activity', async () => {
    const other = await w.school('Tweede school');
    const a1 = await w.activity({ ...base, title: 'Lijst A', weekday: 1, startTime: '09:00' });
    const a2 = await w.activity({
      ...base,
      schoolId: other.id,
      title: 'Lijst B',
      weekday: 1,
      startTime: '10:00',
    });
    const mine: number[] = [];
    for (let i = 0; i < 7; i += 1) mine.push(await create(a1.id));
    for (let i = 0; i < 3; i += 1) await post(w.reg, other.accessToken, signup(a2.id));
    await w.reg.post(`/api/admin/registrations/${mine[0]}/approve`, { sendEmail: false });

    const page1 = await w.reg.get(`/api/admin/registrations?activityId=${a1.id}&limit=3`);
    expect(page1.body.pagination).toEqual({
      page: 1,
      limit: 3,
      total: 7,
      totalPages: 3,
      hasNext: true,
      hasPrev: false,
    });
    expect(page1.body.data.map((r: { id: number }) => r.id)).toEqual([mine[6], mine[5], mine[4]]);
    const row = page1.body.data[0];
    expect(row.activity).toMatchObject({
      id: a1.id,
      title: 'Lijst A',
      capacity: 10,
      approvedCount: 1,
      weekday: 1,
      startTime: '09:00',
      school: { id: school.id },
      provider: { id: base.providerId },
      block: { id: base.blockId, weekStart: 20, weekEnd: 24 },
    });
    const page3 = await w.reg.get(`/api/admin/registrations?activityId=${a1.id}&limit=3&page=3`);
    expect(page3.body.pagination).toMatchObject({ page: 3, hasNext: false, hasPrev: true });
    expect(page3.body.data).toHaveLength(1);

    expect(
      (await w.reg.get(`/api/admin/registrations?schoolId=${other.id}`)).body.pagination.total,
    ).toBe(3);
    const approved = await w.reg.get(
      `/api/admin/registrations?activityId=${a1.id}&status=approved`,
    );
    expect(approved.body.data.map((r: { id: number }) => r.id)).toEqual([mine[0]]);
    expect((await w.reg.get('/api/admin/registrations?status=maybe')).status).toBe(400);
    expect((await w.reg.get('/api/admin/registrations?limit=100000')).status).toBe(400);
    expect((await w.reg.get('/api/admin/registrations')).body.pagination.limit).toBe(50);
  });
});

describe('provider participant list', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let activityId: number;
  let token: string;
  const logFile = join(infra.infraDir, 'registrations-provider.log');
  beforeAll(async () => {
    // Every line the service can log, written where the test can read it back.
    w = await startWorld(infra, { LOG_LEVEL: 'trace', LOG_FILE: logFile });
    school = await w.school();
    activityId = (
      await w.activity({
        schoolId: school.id,
        blockId: (await w.block(30, 40)).id,
        providerId: (await w.provider()).id,
        title: 'Schaken',
      })
    ).id;
  });
  afterAll(() => w?.stop());

  /** A new link; it works on the next request (R-FRESH-PROVIDER-LINK), nothing to wait for. */
  const generate = async () => {
    const res = await w.cat.post(`/api/admin/activities/${activityId}/provider-token/generate`);
    return new URL(res.body.url).searchParams.get('token')!;
  };

  // R-PROVIDER-LIST, R-DATA-PARTICIPANTS
  it('lists only approved children with exactly name and age, not cached', async () => {
    const ok = await post(
      w.reg,
      school.accessToken,
      signup(activityId, {
        childFirstName: 'Emma',
        childLastName: 'Jansen',
        childDateOfBirth: '2016-01-15',
      }),
    );
    await post(
      w.reg,
      school.accessToken,
      signup(activityId, { childFirstName: 'Niet', childLastName: 'Goedgekeurd' }),
    );
    await w.reg.post(`/api/admin/registrations/${ok.body.registration.id}/approve`, {
      sendEmail: false,
    });
    token = await generate();
    const res = await w.reg.get(`/api/provider/${activityId}/participants?token=${token}`, {
      anonymous: true,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.body).toEqual({
      activity: { title: 'Schaken', school: 'De Regenboog', provider: 'Aanbieder' },
      participantCount: 1,
      participants: [
        { childName: 'Emma Jansen', age: expect.any(Number), key: expect.any(String) },
      ],
    });
    // R-ATTENDANCE-KEY: besides name and age only the opaque key of the attendance list.
    expect(Object.keys(res.body.participants[0]).sort()).toEqual(['age', 'childName', 'key']);
    // The admin sees when the link was last used.
    const end = Date.now() + 5000;
    let lastUsedAt: string | null = null;
    while (!lastUsedAt && Date.now() < end) {
      lastUsedAt = (await w.cat.get(`/api/admin/activities/${activityId}/provider-token`)).body
        .lastUsedAt;
      if (!lastUsedAt) await new Promise((r) => setTimeout(r, 100));
    }
    expect(lastUsedAt).not.toBeNull();
  });

  // R-PROVIDER-LINK
  it('answers 400 without a token and 403 for a wrong, replaced, revoked or expired one', async () => {
    const get = (t: string) =>
      w.reg.get(`/api/provider/${activityId}/participants?token=${encodeURIComponent(t)}`, {
        anonymous: true,
      });
    expect(
      (await w.reg.get(`/api/provider/${activityId}/participants`, { anonymous: true })).status,
    ).toBe(400);
    expect((await get('wrong')).status).toBe(403);
    const tooLarge = await w.reg.get(`/api/provider/2147483648/participants?token=x`, {
      anonymous: true,
    });
    expect(tooLarge.status).toBe(403);
    // Ids no activity can have are refused like a wrong token, never taken for an outage.
    for (const path of ['0/participants', '0/attendance', '00/participants']) {
      const none = await w.reg.get(`/api/provider/${path}?token=0`, { anonymous: true });
      expect(none.status, path).toBe(403);
    }
    const old = token;
    token = await generate();
    expect((await get(old)).status).toBe(403);
    expect((await get(token)).status).toBe(200);
    await w.cat.post(`/api/admin/activities/${activityId}/provider-token/revoke`);
    expect((await get(token)).status).toBe(403);
    token = await generate();
    // Expiry is the owner's: svc-catalog's row says when the link ends.
    await w.catalog.ctx.sequelize.query(
      "UPDATE activity_tokens SET expires_at = now() - interval '1 second'",
    );
    expect((await get(token)).status).toBe(403);
  });

  // R-PROVIDER-REFUSAL-TALLY, R-RETENTION-ACCESS-LOG
  it('R-PROVIDER-REFUSAL-TALLY: a refused provider link stores no provider_access row and adds one to the hour count; a granted one is logged', async () => {
    const db = w.registrations.ctx.sequelize;
    const one = async (query: string, replacements: Record<string, unknown> = {}) => {
      const [row] = await db.query<{ n: string | null }>(query, {
        replacements,
        type: 'SELECT' as never,
      });
      return Number(row?.n ?? 0);
    };
    const accessRows = () => one('SELECT count(*) n FROM provider_access');
    // This hour's count and the last one's, in case the hour turns during the test.
    const refusals = () =>
      one(
        "SELECT sum(refusals) n FROM provider_link_refusals WHERE hour >= date_trunc('hour', now()) - interval '1 hour'",
      );
    const rowsBefore = await accessRows();
    const countedBefore = await refusals();
    const refused = [
      await w.reg.get(`/api/provider/${activityId}/participants?token=wrong-${Date.now()}`, {
        anonymous: true,
      }),
      // Every link of the activity has expired (the test before).
      await w.reg.get(`/api/provider/${activityId}/participants?token=${token}`, {
        anonymous: true,
      }),
      await w.reg.get(`/api/provider/${activityId}/attendance?token=wrong`, { anonymous: true }),
      await w.reg.put(
        `/api/provider/${activityId}/attendance/2030-01-07?token=wrong`,
        { key: 'x', present: true },
        { anonymous: true },
      ),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(await accessRows()).toBe(rowsBefore);
    expect(await refusals()).toBe(countedBefore + 4);
    expect(
      await one(
        "SELECT count(*) n FROM provider_link_refusals WHERE hour >= date_trunc('hour', now()) - interval '1 hour'",
      ),
    ).toBeLessThanOrEqual(2);
    // An accepted look is logged as before, and not counted as refused.
    token = await generate();
    const granted = await w.reg.get(`/api/provider/${activityId}/participants?token=${token}`, {
      anonymous: true,
    });
    expect(granted.status).toBe(200);
    expect(await accessRows()).toBe(rowsBefore + 1);
    expect(await refusals()).toBe(countedBefore + 4);
    // Counts are kept as long as the access log: 90 days.
    await db.query(
      "INSERT INTO provider_link_refusals (hour, refusals) VALUES (date_trunc('hour', now() - interval '91 days'), 7), (date_trunc('hour', now() - interval '89 days'), 3)",
    );
    await new PrivacyRepository(db).pruneProviderAccess(90);
    expect(
      await one(
        "SELECT count(*) n FROM provider_link_refusals WHERE hour < now() - interval '90 days'",
      ),
    ).toBe(0);
    expect(
      await one(
        "SELECT count(*) n FROM provider_link_refusals WHERE hour < now() - interval '88 days'",
      ),
    ).toBe(1);
  });

  // R-PROVIDER-LIST: every granted look is recorded, never the token.
  it('records every granted look without the token, and no log line of the run holds a token', async () => {
    const [row] = await w.registrations.ctx.sequelize.query<{ n: string }>(
      'SELECT count(*) n FROM provider_access WHERE activity_id = :activityId',
      { replacements: { activityId }, type: 'SELECT' as never },
    );
    // Three granted looks in this file: the list, the replaced link's successor, the last one.
    expect(Number(row!.n)).toBe(3);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('/participants'); // the requests were logged, just not their tokens
    const files = readdirSync(infra.infraDir).filter((f) => f.endsWith('.log'));
    for (const f of files)
      expect(readFileSync(join(infra.infraDir, f), 'utf8')).not.toContain(token);
  });
});
