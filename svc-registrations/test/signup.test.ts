import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes } from '@nsa/service-kit';
import { recordStatements, until } from '@nsa/service-kit/testing';
import { post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('public sign-up', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let other: { id: number; accessToken: string };
  let ids: Record<string, number>;
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school();
    other = await w.school('Ander');
    const b1 = await w.block(10, 15);
    const b2 = await w.block(16, 20);
    const p = await w.provider();
    const base = { schoolId: school.id, blockId: b1.id, providerId: p.id };
    ids = {
      open: (await w.activity({ ...base, title: 'Open' })).id,
      sameTime: (await w.activity({ ...base, title: 'Zelfde tijd' })).id,
      otherDay: (await w.activity({ ...base, title: 'Andere dag', weekday: 4 })).id,
      otherTime: (await w.activity({ ...base, title: 'Andere tijd', startTime: '16:00' })).id,
      laterWeeks: (await w.activity({ ...base, title: 'Latere weken', blockId: b2.id })).id,
      locked: (await w.activity({ ...base, title: 'Dicht', isLocked: true })).id,
      hidden: (await w.activity({ ...base, title: 'Verborgen', isHidden: true })).id,
      tiny: (await w.activity({ ...base, title: 'Klein', capacity: 1, weekday: 5 })).id,
      race: (await w.activity({ ...base, title: 'Race', weekday: 6 })).id,
    };
  });
  afterAll(() => w?.stop());

  // R-SIGNUP-ANSWER
  it('stores a sign-up and answers 201 with id and status new, in the page language', async () => {
    const res = await post(w.reg, school.accessToken, signup(ids.open!), {
      'accept-language': 'en',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      registration: { id: expect.any(Number), status: 'new' },
    });
    const [row] = await w.registrations.ctx.sequelize.query<{
      language: string;
      child_age: number;
    }>('SELECT language, child_age FROM registrations WHERE id = :id', {
      replacements: { id: res.body.registration.id },
      type: QueryTypes.SELECT,
    });
    expect(row!.language).toBe('en');
    expect(row!.child_age).toBeGreaterThanOrEqual(9);
    // Its event was written with it, carrying the new id.
    const [event] = await w.registrations.ctx.sequelize.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM outbox WHERE type = 'registrations.registration.created' AND (data->>'registrationId')::int = :id",
      { replacements: { id: res.body.registration.id }, type: QueryTypes.SELECT },
    );
    expect(event!.data).toMatchObject({
      registrationId: res.body.registration.id,
      activityId: ids.open,
      status: 'new',
      previousStatus: null,
      language: 'en',
    });
  });

  it('makes one round trip to PostgreSQL per sign-up, keyed or not: the prepared call of sign_up_declared, its one value bound', async () => {
    await Promise.all(Object.values(ids).map((id) => w.projected(id)));
    // Records what is sent on the service's own pool connections.
    const recorder = recordStatements(w.registrations.ctx.sequelize);
    const sent = recorder.statements;
    // Statements of the sign-up path: the sign_up call, or any other that reads or writes its
    // tables (what runs beside it, as the outbox relay woken by the sign-up or a background
    // job starting (retention's run, whose report names the tables), is not counted).
    const path = (text: string) =>
      /sign_up\w*\(|INSERT INTO outbox|\b(registrations|manage_tokens|activities|idempotency_keys)\b/.test(
        text,
      ) &&
      !/^(BEGIN; SELECT id, subject|UPDATE outbox SET published_at)/.test(text) &&
      !/\bretention_runs\b/.test(text) &&
      !/status = 'offered' AND offer_expires_at/.test(text);
    try {
      for (let i = 0; i < 4; i += 1) {
        const before = sent.length;
        const body = signup(ids.open!);
        // R-IDEMPOTENCY: a keyed sign-up claims its key and records its answer in the same call.
        const key: Record<string, string> =
          i % 2 === 1 ? { 'idempotency-key': `round-trip-${Date.now()}-${i}` } : {};
        const res = await post(w.reg, school.accessToken, body, key);
        expect(res.status).toBe(201);
        const own = sent.slice(before).filter((s) => path(s.text));
        expect(own, JSON.stringify(own.map((s) => s.text.slice(0, 80)))).toHaveLength(1);
        expect(own[0]!.name).toBe('registrations_sign_up_declared');
        expect(own[0]!.text).toContain('FROM sign_up_declared($1::jsonb)');
        // The personal data travels bound, never written into the statement.
        expect(own[0]!.text).not.toContain(body.email);
        const declared = JSON.parse(String(own[0]!.values![0])) as Record<string, unknown>;
        expect(declared.email).toBe(body.email);
        expect(declared.key === null).toBe(i % 2 === 0);
      }
    } finally {
      recorder.stop();
    }
  });

  // R-SIGNUP-INPUT; R-SIGNUP-ANSWER: an error answer carries success false and error.
  it('reports every validation failure in fields, with success false and error', async () => {
    const res = await post(w.reg, school.accessToken, {
      activityId: ids.open,
      childDateOfBirth: '2024-01-01',
      childGroup: 'groep9',
      email: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      error: res.body.message,
    });
    expect(res.body.fields).toEqual({
      childFirstName: 'Voornaam van het kind is verplicht',
      childLastName: 'Achternaam van het kind is verplicht',
      childDateOfBirth: 'Kind moet tussen 3 en 18 jaar oud zijn',
      childGroup: 'Selecteer de groep van uw kind',
      parentName: 'Naam van de ouder is verplicht',
      email: 'Een geldig e-mailadres is verplicht',
      phone: 'Telefoonnummer is verplicht',
    });
    const en = await post(
      w.reg,
      school.accessToken,
      { ...signup(ids.open!), childDateOfBirth: '2020-02-30' },
      { 'accept-language': 'en' },
    );
    expect(en.body.fields).toEqual({ childDateOfBirth: 'Invalid date' });
  });

  // R-SIGNUP-SCHOOL-LINK
  it('answers 403 without the school token and with another school token', async () => {
    expect((await post(w.reg, undefined, signup(ids.open!))).status).toBe(403);
    const wrong = await post(w.reg, other.accessToken, signup(ids.open!));
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  // R-SIGNUP-HIDDEN, R-SIGNUP-LOCKED; R-SIGNUP-ACTIVITY: an unknown activity is 404.
  it('refuses hidden (404) and locked (409 ACTIVITY_LOCKED) activities', async () => {
    expect((await post(w.reg, school.accessToken, signup(ids.hidden!))).status).toBe(404);
    const locked = await post(w.reg, school.accessToken, signup(ids.locked!));
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('ACTIVITY_LOCKED');
    expect((await post(w.reg, school.accessToken, signup(999999))).status).toBe(404);
  });

  it("counts an activity's taken places from the index of given places, which no new sign-up enters", async () => {
    const db = w.registrations.ctx.sequelize;
    const [fn] = await db.query<{ src: string }>(
      "SELECT prosrc AS src FROM pg_proc WHERE proname = 'sign_up_rules'",
      { type: QueryTypes.SELECT },
    );
    const count =
      /SELECT count\(\*\) INTO taken (FROM registrations r\s+WHERE r\.activity_id = a_id AND r\.status IN \('approved', 'offered'\));/.exec(
        fn!.src,
      );
    expect(count, 'the count of taken places in sign_up_rules').not.toBeNull();
    // The plan PL/pgSQL keeps for it once it stops planning per call: the generic one.
    const plan = await db.transaction(async (transaction) => {
      await db.query('SET LOCAL plan_cache_mode = force_generic_plan', { transaction });
      await db.query(
        `PREPARE taken_places(integer) AS SELECT count(*) ${count![1]!.replace('a_id', '$1')}`,
        { transaction },
      );
      try {
        const rows = await db.query<{ 'QUERY PLAN': string }>('EXPLAIN EXECUTE taken_places(1)', {
          type: QueryTypes.SELECT,
          transaction,
        });
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await db.query('DEALLOCATE taken_places', { transaction });
      }
    });
    expect(plan).toMatch(/Index Only Scan using registrations_taken /);
  });

  // R-SIGNUP-FULL
  it('refuses a full activity with 409 ACTIVITY_FULL', async () => {
    const first = await post(w.reg, school.accessToken, signup(ids.tiny!));
    await w.reg.post(`/api/admin/registrations/${first.body.registration.id}/approve`, {
      sendEmail: false,
    });
    const res = await post(w.reg, school.accessToken, signup(ids.tiny!));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ACTIVITY_FULL');
  });

  // R-SIGNUP-CHILD; R-SIGNUP-DUPLICATE: the same child twice for one activity is 409 CONFLICT.
  it('refuses the same child at the same time, with names differing only in case and spaces', async () => {
    const child = {
      childFirstName: 'Sanne',
      childLastName: 'van Dijk',
      childDateOfBirth: '2016-03-01',
    };
    expect((await post(w.reg, school.accessToken, signup(ids.open!, child))).status).toBe(201);
    const again = await post(
      w.reg,
      school.accessToken,
      signup(ids.sameTime!, { ...child, childFirstName: '  sANNE ', childLastName: 'Van  Dijk' }),
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CHILD_OVERLAP');
    const twice = await post(
      w.reg,
      school.accessToken,
      signup(ids.open!, { ...child, childFirstName: 'SANNE' }),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('CONFLICT');
  });

  it('allows the same child on another weekday, another time or in weeks that do not overlap', async () => {
    const child = {
      childFirstName: 'Daan',
      childLastName: 'Bakker',
      childDateOfBirth: '2015-09-09',
    };
    for (const id of [ids.open, ids.otherDay, ids.otherTime, ids.laterWeeks]) {
      expect((await post(w.reg, school.accessToken, signup(id!, child))).status).toBe(201);
    }
  });

  // R-SIGNUP-DUPLICATE
  it('stores exactly one of 20 identical submissions sent at once', async () => {
    const body = signup(ids.race!, {
      childFirstName: 'Tess',
      childLastName: 'Smit',
      childDateOfBirth: '2018-01-01',
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(w.reg, school.accessToken, body)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const [row] = await w.registrations.ctx.sequelize.query<{ n: string }>(
      "SELECT count(*) n FROM registrations WHERE child_key = 'tess|smit|2018-01-01'",
      { type: QueryTypes.SELECT },
    );
    expect(Number(row!.n)).toBe(1);
  });

  it('keeps the projection right when a catalog event is delivered again', async () => {
    await w.cat.put(`/api/activities/${ids.open}`, {
      title: 'Open',
      capacity: 10,
      weekday: 3,
      startTime: '15:00',
      schoolId: school.id,
      blockId: (await w.cat.get('/api/blocks')).body[0].id,
      providerId: (await w.cat.get('/api/providers')).body[0].id,
      isLocked: false,
      isHidden: false,
    });
    const db = w.registrations.ctx.sequelize;
    const [last] = await w.catalog.ctx.sequelize.query<{ id: string }>(
      "SELECT id FROM outbox WHERE type = 'catalog.activity.updated' ORDER BY seq DESC LIMIT 1",
      { type: QueryTypes.SELECT },
    );
    const processedCount = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            'SELECT count(*) n FROM processed_events WHERE event_id = :id',
            {
              replacements: { id: last!.id },
              type: QueryTypes.SELECT,
            },
          )
        )[0]!.n,
      );
    await until(async () => (await processedCount()) === 1);
    const snapshot = async () =>
      (
        await db.query('SELECT * FROM activities WHERE id = :id', {
          replacements: { id: ids.open },
          type: QueryTypes.SELECT,
        })
      )[0];
    const before = await snapshot();
    // Publish the same event again, as a relay would after a crash.
    await w.catalog.ctx.sequelize.query('UPDATE outbox SET published_at = NULL WHERE id = :id', {
      replacements: { id: last!.id },
    });
    await w.catalog.ctx.outbox.publishPending();
    await new Promise((r) => setTimeout(r, 500));
    expect(await snapshot()).toEqual(before);
    expect(await processedCount()).toBe(1);
  });

  it('makes the catalog refuse deleting an activity with sign-ups, asking right now over NATS', async () => {
    const res = await w.cat.del(`/api/activities/${ids.open}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Deze activiteit kan niet worden verwijderd: er zijn nog aanmeldingen gekoppeld aan deze activiteit.',
    );
    expect((await w.cat.del(`/api/activities/${ids.locked}`)).status).toBe(200);
  });

  it('feeds the catalog counts from registration events', async () => {
    const list = async () =>
      (
        (await w.cat.get('/api/admin/activities')).body as Array<{
          id: number;
          approvedCount: number;
          registrationsCount: number;
        }>
      ).find((a) => a.id === ids.tiny)!;
    const end = Date.now() + 5000;
    while ((await list()).approvedCount !== 1 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));
    expect(await list()).toMatchObject({ approvedCount: 1, registrationsCount: 1 });
  });
});
