// R-FRESH-SIGNUP, R-FRESH-PROVIDER-LINK: what an admin changes in svc-catalog holds for the
// next sign-up and the next look at a participant list, with no waiting for events; while
// svc-catalog cannot be asked, both answer 503 and never grant on old data.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceTestEnv } from '@nsa/service-kit/testing';
import { start as startCatalog } from 'svc-catalog/dist/src/start.js';
import { ACTIVITY_ANSWER_REUSE_MS } from '../src/entry-points/messaging/catalog-owner.js';
import { post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('a change answered by svc-catalog holds on the next request', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let base: { schoolId: number; blockId: number; providerId: number };
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school('Versheid');
    base = {
      schoolId: school.id,
      blockId: (await w.block(30, 34)).id,
      providerId: (await w.provider()).id,
    };
  });
  afterAll(() => w?.stop());

  let weekday = 0;
  /** Creates an activity and answers its id without waiting for any event. */
  async function createActivity(fields: Record<string, unknown> = {}) {
    const body = {
      ...base,
      title: 'Nieuw',
      capacity: 10,
      weekday: (weekday++ % 7) as number,
      startTime: `${String(8 + (weekday % 12)).padStart(2, '0')}:${String(weekday % 60).padStart(2, '0')}`,
      ...fields,
    };
    const res = await w.cat.post('/api/activities', body);
    expect(res.status).toBe(201);
    return { id: res.body.id as number, body };
  }

  it('takes a sign-up for an activity created a moment ago: 201, 100 times in a row', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const { id } = await createActivity();
      statuses.push((await post(w.reg, school.accessToken, signup(id))).status);
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
  });

  /** Signs up fresh children until one is refused; how long after `since` that took. */
  async function refusedAfter(id: number, since: number) {
    for (;;) {
      const res = await post(w.reg, school.accessToken, signup(id));
      if (res.status !== 201)
        return { ms: Date.now() - since, status: res.status, code: res.body.code };
      if (Date.now() - since > 5000) return { ms: Infinity, status: 201, code: undefined };
    }
  }

  it('refuses sign-ups within 1 s of a lock, a hide or a capacity lowered to the approved count', async () => {
    const took: number[] = [];
    for (let i = 0; i < 5; i++) {
      const locked = await createActivity();
      expect((await post(w.reg, school.accessToken, signup(locked.id))).status).toBe(201);
      await w.cat.put(`/api/activities/${locked.id}`, { ...locked.body, isLocked: true });
      const lock = await refusedAfter(locked.id, Date.now());
      expect([lock.status, lock.code]).toEqual([409, 'ACTIVITY_LOCKED']);

      const hidden = await createActivity();
      expect((await post(w.reg, school.accessToken, signup(hidden.id))).status).toBe(201);
      await w.cat.put(`/api/activities/${hidden.id}`, { ...hidden.body, isHidden: true });
      const hide = await refusedAfter(hidden.id, Date.now());
      expect([hide.status, hide.code]).toEqual([404, 'NOT_FOUND']);

      const small = await createActivity({ capacity: 5 });
      const first = await post(w.reg, school.accessToken, signup(small.id));
      await w.reg.post(`/api/admin/registrations/${first.body.registration.id}/approve`, {
        sendEmail: false,
      });
      await w.cat.put(`/api/activities/${small.id}`, { ...small.body, capacity: 1 });
      const full = await refusedAfter(small.id, Date.now());
      expect([full.status, full.code]).toEqual([409, 'ACTIVITY_FULL']);
      took.push(lock.ms, hide.ms, full.ms);
    }
    expect(Math.max(...took)).toBeLessThan(1000);
  });

  it('lets a new provider link in at once, and refuses a replaced or revoked one on the next request, 100 times', async () => {
    const { id } = await createActivity();
    const link = (path: string) => w.cat.post(`/api/admin/activities/${id}/provider-token/${path}`);
    const look = (token: string) =>
      w.reg.get(`/api/provider/${id}/participants?token=${encodeURIComponent(token)}`, {
        anonymous: true,
      });
    const tokenOf = (res: { body: { url: string } }) =>
      new URL(res.body.url).searchParams.get('token')!;
    const wrong: string[] = [];
    for (let i = 0; i < 100; i++) {
      const old = tokenOf(await link('generate'));
      if ((await look(old)).status !== 200) wrong.push(`new link ${i}`);
      const current = tokenOf(await link('generate'));
      if ((await look(old)).status !== 403) wrong.push(`replaced ${i}`);
      if ((await look(current)).status !== 200) wrong.push(`regenerated ${i}`);
      await link('revoke');
      if ((await look(current)).status !== 403) wrong.push(`revoked ${i}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a rotated school link on the next request, in the school page and in sign-ups, while a burst keeps the old answer warm', async () => {
    const rotating = await w.school('Rotatie');
    const { id } = await createActivity({ schoolId: rotating.id });
    const wrong: string[] = [];
    let token = rotating.accessToken;
    for (let i = 0; i < 5; i++) {
      // A sign-up just before the rotation leaves an answer with the old token's hash in reuse.
      if ((await post(w.reg, token, signup(id))).status !== 201) wrong.push(`before ${i}`);
      const res = await w.cat.post(`/api/admin/schools/${rotating.id}/rotate-token`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: rotating.id, name: 'Rotatie' });
      const fresh = res.body.accessToken as string;
      expect(fresh).not.toBe(token);
      const old = await post(w.reg, token, signup(id));
      if (old.status !== 403) wrong.push(`old link signed up ${i}: ${old.status}`);
      const page = await w.cat.get(`/api/schools/by-token/${token}`, { anonymous: true });
      if (page.status !== 404) wrong.push(`old link page ${i}: ${page.status}`);
      if ((await post(w.reg, fresh, signup(id))).status !== 201) wrong.push(`new ${i}`);
      token = fresh;
    }
    expect(wrong).toEqual([]);
    const unknown = await w.cat.post(`/api/admin/schools/2147483000/rotate-token`);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const anonymous = await w.cat.post(
      `/api/admin/schools/${rotating.id}/rotate-token`,
      undefined,
      {
        anonymous: true,
      },
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('while svc-catalog cannot be asked', () => {
  it('answers sign-ups and participant lists with 503, never with a grant, and recovers', async () => {
    const w = await startWorld(infra);
    let catalog = w.catalog;
    try {
      const school = await w.school('Uitval');
      const { id } = await w.activity({
        schoolId: school.id,
        blockId: (await w.block(40, 42)).id,
        providerId: (await w.provider()).id,
      });
      const res = await w.cat.post(`/api/admin/activities/${id}/provider-token/generate`);
      const token = new URL(res.body.url).searchParams.get('token')!;
      const look = () =>
        w.reg.get(`/api/provider/${id}/participants?token=${token}`, { anonymous: true });
      expect((await look()).status).toBe(200);
      expect((await post(w.reg, school.accessToken, signup(id))).status).toBe(201);

      await catalog.stop();
      // An answer from before the stop serves sign-ups for ACTIVITY_ANSWER_REUSE_MS at most.
      await new Promise((r) => setTimeout(r, ACTIVITY_ANSWER_REUSE_MS + 50));
      const down = await post(w.reg, school.accessToken, signup(id));
      expect([down.status, down.body.code, down.body.success]).toEqual([
        503,
        'SERVICE_UNAVAILABLE',
        false,
      ]);
      expect(down.headers.get('retry-after')).toBe('5');
      expect((await look()).status).toBe(503);
      // A wrong token is not let in either.
      const wrong = await w.reg.get(`/api/provider/${id}/participants?token=nope`, {
        anonymous: true,
      });
      expect(wrong.status).toBe(503);

      catalog = await startCatalog({ env: await serviceTestEnv(infra, 'catalog') });
      expect((await look()).status).toBe(200);
      expect((await post(w.reg, school.accessToken, signup(id))).status).toBe(201);
    } finally {
      await w.registrations.stop();
      await catalog.stop();
    }
  });
});
