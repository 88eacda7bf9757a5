// R-FRESH-LISTS: catalog's lists show svc-registrations' counts and draws as they are when the
// list is asked for: an approval, a sign-up or a published draw answered here is in the next
// list, with no waiting for its event.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  RPC_SUBJECTS,
  activityCountsLookup,
  drawStateLookup,
  lookupReplySchema,
} from '@nsa/contracts';
import { testFeed } from '@nsa/service-kit/testing';
import { post, signup as signupOf, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Children of their own family, so no other file's child of the same number overlaps. */
const signup = (activityId: number, overrides: Record<string, unknown> = {}) =>
  signupOf(activityId, { childLastName: 'Verslijst', ...overrides });

type Listed = {
  id: number;
  approvedCount: number;
  offeredCount: number;
  waitlistCount: number;
  registrationsCount: number;
  availablePlaces: number;
  block: { seedHash: string | null; seed: string | null; drawPublishedAt: string | null };
};

describe("catalog's lists show what svc-registrations answered, on the next request (R-FRESH-LISTS)", () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let providerId: number;
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school('Vers in de lijst');
    providerId = (await w.provider()).id;
  });
  afterAll(() => w?.stop());

  const adminList = async (blockId: number) =>
    (await w.cat.get(`/api/admin/activities?blockId=${blockId}`)).body as Listed[];
  const publicList = async (blockId: number) =>
    (
      await w.cat.get(`/api/activities?schoolId=${school.id}&blockId=${blockId}`, {
        anonymous: true,
        headers: { 'x-school-token': school.accessToken },
      })
    ).body as Listed[];

  it('counts each sign-up and each approval in the admin and the public activity list at once, 20 times in a row', async () => {
    const blockId = (await w.block(20, 22)).id;
    const { id } = await w.activity({ schoolId: school.id, blockId, providerId, capacity: 20 });
    const wrong: string[] = [];
    const ids: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await post(w.reg, school.accessToken, signup(id));
      expect(res.status).toBe(201);
      ids.push(res.body.registration.id);
      const row = (await adminList(blockId)).find((a) => a.id === id)!;
      if (row.registrationsCount !== i) wrong.push(`sign-up ${i}: ${row.registrationsCount}`);
    }
    for (let i = 1; i <= 20; i++) {
      const res = await w.reg.post(`/api/admin/registrations/${ids[i - 1]}/approve`, {
        sendEmail: false,
      });
      expect(res.status).toBe(200);
      const admin = (await adminList(blockId)).find((a) => a.id === id)!;
      const open = (await publicList(blockId)).find((a) => a.id === id)!;
      if (admin.approvedCount !== i) wrong.push(`approval ${i}: admin ${admin.approvedCount}`);
      if (open.availablePlaces !== 20 - i)
        wrong.push(`approval ${i}: public ${open.availablePlaces} places`);
    }
    expect(wrong).toEqual([]);
  });

  it("shows a published draw's seed and placements in the blocks list and the block's activities at once", async () => {
    const closesAt = new Date(Date.now() + 1500);
    const created = await w.cat.post('/api/blocks', {
      name: `Vers geloot ${Date.now()}`,
      weekStart: 40,
      weekEnd: 42,
      signupOpensAt: new Date(Date.now() - 1000).toISOString(),
      signupClosesAt: closesAt.toISOString(),
      allocation: 'lottery',
    });
    expect(created.status).toBe(201);
    const blockId = created.body.id as number;
    const fields = {
      schoolId: school.id,
      blockId,
      providerId,
      title: 'Vers geloot',
      capacity: 1,
      weekday: 1,
      startTime: '16:00',
    };
    const { id } = await w.activity(fields);
    for (let i = 0; i < 3; i++)
      expect((await post(w.reg, school.accessToken, signup(id))).status).toBe(201);
    await sleep(closesAt.getTime() - Date.now() + 200);
    expect((await w.reg.post(`/api/admin/blocks/${blockId}/draw`)).status).toBe(201);
    const published = await w.reg.post(`/api/admin/blocks/${blockId}/draw/publish`, {
      sendEmail: false,
    });
    expect(published.status).toBe(200);
    // R-DRAW-FREEZE ends with the publication: the block's activities can change at once.
    const changed = await w.cat.put(`/api/activities/${id}`, { ...fields, capacity: 2 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const blocks = (await w.cat.get('/api/blocks')).body as Array<Record<string, unknown>>;
    const block = blocks.find((b) => b.id === blockId)!;
    expect(block.seed).toBe(published.body.seed);
    expect(block.drawPublishedAt).not.toBeNull();
    expect(block.entriesDigest).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await adminList(blockId);
    expect(row).toMatchObject({ id, approvedCount: 1 });
    // The raised capacity's offer follows its event (waiting or offered, both in line).
    expect(row!.waitlistCount + row!.offeredCount).toBe(2);
    expect(row!.block.seed).toBe(published.body.seed);
    expect(row!.block.drawPublishedAt).toBe(block.drawPublishedAt);
  });

  it('judges approvals and offers on a capacity lowered a moment ago, 10 times in a row', async () => {
    const blockId = (await w.block(25, 26)).id;
    let n = 0;
    const activity = async (capacity: number) => {
      n += 1;
      const fields = {
        schoolId: school.id,
        blockId,
        providerId,
        title: `Krap ${n}`,
        capacity,
        weekday: n % 7,
        startTime: '15:00',
      };
      const { id } = await w.activity(fields);
      return { id, lower: () => w.cat.put(`/api/activities/${id}`, { ...fields, capacity: 1 }) };
    };
    const signUp = async (id: number, extra = {}) =>
      (await post(w.reg, school.accessToken, signup(id, extra))).body.registration as {
        id: number;
        status: string;
      };
    const act = (rid: number, action: 'approve' | 'revert') =>
      w.reg.post(`/api/admin/registrations/${rid}/${action}`, { sendEmail: false });
    const wrong: string[] = [];
    for (let i = 0; i < 10; i++) {
      // One approved of 3, lowered to 1, then at once: the next approval finds it full.
      const x = await activity(3);
      const [a, b] = [await signUp(x.id), await signUp(x.id)];
      expect((await act(a.id, 'approve')).body.status).toBe('approved');
      expect((await x.lower()).status).toBe(200);
      const second = await act(b.id, 'approve');
      if (second.body.status !== 'rejected') wrong.push(`${i}: approved beyond capacity`);

      // Two approved of 2 and one waiting, lowered to 1, then at once: a revert frees no place.
      const y = await activity(2);
      const [c, d] = [await signUp(y.id), await signUp(y.id)];
      await act(c.id, 'approve');
      await act(d.id, 'approve');
      expect((await signUp(y.id, { waitlist: true })).status).toBe('waitlisted');
      expect((await y.lower()).status).toBe(200);
      expect((await act(d.id, 'revert')).status).toBe(200);
      const queue = await w.reg.get(`/api/admin/activities/${y.id}/waitlist`);
      if (queue.body.data.some((r: { status: string }) => r.status === 'offered'))
        wrong.push(`${i}: offered beyond capacity`);
    }
    expect(wrong).toEqual([]);
  });

  it("shows an activity changed a moment ago in the admin's sign-up list and queue, 10 times in a row", async () => {
    const blockId = (await w.block(27, 28)).id;
    const fields = {
      schoolId: school.id,
      blockId,
      providerId,
      title: 'Oude naam',
      capacity: 5,
      weekday: 4,
      startTime: '15:00',
    };
    const { id } = await w.activity(fields);
    expect((await post(w.reg, school.accessToken, signup(id))).status).toBe(201);
    const wrong: string[] = [];
    for (let i = 1; i <= 10; i++) {
      const title = `Nieuwe naam ${i}`;
      const changed = await w.cat.put(`/api/activities/${id}`, {
        ...fields,
        title,
        capacity: 5 + i,
      });
      expect(changed.status).toBe(200);
      const list = await w.reg.get(`/api/admin/registrations?activityId=${id}`);
      if (list.body.data[0].activity.title !== title) wrong.push(`${i}: list`);
      expect(list.headers.get('x-may-lag')).toBeNull();
      const queue = await w.reg.get(`/api/admin/activities/${id}/waitlist`);
      if (queue.body.activity.capacity !== 5 + i) wrong.push(`${i}: queue`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers the counts and draws questions by key, in order, zeros and null for what it does not know', async () => {
    const blockId = (await w.block(23, 24)).id;
    const { id } = await w.activity({ schoolId: school.id, blockId, providerId, capacity: 1 });
    const first = await post(w.reg, school.accessToken, signup(id));
    await w.reg.post(`/api/admin/registrations/${first.body.registration.id}/approve`, {
      sendEmail: false,
    });
    const waiting = await post(w.reg, school.accessToken, signup(id, { waitlist: true }));
    expect(waiting.body.registration.status).toBe('waitlisted');

    const nc = await testFeed(infra.natsUrl);
    try {
      const ask = async (subject: string, keys: number[]) =>
        (await nc.request(subject, JSON.stringify({ keys }), { timeout: 2000 })).json();
      const counts = lookupReplySchema(activityCountsLookup.value).parse(
        await ask(RPC_SUBJECTS.activityCounts, [id, 2_000_000_000, id]),
      );
      const none = { approved: 0, offered: 0, waitlisted: 0, registrations: 0 };
      const mine = { approved: 1, offered: 0, waitlisted: 1, registrations: 2 };
      expect(counts.values).toEqual([mine, none, mine]);
      const draws = lookupReplySchema(drawStateLookup.value).parse(
        await ask(RPC_SUBJECTS.draws, [blockId]),
      );
      expect(draws.values).toEqual([null]);
      expect(await ask(RPC_SUBJECTS.draws, [0])).toEqual({ error: 'bad question' });
    } finally {
      await nc.flush();
    }
  });
});
