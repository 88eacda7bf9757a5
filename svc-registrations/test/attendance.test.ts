// R-ATTENDANCE-*: provider attendance through the participant list's link, and the admin's view.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isoWeekYear, sessionDates } from '@nsa/calendar';
import { AUDIT_EVENT_TYPES, type AuditEntry } from '@nsa/contracts';
import { QueryTypes } from '@nsa/service-kit';
import {
  attendanceGrid,
  attendanceRate,
  attendanceSessions,
  blockYear,
  requireSession,
} from '../src/domain/attendance.js';
import { participantKey } from '../src/domain/participants.js';
import { post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('R-ATTENDANCE-SESSIONS: one session per week of the block on its weekday', () => {
  it('gives the weekday of each ISO week of the block in the block year', () => {
    // 2026: week 1 starts on Monday 29 December 2025; week 10 on Monday 2 March.
    expect(
      attendanceSessions(
        { weekday: 3, block: { weekStart: 10, weekEnd: 12, year: 2026 } },
        new Date(),
      ),
    ).toEqual(['2026-03-04', '2026-03-11', '2026-03-18']);
    expect(
      attendanceSessions(
        { weekday: 5, block: { weekStart: 20, weekEnd: 20, year: 2027 } },
        new Date(),
      ),
    ).toEqual(['2027-05-21']);
  });

  it('is right across a year boundary: week 1 may start in December, week 53 end in January', () => {
    // Monday of week 1 of 2026 is 29 December 2025.
    expect(
      attendanceSessions(
        { weekday: 1, block: { weekStart: 1, weekEnd: 2, year: 2026 } },
        new Date(),
      ),
    ).toEqual(['2025-12-29', '2026-01-05']);
    // 2026 has 53 weeks; the Sunday of week 53 is 3 January 2027.
    expect(
      attendanceSessions(
        { weekday: 0, block: { weekStart: 52, weekEnd: 53, year: 2026 } },
        new Date(),
      ),
    ).toEqual(['2026-12-27', '2027-01-03']);
    // 2027 starts its week 1 on Monday 4 January: a Friday of week 1 stays in January.
    expect(
      attendanceSessions(
        { weekday: 5, block: { weekStart: 1, weekEnd: 1, year: 2027 } },
        new Date(),
      ),
    ).toEqual(['2027-01-08']);
  });

  it("takes the block's year when it has one, else this year's weeks", () => {
    const day = new Date('2026-06-01T10:00:00Z');
    expect(blockYear({ weekStart: 1, weekEnd: 2, year: 2030 }, day)).toBe(2030);
    expect(blockYear({ weekStart: 1, weekEnd: 2 }, day)).toBe(2026);
    // 1 January 2027 is in ISO week 53 of 2026.
    expect(blockYear({ weekStart: 1, weekEnd: 2 }, new Date('2027-01-01T12:00:00Z'))).toBe(2026);
  });

  it('refuses a mark for a date that is no session with 400 and the field date', () => {
    expect(() => requireSession(['2026-03-04'], '2026-03-04')).not.toThrow();
    expect(() => requireSession(['2026-03-04'], '2026-03-05')).toThrow(
      expect.objectContaining({ status: 400, code: 'VALIDATION_FAILED' }),
    );
  });

  it('R-ATTENDANCE-LIST: fills every session with every child, null until marked', () => {
    const grid = attendanceGrid(
      ['2026-03-04', '2026-03-11'],
      [
        { id: 7, ref: 'a' },
        { id: 9, ref: 'b' },
      ],
      [
        { date: '2026-03-04', registrationId: 9, present: false },
        { date: '2026-03-11', registrationId: 7, present: true },
        // A mark of a date that is no longer a session is not shown.
        { date: '2026-03-18', registrationId: 7, present: true },
      ],
    );
    expect(grid).toEqual([
      {
        date: '2026-03-04',
        records: [
          { ref: 'a', present: null },
          { ref: 'b', present: false },
        ],
      },
      {
        date: '2026-03-11',
        records: [
          { ref: 'a', present: true },
          { ref: 'b', present: null },
        ],
      },
    ]);
  });

  it('R-ATTENDANCE-RATE: present over marked, null when nothing is marked', () => {
    expect(attendanceRate(0, 0)).toBeNull();
    expect(attendanceRate(3, 4)).toBe(0.75);
    expect(attendanceRate(0, 2)).toBe(0);
  });

  it('R-ATTENDANCE-KEY: a key is opaque, stable per link and different on another link', () => {
    const hash1 = 'a'.repeat(64);
    const hash2 = 'b'.repeat(64);
    const k = participantKey('secret', hash1, 42);
    expect(k).toBe(participantKey('secret', hash1, 42));
    expect(k).not.toBe(participantKey('secret', hash2, 42));
    expect(k).not.toBe(participantKey('secret', hash1, 43));
    expect(k).not.toContain('42');
    expect(k).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('attendance through the provider link (R-ATTENDANCE-*)', () => {
  let w: World;
  let activityId: number;
  let otherId: number;
  let token: string;
  let otherToken: string;
  let sessions: string[];
  const weekday = 2;

  /** A new link; it works on the next request (R-FRESH-PROVIDER-LINK). */
  const generate = async (id: number) => {
    const res = await w.cat.post(`/api/admin/activities/${id}/provider-token/generate`);
    return new URL(res.body.url).searchParams.get('token')!;
  };
  const q = (t: string) => `?token=${encodeURIComponent(t)}`;
  const getAttendance = (id: number, t: string) =>
    w.reg.get(`/api/provider/${id}/attendance${q(t)}`, { anonymous: true });
  const mark = (id: number, t: string, date: string, body: unknown) =>
    w.reg.put(`/api/provider/${id}/attendance/${date}${q(t)}`, body, { anonymous: true });
  const participants = async (id: number, t: string) =>
    (await w.reg.get(`/api/provider/${id}/participants${q(t)}`, { anonymous: true })).body
      .participants as { childName: string; key: string }[];
  const auditEntries = async () =>
    (
      await w.registrations.ctx.sequelize.query<{ data: { data: AuditEntry } | AuditEntry }>(
        'SELECT data FROM outbox WHERE type = :type ORDER BY seq',
        { replacements: { type: AUDIT_EVENT_TYPES.registrations }, type: QueryTypes.SELECT },
      )
    ).map((r) => ('data' in r.data ? r.data.data : r.data) as AuditEntry);

  beforeAll(async () => {
    w = await startWorld(infra);
    const school = await w.school('Aanwezig');
    const base = {
      schoolId: school.id,
      blockId: (await w.block(10, 14)).id,
      providerId: (await w.provider()).id,
      weekday,
    };
    activityId = (await w.activity({ ...base, title: 'Judo' })).id;
    otherId = (await w.activity({ ...base, title: 'Dans', startTime: '16:30' })).id;
    for (const [first, id] of [
      ['Anna', activityId],
      ['Bram', activityId],
      ['Cas', activityId],
      ['Dirk', otherId],
    ] as const) {
      const res = await post(w.reg, school.accessToken, signup(id, { childFirstName: first }));
      await w.reg.post(`/api/admin/registrations/${res.body.registration.id}/approve`, {
        sendEmail: false,
      });
    }
    // One sign-up that is not approved: never on the list.
    await post(w.reg, school.accessToken, signup(activityId, { childFirstName: 'Nieuw' }));
    token = await generate(activityId);
    otherToken = await generate(otherId);
    sessions = sessionDates(weekday, 10, 14, isoWeekYear(new Date()));
  });
  afterAll(() => w?.stop());

  it('lists one session per week of the block on the weekday, every approved child null', async () => {
    const res = await getAttendance(activityId, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const list = await participants(activityId, token);
    expect(list.map((p) => p.childName.split(' ')[0])).toEqual(['Anna', 'Bram', 'Cas']);
    expect(res.body).toEqual({
      sessions: sessions.map((date) => ({
        date,
        records: list.map((p) => ({ key: p.key, present: null })),
      })),
    });
    expect(res.body.sessions).toHaveLength(5);
    for (const s of res.body.sessions as { date: string }[])
      expect(new Date(`${s.date}T12:00:00Z`).getUTCDay()).toBe(weekday);
  });

  it('gives participants an opaque key, stable per link, not the sign-up id', async () => {
    const list = await participants(activityId, token);
    expect(Object.keys(list[0]!).sort()).toEqual(['age', 'childName', 'key']);
    const ids = await w.registrations.ctx.sequelize.query<{ id: number }>(
      "SELECT id FROM registrations WHERE activity_id = :activityId AND status = 'approved'",
      { replacements: { activityId }, type: QueryTypes.SELECT },
    );
    for (const p of list) for (const { id } of ids) expect(p.key).not.toBe(String(id));
    expect((await participants(activityId, token)).map((p) => p.key)).toEqual(
      list.map((p) => p.key),
    );
    expect(new Set(list.map((p) => p.key)).size).toBe(3);
  });

  // R-ATTENDANCE-MARK, R-ATTENDANCE-AUDIT
  it('marks, changes and unmarks one child, recorded in the audit log as the provider', async () => {
    const [anna, bram] = await participants(activityId, token);
    const date = sessions[1]!;
    const at = async () =>
      (
        (await getAttendance(activityId, token)).body.sessions as {
          date: string;
          records: { key: string; present: boolean | null }[];
        }[]
      ).find((s) => s.date === date)!.records;

    const marked = await mark(activityId, token, date, { key: anna!.key, present: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ date, key: anna!.key, present: true });
    await mark(activityId, token, date, { key: bram!.key, present: false });
    expect(await at()).toEqual([
      { key: anna!.key, present: true },
      { key: bram!.key, present: false },
      { key: expect.any(String), present: null },
    ]);

    const changed = await mark(activityId, token, date, { key: anna!.key, present: false });
    expect(changed.body.present).toBe(false);
    expect((await at())[0]).toEqual({ key: anna!.key, present: false });

    const unmarked = await mark(activityId, token, date, { key: anna!.key, present: null });
    expect(unmarked.status).toBe(200);
    expect(unmarked.body.present).toBeNull();
    expect((await at())[0]).toEqual({ key: anna!.key, present: null });
    // Other sessions are untouched.
    const first = (await getAttendance(activityId, token)).body.sessions[0];
    expect(first.records.every((r: { present: unknown }) => r.present === null)).toBe(true);

    const entries = (await auditEntries()).filter((e) =>
      e.target.id?.startsWith(`${activityId}/${date}/`),
    );
    expect(entries.map((e) => e.changes?.present)).toEqual([
      { before: null, after: true },
      { before: null, after: false },
      { before: true, after: false },
      { before: false, after: null },
    ]);
    for (const e of entries) {
      expect(e.actor).toEqual({ type: 'provider', id: String(activityId), name: null });
      expect(e.action).toBe('attendance.recorded');
      expect(JSON.stringify(e)).not.toContain(token);
      expect(JSON.stringify(e)).not.toContain('Anna');
    }
  });

  // R-ATTENDANCE-MARK
  it('answers 400 for a date outside the sessions, a malformed date, a bad body or an unknown key', async () => {
    const [anna] = await participants(activityId, token);
    const nextDay = new Date(`${sessions[0]}T12:00:00Z`);
    nextDay.setUTCDate(nextDay.getUTCDate() + 1);
    const outside = await mark(activityId, token, nextDay.toISOString().slice(0, 10), {
      key: anna!.key,
      present: true,
    });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { date: expect.any(String) },
    });
    const weekAfter = new Date(`${sessions.at(-1)}T12:00:00Z`);
    weekAfter.setUTCDate(weekAfter.getUTCDate() + 7);
    expect(
      (
        await mark(activityId, token, weekAfter.toISOString().slice(0, 10), {
          key: anna!.key,
          present: true,
        })
      ).status,
    ).toBe(400);
    for (const date of ['2026-13-01', '2026-02-30', 'vandaag', '20260304']) {
      const res = await mark(activityId, token, date, { key: anna!.key, present: true });
      expect(res.status, date).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    for (const body of [
      { key: anna!.key },
      { key: anna!.key, present: 'yes' },
      { present: true },
      null,
    ]) {
      const res = await mark(activityId, token, sessions[0]!, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await mark(activityId, token, sessions[0]!, {
      key: 'AAAAAAAAAAAAAAAAAAAAAA',
      present: true,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toHaveProperty('key');
    // A key of another activity's link is no key here.
    const [dirk] = await participants(otherId, otherToken);
    expect(
      (await mark(activityId, token, sessions[0]!, { key: dirk!.key, present: true })).status,
    ).toBe(400);
  });

  it("answers 403 for a wrong token, another activity's token or a replaced link, and changes nothing", async () => {
    const [anna] = await participants(activityId, token);
    const date = sessions[2]!;
    const body = { key: anna!.key, present: true };
    expect((await getAttendance(activityId, 'wrong')).status).toBe(403);
    expect((await getAttendance(activityId, otherToken)).status).toBe(403);
    const wrong = await mark(activityId, 'wrong', date, body);
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('FORBIDDEN');
    expect((await mark(activityId, otherToken, date, body)).status).toBe(403);
    // Without a token: 400, as the list.
    expect(
      (await w.reg.put(`/api/provider/${activityId}/attendance/${date}`, body, { anonymous: true }))
        .status,
    ).toBe(400);
    const session = (await getAttendance(activityId, token)).body.sessions.find(
      (s: { date: string }) => s.date === date,
    );
    expect(session.records.every((r: { present: unknown }) => r.present === null)).toBe(true);

    // A replaced link is refused at once; the new one has new keys for the same children.
    const old = token;
    token = await generate(activityId);
    expect((await mark(activityId, old, date, body)).status).toBe(403);
    expect((await getAttendance(activityId, old)).status).toBe(403);
    const fresh = await participants(activityId, token);
    expect(fresh.map((p) => p.key)).not.toContain(anna!.key);
    expect((await mark(activityId, token, date, body)).status).toBe(400); // the old key
    expect((await mark(activityId, token, date, { ...body, key: fresh[0]!.key })).status).toBe(200);
  });

  it('R-ATTENDANCE-ONCE: the same client id twice counts once, even after a later change', async () => {
    const [, , cas] = await participants(activityId, token);
    const date = sessions[3]!;
    const first = { key: cas!.key, present: true, clientId: 'mark-one-0001' };
    expect((await mark(activityId, token, date, first)).body.present).toBe(true);
    expect((await mark(activityId, token, date, first)).body.present).toBe(true);
    // A later mark changes it; the first one arriving again (a retry) changes nothing.
    const later = { key: cas!.key, present: false, clientId: 'mark-two-0002' };
    expect((await mark(activityId, token, date, later)).body.present).toBe(false);
    const again = await mark(activityId, token, date, first);
    expect(again.status).toBe(200);
    expect(again.body.present).toBe(false);
    const [rows] = await w.registrations.ctx.sequelize.query<{ n: string }>(
      'SELECT count(*) n FROM attendance WHERE activity_id = :activityId AND session_date = :date',
      { replacements: { activityId, date }, type: QueryTypes.SELECT },
    );
    expect(Number(rows!.n)).toBe(1);
    const entries = (await auditEntries()).filter((e) =>
      e.target.id?.startsWith(`${activityId}/${date}/`),
    );
    expect(entries).toHaveLength(2);
    // A malformed client id is 400.
    expect((await mark(activityId, token, date, { ...first, clientId: 'a b' })).status).toBe(400);
  });

  it('shows admins the grid with names and the rates per activity; others get 401', async () => {
    const grid = await w.reg.get(`/api/admin/activities/${activityId}/attendance`);
    expect(grid.status).toBe(200);
    expect(grid.body.activity).toMatchObject({ id: activityId, title: 'Judo', school: 'Aanwezig' });
    expect(
      grid.body.participants.map((p: { childName: string }) => p.childName.split(' ')[0]),
    ).toEqual(['Anna', 'Bram', 'Cas']);
    expect(grid.body.sessions.map((s: { date: string }) => s.date)).toEqual(sessions);
    const [, bramId, casId] = grid.body.participants.map(
      (p: { registrationId: number }) => p.registrationId,
    );
    const present = (date: string, id: number) =>
      grid.body.sessions
        .find((s: { date: string }) => s.date === date)
        .records.find((r: { registrationId: number }) => r.registrationId === id).present;
    expect(present(sessions[1]!, bramId)).toBe(false);
    expect(present(sessions[3]!, casId)).toBe(false);
    expect(present(sessions[0]!, casId)).toBeNull();
    expect(
      (await w.reg.get(`/api/admin/activities/${activityId}/attendance`, { anonymous: true }))
        .status,
    ).toBe(401);
    expect((await w.reg.get('/api/admin/activities/999999/attendance')).status).toBe(404);

    const rates = await w.reg.get('/api/admin/attendance/rates');
    expect(rates.status).toBe(200);
    const mine = rates.body.data.find((r: { activityId: number }) => r.activityId === activityId);
    // Marked now: Bram absent (session 2), Anna (new link's first child) present (session 3),
    // Cas absent (session 4).
    expect(mine).toEqual({ activityId, sessionsMarked: 3, rate: 1 / 3 });
    expect(rates.body.data.find((r: { activityId: number }) => r.activityId === otherId)).toEqual({
      activityId: otherId,
      sessionsMarked: 0,
      rate: null,
    });
    expect((await w.reg.get('/api/admin/attendance/rates', { anonymous: true })).status).toBe(401);
  });
});
