import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { identityKey, registrationSchema } from '@nsa/contracts';
import { QueryTypes, sqlNormalisedEmail, type MigrationContext } from '@nsa/service-kit';
import { m0017ChildKeys } from '../migrations/0017-child-keys.js';
import { post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * R-NAMES-NORMAL, R-NAMES-INVISIBLE: a child is one child however its names are typed (a
 * decomposed accent, full-width letters, case), and a name with an invisible or bidirectional
 * character is refused, so nothing a reader cannot see makes a second child or family.
 */
describe('names: one child however typed, no invisible characters', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let providerId: number;
  let blockId: number;
  let weekday = 0;
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school();
    providerId = (await w.provider()).id;
    blockId = (await w.block(10, 15)).id;
  });
  afterAll(() => w?.stop());

  const sql = <T extends object>(query: string, replacements: Record<string, unknown> = {}) =>
    w.registrations.ctx.sequelize.query<T>(query, { replacements, type: QueryTypes.SELECT });
  /** A new activity on a weekday of its own (so no other test's child overlaps it). */
  const activity = async (over: Record<string, unknown> = {}) => {
    weekday += 1;
    return (
      await w.activity({
        schoolId: school.id,
        blockId,
        providerId,
        title: `Namen ${weekday}`,
        weekday: weekday % 7,
        startTime: `1${weekday % 10}:15`,
        ...over,
      })
    ).id;
  };
  const child = (first: string, last = 'Namenproef', dob = '2016-04-03') => ({
    childFirstName: first,
    childLastName: last,
    childDateOfBirth: dob,
    email: 'namen@example.nl',
  });

  it.each([
    ['a decomposed accent (e + U+0301 for é)', 'Rene\u0301e', 'Renée'],
    ['full-width letters', 'Ｒｅｖｉｅｗｐｒｏｂｅ', 'Reviewprobe'],
  ])(
    'R-NAMES-NORMAL: %s is the same child: 409 for the same activity and for an overlapping one',
    async (_, variant, first) => {
      const a = await activity();
      const slot = { weekday: weekday % 7, startTime: `1${weekday % 10}:15` };
      const same = await activity({ title: `Zelfde tijd ${weekday}`, ...slot });
      const dob = `2016-04-${String(10 + weekday).padStart(2, '0')}`;
      const res = await post(w.reg, school.accessToken, signup(a, child(first, 'Proef', dob)));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const twice = await post(w.reg, school.accessToken, signup(a, child(variant, 'Proef', dob)));
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('CONFLICT');
      const overlap = await post(
        w.reg,
        school.accessToken,
        signup(same, child(variant, 'ＰＲＯＥＦ', dob)),
      );
      expect(overlap.status).toBe(409);
      expect(overlap.body.code).toBe('CHILD_OVERLAP');
    },
  );

  it.each([
    ['a zero-width space', 'Review\u200bprobe'],
    ['a soft hyphen', 'Review\u00adprobe'],
    ['a right-to-left override', '\u202eReviewprobe'],
    ['isolate marks (U+2066–2069)', '\u2066Review\u2069probe\u2067\u2068'],
    ['a right-to-left mark', 'Reviewprobe\u200f'],
    ['a word joiner', 'Review\u2060probe'],
    ['a byte order mark inside the name', 'Review\ufeffprobe'],
    ['a zero-width joiner at the start of a word', '\u200dReviewprobe'],
    ['a zero-width non-joiner at the end of a word', 'Reviewprobe\u200c'],
  ])(
    'R-NAMES-INVISIBLE: a name with %s is 400 naming the field, and the first one stands alone',
    async (_, variant) => {
      const a = await activity();
      const first = await post(w.reg, school.accessToken, signup(a, child('Reviewprobe')));
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      for (const field of ['childFirstName', 'childLastName', 'parentName'] as const) {
        const res = await post(
          w.reg,
          school.accessToken,
          signup(a, { ...child('Reviewprobe'), [field]: variant }),
          { 'accept-language': 'en' },
        );
        expect(res.status, field).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', success: false });
        expect(res.body.fields).toEqual({
          [field]:
            'The text contains an invisible character or one that changes the reading direction',
        });
      }
      const nl = await post(
        w.reg,
        school.accessToken,
        signup(a, { ...child('Reviewprobe'), childFirstName: variant }),
      );
      expect(nl.body.fields.childFirstName).toBe(
        'De tekst bevat een onzichtbaar teken of een teken dat de leesrichting verandert',
      );
      const [{ n }] = (await sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM registrations WHERE activity_id = :a',
        { a },
      )) as [{ n: number }];
      expect(n).toBe(1);
    },
  );

  it('R-NAMES-INVISIBLE, R-NAMES-NORMAL: Arabic, Ukrainian and Persian names (ZWNJ inside a word) sign up as typed, and are one child however typed', async () => {
    const a = await activity();
    const names = [
      ['مريم', 'العلي'],
      ['Ґанна', 'Їжакевич'],
      ['می\u200cخواهم', 'رضایی'],
    ] as const;
    for (const [first, last] of names) {
      const res = await post(w.reg, school.accessToken, signup(a, child(first, last)));
      expect(res.status, `${first} ${last}: ${JSON.stringify(res.body)}`).toBe(201);
      const [row] = await sql<{ first: string; last: string }>(
        'SELECT child_first_name AS first, child_last_name AS last FROM registrations WHERE id = :id',
        { id: res.body.registration.id },
      );
      expect(row).toEqual({ first, last });
    }
    // The same Ukrainian child in capitals is the same child, and so is the Persian one typed
    // without the non-joiner (R-NAMES-NORMAL: it is default-ignorable).
    const again = await post(w.reg, school.accessToken, signup(a, child('ҐАННА', 'ЇЖАКЕВИЧ')));
    expect(again.status).toBe(409);
    const joined = await post(w.reg, school.accessToken, signup(a, child('میخواهم', 'رضایی')));
    expect(joined.status).toBe(409);
    expect(joined.body.code).toBe('CONFLICT');
  });

  it('R-NAMES-INVISIBLE: a rejection reason with a bidirectional or invisible character is 400 naming the reason', async () => {
    const a = await activity();
    const res = await post(w.reg, school.accessToken, signup(a, child('Reden', 'Proef')));
    expect(res.status).toBe(201);
    const id = res.body.registration.id as number;
    for (const reason of ['Vol\u202e', 'Helaas\u200b vol', '\u2067vol\u2069']) {
      const one = await w.reg.post(`/api/admin/registrations/${id}/reject`, { reason });
      expect(one.status).toBe(400);
      expect(Object.keys(one.body.fields)).toEqual(['reason']);
      const bulk = await w.reg.post('/api/admin/registrations/bulk', {
        action: 'reject',
        ids: [id],
        reason,
      });
      expect(bulk.status).toBe(400);
      expect(Object.keys(bulk.body.fields)).toEqual(['reason']);
    }
    const [row] = await sql<{ status: string }>('SELECT status FROM registrations WHERE id = :id', {
      id,
    });
    expect(row!.status).toBe('new');
  });

  it('R-NAMES-NORMAL: migration 0017 gives the sign-ups made before it their key in the one normal form', async () => {
    const a = await activity();
    const res = await post(w.reg, school.accessToken, signup(a, child('Migratie', 'Sleutel')));
    expect(res.status).toBe(201);
    const id = res.body.registration.id as number;
    // As an earlier release stored a full-width name: its key only lower-cased.
    const before = 'ｍｉｇｒａｔｉｅ|sleutel|2016-04-03';
    await w.registrations.ctx.sequelize.query(
      `UPDATE registrations SET child_first_name = 'Ｍｉｇｒａｔｉｅ', child_key = :before
       WHERE id = :id`,
      { replacements: { id, before } },
    );
    const db = w.registrations.ctx.sequelize;
    await db.transaction(async (t) => {
      const ctx: MigrationContext = {
        sequelize: db,
        sql: async (s) => void (await db.query(s, { transaction: t })),
        select: <T extends object>(s: string, replacements?: Record<string, unknown>) =>
          db.query<T>(s, { replacements, type: QueryTypes.SELECT, transaction: t }),
      };
      await m0017ChildKeys.up(ctx);
    });
    const [row] = await sql<{ key: string }>(
      'SELECT child_key AS key FROM registrations WHERE id = :id',
      { id },
    );
    expect(row!.key).toBe('migratie|sleutel|2016-04-03');
    const again = await post(w.reg, school.accessToken, signup(a, child('migratie', 'Sleutel')));
    expect(again.status).toBe(409);
  });

  it('R-NAMES-NORMAL: PostgreSQL compares addresses as identityKey does, for every address a sign-up stores', async () => {
    const schema = registrationSchema().shape.email;
    const typed = [
      'Ann@Example.nl',
      ' ann@example.nl ',
      'ＡＮＮ@ｅｘａｍｐｌｅ.ｎｌ',
      'ann\u200b@example.nl',
      'a\u00adnn@exam\u2060ple.nl\ufeff',
      '\u202aann@example.nl\u202c',
      'O.Brien-Ｘ+tag@Sub.Example.NL',
      'ann@example.nl\u00a0',
    ];
    for (const t of typed) {
      const stored = schema.parse(t);
      const [row] = await sql<{ k: string; l: string }>(
        `SELECT ${sqlNormalisedEmail(':v')} AS k, lower(:v) AS l`,
        { v: stored },
      );
      // The privacy match (sqlNormalisedEmail) and the draw's family (freeze_draw: lower(email)).
      expect(row!.k, JSON.stringify(t)).toBe(identityKey(t));
      expect(row!.l, JSON.stringify(t)).toBe(identityKey(t));
    }
  });

  it('R-NAMES-NORMAL: case, full-width and invisible forms of one parent address are one family in the draw', async () => {
    const res = await w.cat.post('/api/blocks', {
      name: `Loting namen ${Date.now()}`,
      weekStart: 40,
      weekEnd: 45,
      signupOpensAt: new Date(Date.now() - 1000).toISOString(),
      signupClosesAt: new Date(Date.now() + 3000).toISOString(),
      allocation: 'lottery',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const block = res.body as { id: number; signupClosesAt: string };
    const a = await activity({ blockId: block.id, capacity: 1 });
    const forms = [
      'Gezin.Namen@Example.nl',
      'ｇｅｚｉｎ.ｎａｍｅｎ@example.nl',
      'gezin.namen\u200b@example.nl',
      ' GEZIN.NAMEN@EXAMPLE.NL\u2060',
    ];
    const ids: number[] = [];
    for (const [i, email] of forms.entries()) {
      const r = await post(
        w.reg,
        school.accessToken,
        signup(a, { email, childFirstName: `Broer${'abcd'[i]}` }),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.push(r.body.registration.id);
    }
    const other = await post(
      w.reg,
      school.accessToken,
      signup(a, { email: 'jogezin.namen@example.nl' }),
    );
    expect(other.status).toBe(201);
    await sleep(Math.max(0, new Date(block.signupClosesAt).getTime() - Date.now() + 200));
    const preview = await w.reg.post(`/api/admin/blocks/${block.id}/draw`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(201);
    const entries = preview.body.export.entries as { registrationId: number; family: string }[];
    const familyOf = (id: number) => entries.find((e) => e.registrationId === id)!.family;
    expect(new Set(ids.map(familyOf))).toEqual(new Set([`family-${ids[0]}`]));
    expect(familyOf(other.body.registration.id)).not.toBe(`family-${ids[0]}`);
    expect(preview.body.stats).toMatchObject({ entries: 5, children: 5 });
  });
});
