import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ICAL from 'ical.js';
import { QueryTypes, openLink } from '@nsa/service-kit';
import { LINK_SEAL_SECRET, post, replica, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('waiting list and the parent link', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let base: { schoolId: number; blockId: number; providerId: number };
  let weekday = 0;
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school();
    base = {
      schoolId: school.id,
      blockId: (await w.block(30, 34)).id,
      providerId: (await w.provider()).id,
    };
  });
  afterAll(() => w?.stop());

  const sql = <T extends object>(query: string, replacements: Record<string, unknown> = {}) =>
    w.registrations.ctx.sequelize.query<T>(query, { replacements, type: QueryTypes.SELECT });

  /** A fresh activity (its own weekday and time, so children never overlap between tests). */
  const activity = async (capacity: number) => {
    weekday += 1;
    return (
      await w.activity({
        ...base,
        title: `Wachtlijst ${weekday}`,
        capacity,
        weekday: weekday % 7,
        startTime: `${String(8 + Math.floor(weekday / 7)).padStart(2, '0')}:${String(weekday % 60).padStart(2, '0')}`,
      })
    ).id;
  };
  const join = async (activityId: number, waitlist = true) => {
    const res = await post(w.reg, school.accessToken, signup(activityId, { waitlist }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.registration as { id: number; status: string; waitlistPosition?: number };
  };
  const approve = async (id: number) => {
    const res = await w.reg.post(`/api/admin/registrations/${id}/approve`, { sendEmail: false });
    expect(res.status).toBe(200);
    return res.body;
  };
  const status = async (id: number) =>
    (await sql<{ status: string }>('SELECT status FROM registrations WHERE id = :id', { id }))[0]!
      .status;
  /** The token of the newest link sent for a sign-up (unsealed as notify would). */
  const token = async (id: number, type = 'registrations.registration.created') => {
    const [row] = await sql<{ data: { notification: { sealedLink: string } } }>(
      `SELECT data FROM outbox WHERE type = :type AND (data->>'registrationId')::int = :id
       ORDER BY occurred_at DESC LIMIT 1`,
      { id, type },
    );
    const link = openLink(row!.data.notification.sealedLink, LINK_SEAL_SECRET)!;
    expect(link).toMatch(/^http:\/\/localhost:8080\/my-signup(\?lng=en)?#[A-Za-z0-9_-]{43}$/);
    return link.split('#')[1]!;
  };
  const my = (t: string) => ({
    get: (path = '') =>
      w.reg.get(`/api/my-signup${path}`, { anonymous: true, headers: { 'x-manage-token': t } }),
    post: (action: string) =>
      w.reg.post(`/api/my-signup/${action}`, undefined, {
        anonymous: true,
        headers: { 'x-manage-token': t },
      }),
  });
  const taken = async (activityId: number) =>
    Number(
      (
        await sql<{ n: string }>(
          `SELECT count(*) AS n FROM registrations
           WHERE activity_id = :activityId AND status IN ('approved', 'offered')`,
          { activityId },
        )
      )[0]!.n,
    );

  it('answers a full activity with 409 and waitlist: true, and queues the same sign-up with "waitlist": true (R-WAITLIST-JOIN)', async () => {
    const a = await activity(1);
    await approve((await join(a, false)).id);
    const full = await post(w.reg, school.accessToken, signup(a));
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'ACTIVITY_FULL', waitlist: true, success: false });
    expect(await join(a)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect(await join(a)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    // Not full: the flag changes nothing.
    const open = await activity(5);
    expect(await join(open)).toEqual({ id: expect.any(Number), status: 'new' });
  });

  it('counts a waitlisted and an offered sign-up like a new one for the child rules (R-WAITLIST-ONE-PLACE)', async () => {
    const at = { ...base, capacity: 1, weekday: 6, startTime: '19:45' };
    const a = (await w.activity({ ...at, title: 'Eén plek' })).id;
    const sameTime = (await w.activity({ ...at, title: 'Eén plek, zelfde tijd' })).id;
    const holder = await join(a, false);
    await approve(holder.id);
    const child = {
      childFirstName: `Plek${weekday}`,
      childLastName: 'Wachter',
      childDateOfBirth: '2016-06-06',
    };
    const refusals = async () => [
      (await post(w.reg, school.accessToken, signup(a, { ...child, waitlist: true }))).body.code,
      (await post(w.reg, school.accessToken, signup(sameTime, child))).body.code,
    ];
    const waiting = await post(w.reg, school.accessToken, signup(a, { ...child, waitlist: true }));
    expect(waiting.body.registration.status).toBe('waitlisted');
    expect(await refusals()).toEqual(['CONFLICT', 'CHILD_OVERLAP']);
    // The place freed is offered to the child: still one place, still refused elsewhere.
    await w.reg.post(`/api/admin/registrations/${holder.id}/revert`);
    expect(await status(waiting.body.registration.id)).toBe('offered');
    expect(await refusals()).toEqual(['CONFLICT', 'CHILD_OVERLAP']);
  });

  it('sends every accepted sign-up a sealed link to its own page, which shows status and position (R-MY-SIGNUP-LINK, R-MY-SIGNUP-VIEW)', async () => {
    const a = await activity(1);
    await approve((await join(a, false)).id);
    const first = await join(a);
    const second = await join(a);
    const res = await my(await token(second.id)).get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.registration).toMatchObject({
      id: second.id,
      status: 'waitlisted',
      waitlistPosition: 2,
      offerExpiresAt: null,
    });
    expect(res.body.activity).toMatchObject({ id: a, school: { id: school.id } });
    // The first withdraws; everyone behind moves up.
    expect((await my(await token(first.id)).post('withdraw')).body.registration.status).toBe(
      'withdrawn',
    );
    expect((await my(await token(second.id)).get()).body.registration.waitlistPosition).toBe(1);
    // The token is stored only as its hash.
    const [row] = await sql<{ n: string }>(
      'SELECT count(*) AS n FROM manage_tokens WHERE token_hash = :t',
      { t: await token(second.id) },
    );
    expect(row!.n).toBe('0');
  });

  it("opens an English parent's link in English (R-MY-SIGNUP-LINK, R-LANG-DEFAULT)", async () => {
    const a = await activity(3);
    const res = await post(w.reg, school.accessToken, signup(a), { 'accept-language': 'en' });
    const [row] = await sql<{ data: { notification: { sealedLink: string } } }>(
      `SELECT data FROM outbox WHERE type = 'registrations.registration.created'
       AND (data->>'registrationId')::int = :id`,
      { id: res.body.registration.id },
    );
    const link = openLink(row!.data.notification.sealedLink, LINK_SEAL_SECRET)!;
    expect(link).toMatch(/\/my-signup\?lng=en#[A-Za-z0-9_-]{43}$/);
    expect(await token(res.body.registration.id)).toHaveLength(43);
  });

  it('refuses a wrong, malformed or missing token with 403 and no hint (R-MY-SIGNUP-LINK)', async () => {
    for (const t of ['A'.repeat(43), 'kort', '']) {
      const res = await my(t).get();
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await my('B'.repeat(43)).post('accept')).status).toBe(403);
  });

  it("refuses a link from 1 February after its block's year with 403 saying it no longer works (R-MY-SIGNUP-LINK-EXPIRY)", async () => {
    const a = await activity(3);
    const t = await token((await join(a, false)).id);
    expect((await my(t).get()).status).toBe(200);
    // The block of this activity lies in an earlier year: every day since 1 February after it.
    const [{ year } = { year: 0 }] = await sql<{ year: number }>(
      'SELECT block_year AS year FROM activities WHERE id = :a',
      { a },
    );
    expect(year).toBeGreaterThan(2000);
    await w.registrations.ctx.sequelize.query(
      'UPDATE activities SET block_year = :y WHERE id = :a',
      { replacements: { a, y: year - 1 } },
    );
    try {
      for (const res of [
        await my(t).get(),
        await my(t).get('/calendar.ics'),
        await my(t).post('withdraw'),
        await my(t).post('erase'),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          code: 'FORBIDDEN',
          message: expect.stringMatching(/^Deze link werkt niet meer\./),
        });
      }
      const [row] = await sql<{ status: string; email: string | null }>(
        'SELECT status, email FROM registrations WHERE activity_id = :a',
        { a },
      );
      expect(row).toMatchObject({ status: 'new', email: expect.any(String) });
    } finally {
      await w.registrations.ctx.sequelize.query(
        'UPDATE activities SET block_year = :y WHERE id = :a',
        { replacements: { a, y: year } },
      );
    }
    expect((await my(t).get()).status).toBe(200);
  });

  it('offers a freed place to the first in line: revert, parent withdrawal, rejection of an offer, capacity raised (R-WAITLIST-OFFER)', async () => {
    const a = await activity(1);
    const holder = await join(a, false);
    await approve(holder.id);
    const q = [await join(a), await join(a), await join(a), await join(a)];
    // Revert of the approved one.
    const before = Date.now();
    await w.reg.post(`/api/admin/registrations/${holder.id}/revert`);
    const [offer] = await sql<{ status: string; offerExpiresAt: Date }>(
      'SELECT status, offer_expires_at AS "offerExpiresAt" FROM registrations WHERE id = :id',
      { id: q[0]!.id },
    );
    expect(offer!.status).toBe('offered');
    const hours = (offer!.offerExpiresAt.getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(47.99);
    expect(hours).toBeLessThan(48.01);
    const offeredLink = await token(q[0]!.id, 'registrations.registration.offered');
    expect((await my(offeredLink).get()).body.registration.offerExpiresAt).toBe(
      offer!.offerExpiresAt.toISOString(),
    );
    // The offer rejected by an admin: the next one gets it.
    await w.reg.post(`/api/admin/registrations/${q[0]!.id}/reject`, { sendEmail: false });
    expect(await status(q[1]!.id)).toBe('offered');
    // Accepted, then withdrawn by the parent: the next one.
    expect(
      (await my(await token(q[1]!.id, 'registrations.registration.offered')).post('accept')).body
        .registration.status,
    ).toBe('approved');
    await my(await token(q[1]!.id)).post('withdraw');
    expect(await status(q[2]!.id)).toBe('offered');
    // Capacity raised by one: the last in line gets the new place at once (from the event).
    await w.cat.put(`/api/activities/${a}`, {
      ...base,
      title: `Wachtlijst groter`,
      capacity: 2,
      weekday: (
        await sql<{ weekday: number; startTime: string }>(
          'SELECT weekday FROM activities WHERE id = :a',
          { a },
        )
      )[0]!.weekday,
      startTime: (
        await sql<{ startTime: string }>(
          'SELECT start_time AS "startTime" FROM activities WHERE id = :a',
          { a },
        )
      )[0]!.startTime,
    });
    await expect.poll(() => status(q[3]!.id), { timeout: 10_000 }).toBe('offered');
    expect(await taken(a)).toBe(2);
  });

  it('accepts an offer in time once, refuses it after expiry with 409 OFFER_EXPIRED, and declines to the next (R-WAITLIST-ACCEPT, R-WAITLIST-DECLINE)', async () => {
    const a = await activity(1);
    const holder = await join(a, false);
    await approve(holder.id);
    const q = [await join(a), await join(a), await join(a)];
    await w.reg.post(`/api/admin/registrations/${holder.id}/revert`);
    const t0 = await token(q[0]!.id, 'registrations.registration.offered');
    // Two accepts of the one offer at once: exactly one wins.
    const both = await Promise.all([my(t0).post('accept'), my(t0).post('accept')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await status(q[0]!.id)).toBe('approved');
    // Withdrawn: q1 is offered; its offer lapses; accept says so.
    await my(t0).post('withdraw');
    const t1 = await token(q[1]!.id, 'registrations.registration.offered');
    await sql(
      "UPDATE registrations SET offer_expires_at = now() - interval '1 second' WHERE id = :id",
      { id: q[1]!.id },
    );
    const late = await my(t1).post('accept');
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('OFFER_EXPIRED');
    expect(await status(q[1]!.id)).toBe('offered');
    // Declining a lapsed or live offer: withdrawn, and the next is offered.
    const declined = await my(t1).post('decline');
    expect(declined.body.registration.status).toBe('withdrawn');
    expect(await status(q[2]!.id)).toBe('offered');
    expect((await my(t1).post('decline')).status).toBe(409);
  });

  it('moves every lapsed offer on exactly once, with a clock of its own, even with two replicas sweeping (R-WAITLIST-EXPIRY)', async () => {
    const a = await activity(2);
    const holders = [await join(a, false), await join(a, false)];
    for (const h of holders) await approve(h.id);
    const q = [await join(a), await join(a), await join(a), await join(a)];
    for (const h of holders) await w.reg.post(`/api/admin/registrations/${h.id}/revert`);
    expect([await status(q[0]!.id), await status(q[1]!.id)]).toEqual(['offered', 'offered']);
    // 47 hours on: nothing lapses.
    const at = (h: number) => new Date(Date.now() + h * 3_600_000);
    expect(await replica(w.registrations).waitlist.expireLapsed(at(47))).toBe(0);
    // 49 hours on, two replicas at once: every offer lapses once (this activity's two and any
    // other test's), and the next two here are offered.
    const [lapsing] = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM registrations WHERE status = 'offered' AND offer_expires_at <= :t`,
      { t: at(49) },
    );
    expect(Number(lapsing!.n)).toBeGreaterThanOrEqual(2);
    const [x, y] = await Promise.all([
      replica(w.registrations).waitlist.expireLapsed(at(49)),
      replica(w.registrations).waitlist.expireLapsed(at(49)),
    ]);
    expect(x + y).toBe(Number(lapsing!.n));
    expect(await Promise.all(q.map((r) => status(r.id)))).toEqual([
      'withdrawn',
      'withdrawn',
      'offered',
      'offered',
    ]);
    const [events] = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM outbox WHERE type = 'registrations.registration.withdrawn'
       AND data->>'withdrawReason' = 'expired' AND (data->>'activityId')::int = :a`,
      { a },
    );
    expect(events!.n).toBe('2');
  });

  it('lets an admin approve from the waiting list within capacity only, and lists the queue in order (R-WAITLIST-REVIEW, R-WAITLIST-ADMIN)', async () => {
    const a = await activity(1);
    const holder = await join(a, false);
    await approve(holder.id);
    const q = [await join(a), await join(a)];
    const full = await w.reg.post(`/api/admin/registrations/${q[1]!.id}/approve`, {
      sendEmail: false,
    });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('ACTIVITY_FULL');
    expect(await status(q[1]!.id)).toBe('waitlisted');
    const list = await w.reg.get(`/api/admin/activities/${a}/waitlist`);
    expect(list.status).toBe(200);
    expect(list.body.activity).toMatchObject({
      id: a,
      capacity: 1,
      approvedCount: 1,
      offeredCount: 0,
    });
    expect(
      list.body.data.map((r: { id: number; waitlistPosition: number }) => [
        r.id,
        r.waitlistPosition,
      ]),
    ).toEqual([
      [q[0]!.id, 1],
      [q[1]!.id, 2],
    ]);
    expect((await w.reg.get('/api/admin/activities/999999/waitlist')).status).toBe(404);
    expect(
      (await w.reg.get(`/api/admin/activities/${a}/waitlist`, { anonymous: true })).status,
    ).toBe(401);
    // Status filter on the new statuses.
    const filtered = await w.reg.get(`/api/admin/registrations?activityId=${a}&status=waitlisted`);
    expect(filtered.body.pagination.total).toBe(2);
    // Revert frees the place: q0 offered; the admin approves the offer.
    await w.reg.post(`/api/admin/registrations/${holder.id}/revert`);
    expect((await approve(q[0]!.id)).status).toBe('approved');
    expect(await taken(a)).toBe(1);
  });

  it('serves an approved sign-up as a weekly calendar event, and refuses it before approval (R-MY-SIGNUP-CALENDAR)', async () => {
    const a = await activity(3);
    const reg = await join(a, false);
    const t = await token(reg.id);
    expect((await my(t).get('/calendar.ics')).status).toBe(409);
    await approve(reg.id);
    const res = await my(t).get('/calendar.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const cal = new ICAL.Component(ICAL.parse(Buffer.from(res.body).toString('utf8')));
    const events = cal.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const rrule = events[0]!.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rrule.freq).toBe('WEEKLY');
  });

  it('erases a sign-up: personal data gone, links dead, place moved on, an erased event with ids only (R-ERASE)', async () => {
    const a = await activity(1);
    const holder = await join(a, false);
    await approve(holder.id);
    const next = await join(a);
    const t = await token(holder.id);
    const res = await my(t).post('erase');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ erased: true });
    expect((await my(t).get()).status).toBe(403);
    const [row] = await sql<Record<string, unknown>>(
      `SELECT child_first_name, child_last_name, child_date_of_birth, parent_name, email, phone,
         status, erased_at FROM registrations WHERE id = :id`,
      { id: holder.id },
    );
    expect(row).toMatchObject({
      child_first_name: '',
      child_last_name: '',
      child_date_of_birth: null,
      parent_name: '',
      email: '',
      phone: '',
      status: 'withdrawn',
    });
    expect(row!.erased_at).not.toBeNull();
    expect(await status(next.id)).toBe('offered');
    const [erased] = await sql<{ data: unknown }>(
      `SELECT data FROM outbox WHERE type = 'registrations.registration.erased'
       AND (data->>'registrationId')::int = :id`,
      { id: holder.id },
    );
    expect(erased!.data).toEqual({ registrationId: holder.id, activityId: a });
  });

  it('keeps approved plus offered within capacity under 50 concurrent accepts, withdrawals and declines (R-WAITLIST-CAPACITY)', async () => {
    const capacity = 5;
    const a = await activity(capacity);
    const approved = [];
    for (let i = 0; i < capacity; i += 1) {
      const r = await join(a, false);
      await approve(r.id);
      approved.push(r);
    }
    const waiting = [];
    for (let i = 0; i < 60; i += 1) waiting.push(await join(a));
    const tokens = new Map<number, string>();
    for (const r of [...approved, ...waiting]) tokens.set(r.id, await token(r.id));
    let worst = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        worst = Math.max(worst, await taken(a));
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    let actions = 0;
    for (let round = 0; round < 4; round += 1) {
      const rows = await sql<{ id: number; status: string }>(
        `SELECT id, status FROM registrations WHERE activity_id = :a AND status IN ('approved', 'offered', 'waitlisted')`,
        { a },
      );
      const ops = rows.slice(0, 50).map((r, i) => {
        const t = tokens.get(r.id)!;
        if (r.status === 'offered') return my(t).post(i % 3 === 0 ? 'decline' : 'accept');
        if (r.status === 'approved') return my(t).post('withdraw');
        return i % 4 === 0 ? my(t).post('withdraw') : my(t).get();
      });
      actions += ops.length;
      const answers = await Promise.all(ops);
      expect(answers.filter((r) => r.status >= 500)).toEqual([]);
      const now = await taken(a);
      const [waitingNow] = await sql<{ n: string }>(
        `SELECT count(*) AS n FROM registrations WHERE activity_id = :a AND status = 'waitlisted'`,
        { a },
      );
      expect(now).toBeLessThanOrEqual(capacity);
      // A free place never stays free while someone waits.
      if (Number(waitingNow!.n) > 0) expect(now).toBe(capacity);
    }
    watching = false;
    await watcher;
    expect(actions).toBeGreaterThanOrEqual(150);
    expect(worst).toBeLessThanOrEqual(capacity);
  });
});
