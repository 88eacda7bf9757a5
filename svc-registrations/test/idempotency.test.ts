import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registrationSchema } from '@nsa/contracts';
import {
  QueryTypes,
  canonicalJson,
  openLink,
  requestFingerprint,
  withOrganisation,
} from '@nsa/service-kit';
import { IdempotencyRepository } from '../src/data-access/idempotency.js';
import { LINK_SEAL_SECRET, organisationAt, post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

/** R-IDEMPOTENCY: `Idempotency-Key` on the sign-up and on the parent's link actions. */
describe('Idempotency-Key (R-IDEMPOTENCY)', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let base: { schoolId: number; blockId: number; providerId: number };
  let weekday = 0;
  let keys = 0;
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school();
    base = {
      schoolId: school.id,
      blockId: (await w.block(40, 44)).id,
      providerId: (await w.provider()).id,
    };
  });
  afterAll(() => w?.stop());

  const sql = <T extends object>(query: string, replacements: Record<string, unknown> = {}) =>
    w.registrations.ctx.sequelize.query<T>(query, { replacements, type: QueryTypes.SELECT });
  const count = async (query: string, replacements: Record<string, unknown> = {}) =>
    Number((await sql<{ n: string }>(query, replacements))[0]!.n);
  const activity = async (capacity = 10) => {
    weekday += 1;
    return (
      await w.activity({
        ...base,
        title: `Sleutel ${weekday}`,
        capacity,
        weekday: weekday % 7,
        startTime: `${String(8 + (weekday % 14)).padStart(2, '0')}:00`,
      })
    ).id;
  };
  const newKey = () => `key-${Date.now()}-${(keys += 1)}`;
  const keyed = (body: unknown, key: string) =>
    post(w.reg, school.accessToken, body, { 'idempotency-key': key });
  /** Sign-ups of this child for this activity (other test files share the table and addresses). */
  const signups = (b: { activityId: number; childFirstName: string }) =>
    count(
      `SELECT count(*) AS n FROM registrations
       WHERE activity_id = :activityId AND child_first_name = :childFirstName`,
      { activityId: b.activityId, childFirstName: b.childFirstName },
    );
  const createdEvents = (id: number) =>
    count(
      `SELECT count(*) AS n FROM outbox WHERE type = 'registrations.registration.created'
        AND (data->>'registrationId')::int = :id`,
      { id },
    );

  it('answers the same keyed sign-up twice with the same 201 body: one sign-up, one confirmation', async () => {
    const body = signup(await activity());
    const key = newKey();
    const first = await keyed(body, key);
    const again = await keyed(body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await signups(body)).toBe(1);
    expect(await createdEvents(first.body.registration.id)).toBe(1);
    // Without a key, the same body is the duplicate it always was.
    const unkeyed = await post(w.reg, school.accessToken, body);
    expect(unkeyed.status).toBe(409);
    expect(unkeyed.body.code).toBe('CONFLICT');
  });

  it('answers a keyed sign-up that joined the waiting list twice with the same body, place in line included', async () => {
    const id = await activity(1);
    const holder = await post(w.reg, school.accessToken, signup(id));
    await w.reg.post(`/api/admin/registrations/${holder.body.registration.id}/approve`, {
      sendEmail: false,
    });
    const body = { ...signup(id), waitlist: true };
    const key = newKey();
    const first = await keyed(body, key);
    expect(first.status).toBe(201);
    expect(first.body.registration).toEqual({
      id: expect.any(Number),
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    // A second child joins the line: the repeat still answers the first answer's place.
    expect((await post(w.reg, school.accessToken, { ...signup(id), waitlist: true })).status).toBe(
      201,
    );
    const again = await keyed(body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await signups(body)).toBe(1);
  });

  it('gives one sign-up and 20 identical answers for 20 identical keyed sign-ups sent at once', async () => {
    const body = signup(await activity());
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => keyed(body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await signups(body)).toBe(1);
    expect(await createdEvents(answers[0]!.body.registration.id)).toBe(1);
  });

  it('refuses the same key with another body with 409 IDEMPOTENCY_KEY_REUSED and stores nothing', async () => {
    const id = await activity();
    const key = newKey();
    const first = signup(id);
    expect((await keyed(first, key)).status).toBe(201);
    const other = signup(id);
    const res = await keyed(other, key);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(res.body.success).toBe(false);
    expect(await signups(other)).toBe(0);
  });

  it("R-ORG-RLS: the same key on two organisations' hosts is two keys: each organisation's keyed sign-up is made and answered again as its own", async () => {
    const second = organisationAt(w, 2, 'tweede-sleutel.example');
    const theirs = signup(await second.activity((await second.block()).id, 5));
    const ours = signup(await activity());
    const key = newKey();
    const first = await keyed(ours, key);
    expect(first.status).toBe(201);
    // Organisation 2's parent happens to send the same key: its own sign-up, not a reuse of
    // organisation 1's key nor an error on a row it cannot see.
    const other = await second.post(theirs, key);
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(other.body.registration.id).not.toBe(first.body.registration.id);
    // Each repeat answers its own organisation's first answer.
    expect((await second.post(theirs, key)).body).toEqual(other.body);
    expect((await keyed(ours, key)).body).toEqual(first.body);
    expect(await signups(ours)).toBe(1);
    const theirRows = await withOrganisation(2, () =>
      count(
        `SELECT count(*) AS n FROM registrations
          WHERE activity_id = :activityId AND child_first_name = :childFirstName`,
        theirs,
      ),
    );
    expect(theirRows).toBe(1);
  });

  it('answers a keyed refusal (409 ACTIVITY_FULL) again as the same 409, even once a place is free', async () => {
    const id = await activity(1);
    const holder = await post(w.reg, school.accessToken, signup(id));
    await w.reg.post(`/api/admin/registrations/${holder.body.registration.id}/approve`, {
      sendEmail: false,
    });
    const body = signup(id);
    const key = newKey();
    const first = await keyed(body, key);
    expect(first.status).toBe(409);
    expect(first.body.code).toBe('ACTIVITY_FULL');
    // The place frees up; the repeat still answers what the first request was answered.
    const freed = await w.reg.post(
      `/api/admin/registrations/${holder.body.registration.id}/revert`,
    );
    expect(freed.status).toBe(200);
    expect((await post(w.reg, school.accessToken, signup(id))).status).toBe(201);
    const again = await keyed(body, key);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(first.body);
    expect(await signups(body)).toBe(0);
  });

  it('refuses a key of 256 characters, an empty one or one with a control character with 400 naming the header', async () => {
    const body = signup(await activity());
    for (const key of ['k'.repeat(256), 'ab\tcd', 'ab cd']) {
      const res = await keyed(body, key);
      expect(res.status, key).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.fields)).toEqual(['Idempotency-Key']);
    }
    expect(await signups(body)).toBe(0);
    expect((await keyed(body, 'k'.repeat(255))).status).toBe(201);
  });

  /** The parent's own link token of a sign-up, from its confirmation event. */
  const manageTokenOf = async (id: number) => {
    const [row] = await sql<{ data: { notification: { sealedLink: string } } }>(
      `SELECT data FROM outbox WHERE type = 'registrations.registration.created'
        AND (data->>'registrationId')::int = :id`,
      { id },
    );
    return openLink(row!.data.notification.sealedLink, LINK_SEAL_SECRET)!.split('#')[1]!;
  };
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  /** The rows stored under these keys of a scope. */
  const rowsOf = (scope: string, keys: string[]) =>
    count('SELECT count(*) AS n FROM idempotency_keys WHERE key_hash IN (:hashes)', {
      hashes: keys.map((k) => sha256(`${scope}\n${k}`)),
    });
  const allRows = () => count('SELECT count(*) AS n FROM idempotency_keys');

  it("answers a parent's keyed withdrawal twice with the same answer and one withdrawn event", async () => {
    const res = await post(w.reg, school.accessToken, signup(await activity()));
    const id = res.body.registration.id as number;
    const token = await manageTokenOf(id);
    const key = newKey();
    const withdraw = () =>
      w.reg.post('/api/my-signup/withdraw', undefined, {
        anonymous: true,
        headers: { 'x-manage-token': token, 'idempotency-key': key },
      });
    const first = await withdraw();
    const again = await withdraw();
    expect(first.status).toBe(200);
    expect(first.body.registration.status).toBe('withdrawn');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(
      await count(
        `SELECT count(*) AS n FROM outbox WHERE type = 'registrations.registration.withdrawn'
          AND (data->>'registrationId')::int = :id`,
        { id },
      ),
    ).toBe(1);
    // The same key for another action of the link is another request.
    const decline = await w.reg.post('/api/my-signup/decline', undefined, {
      anonymous: true,
      headers: { 'x-manage-token': token, 'idempotency-key': key },
    });
    expect(decline.status).toBe(409);
    expect(decline.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('R-IDEMPOTENCY-ADMIT: a keyed my-signup action with a wrong token is 403 and stores no row; the same key with the right token then works (no 409)', async () => {
    const res = await post(w.reg, school.accessToken, signup(await activity()));
    const id = res.body.registration.id as number;
    const token = await manageTokenOf(id);
    const before = await allRows();
    const act = (action: string, headers: Record<string, string>) =>
      w.reg.post(`/api/my-signup/${action}`, undefined, { anonymous: true, headers });
    const used: string[] = [];
    const wrongTokens = [randomBytes(32).toString('base64url'), 'not-a-token', undefined];
    for (const action of ['withdraw', 'accept', 'decline', 'erase']) {
      for (const wrong of wrongTokens) {
        const key = newKey();
        used.push(key);
        const refused = await act(action, {
          ...(wrong === undefined ? {} : { 'x-manage-token': wrong }),
          'idempotency-key': key,
        });
        expect(refused.status, `${action} ${wrong}`).toBe(403);
        expect(refused.body.code).toBe('FORBIDDEN');
      }
    }
    expect(await rowsOf('my-signup', used)).toBe(0);
    expect(await allRows()).toBe(before);
    // The key a wrong token was refused with is as new as ever for the link's holder.
    const key = used[0]!;
    const first = await act('withdraw', { 'x-manage-token': token, 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(first.body.registration.status).toBe('withdrawn');
    const again = await act('withdraw', { 'x-manage-token': token, 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await rowsOf('my-signup', [key])).toBe(1);
    // A wrong token with a key the holder used is judged by its token: 403, nothing learnt.
    const stranger = await act('withdraw', {
      'x-manage-token': randomBytes(32).toString('base64url'),
      'idempotency-key': key,
    });
    expect(stranger.status).toBe(403);
    expect(await allRows()).toBe(before + 1);
  });

  it('R-IDEMPOTENCY-ADMIT: a keyed sign-up with a wrong school link or for an unknown activity stores no row; the same key then signs up', async () => {
    const body = signup(await activity());
    const before = await allRows();
    const key = newKey();
    const wrongLink = await post(w.reg, 'f'.repeat(32), body, { 'idempotency-key': key });
    expect(wrongLink.status).toBe(403);
    const noLink = await post(w.reg, undefined, body, { 'idempotency-key': key });
    expect(noLink.status).toBe(403);
    const unknown = await keyed({ ...body, activityId: 987_654 }, key);
    expect(unknown.status).toBe(404);
    expect(await rowsOf('/api/registrations', [key])).toBe(0);
    expect(await allRows()).toBe(before);
    const accepted = await keyed(body, key);
    expect(accepted.status).toBe(201);
    expect(await rowsOf('/api/registrations', [key])).toBe(1);
  });

  it('R-IDEMPOTENCY-FINGERPRINT: keeps a keyed HMAC of the request, not a plain SHA-256 of the sign-up body or link', async () => {
    const body = signup(await activity());
    const key = newKey();
    const res = await keyed(body, key);
    expect(res.status).toBe(201);
    const request = `${canonicalJson(registrationSchema().parse(body))}\n${school.accessToken}`;
    const [row] = await sql<{ request_hash: string }>(
      'SELECT request_hash FROM idempotency_keys WHERE key_hash = :h',
      { h: sha256(`/api/registrations\n${key}`) },
    );
    expect(row!.request_hash).not.toBe(sha256(request));
    expect(row!.request_hash).not.toBe(sha256(JSON.stringify(body)));
    expect(row!.request_hash).toBe(requestFingerprint(LINK_SEAL_SECRET, request));
    // Without the service's secret the body cannot be confirmed from the row.
    expect(row!.request_hash).not.toBe(requestFingerprint('another-secret', request));
    // The parent's link action: not a plain hash of the link's token either.
    const token = await manageTokenOf(res.body.registration.id as number);
    const withdrawKey = newKey();
    const withdrawn = await w.reg.post('/api/my-signup/withdraw', undefined, {
      anonymous: true,
      headers: { 'x-manage-token': token, 'idempotency-key': withdrawKey },
    });
    expect(withdrawn.status).toBe(200);
    const [link] = await sql<{ request_hash: string }>(
      'SELECT request_hash FROM idempotency_keys WHERE key_hash = :h',
      { h: sha256(`my-signup\n${withdrawKey}`) },
    );
    expect(link!.request_hash).not.toBe(sha256(`withdraw\n${token}`));
    expect(link!.request_hash).toBe(requestFingerprint(LINK_SEAL_SECRET, `withdraw\n${token}`));
  });

  it('R-IDEMPOTENCY-FINGERPRINT: answers a repeat again whose row the previous release made with a plain SHA-256, so a retry across a rolling upgrade is no reuse', async () => {
    const body = signup(await activity());
    const key = newKey();
    const first = await keyed(body, key);
    expect(first.status).toBe(201);
    const request = `${canonicalJson(registrationSchema().parse(body))}\n${school.accessToken}`;
    await w.registrations.ctx.sequelize.query(
      'UPDATE idempotency_keys SET request_hash = :plain WHERE key_hash = :h',
      { replacements: { plain: sha256(request), h: sha256(`/api/registrations\n${key}`) } },
    );
    const again = await keyed(body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await keyed(signup(await activity()), key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps no key, no body and no personal data: hashes, a status and a non-personal answer', async () => {
    const body = signup(await activity());
    const key = newKey();
    await keyed(body, key);
    const rows = await sql<Record<string, unknown>>(
      'SELECT key_hash, request_hash, status, answer FROM idempotency_keys',
    );
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(key);
    expect(text).not.toContain(body.email);
    expect(text).not.toContain(body.childFirstName);
  });

  it('deletes rows older than 24 hours and no longer answers from them', async () => {
    const body = signup(await activity());
    const key = newKey();
    const first = await keyed(body, key);
    expect(first.status).toBe(201);
    await w.registrations.ctx.sequelize.query(
      "UPDATE idempotency_keys SET created_at = now() - interval '25 hours'",
    );
    // Past its 24 hours a key is new again: the repeat is the duplicate it is without a key.
    const late = await keyed(body, key);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('CONFLICT');
    await w.registrations.ctx.sequelize.query(
      "UPDATE idempotency_keys SET created_at = now() - interval '25 hours'",
    );
    const fresh = await keyed(signup(await activity()), newKey());
    expect(fresh.status).toBe(201);
    expect(await new IdempotencyRepository(w.registrations.ctx.sequelize).prune()).toBeGreaterThan(
      0,
    );
    expect(
      await count(
        "SELECT count(*) AS n FROM idempotency_keys WHERE created_at <= now() - interval '24 hours'",
      ),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM idempotency_keys')).toBe(1);
  });
});
