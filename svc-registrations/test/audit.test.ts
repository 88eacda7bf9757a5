import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUDIT_EVENT_TYPES, NATS_HEADERS, auditEntrySchema, type AuditEntry } from '@nsa/contracts';
import { QueryTypes, openLink } from '@nsa/service-kit';
import { recordStatements, testSessionCookie, until } from '@nsa/service-kit/testing';
import { LINK_SEAL_SECRET, post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const ADMIN = { uid: 52, role: 'admin' as const, name: 'Bram Beheer', email: 'bram@school.nl' };

describe('registrations records reviews, erasures and provider link uses (R-AUDIT-*)', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let activityId: number;
  let base: { schoolId: number; blockId: number; providerId: number };
  let as: { headers: Record<string, string> };
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school('Audit school');
    base = {
      schoolId: school.id,
      blockId: (await w.block(30, 34)).id,
      providerId: (await w.provider()).id,
    };
    activityId = (await w.activity({ ...base, title: 'Audit', capacity: 3 })).id;
    as = { headers: { cookie: await testSessionCookie(ADMIN) } };
  });
  afterAll(() => w?.stop());

  const actor = { type: 'admin', id: String(ADMIN.uid), name: ADMIN.name };
  const entries = async (targetType: string, id: number): Promise<AuditEntry[]> => {
    const rows = await w.registrations.ctx.sequelize.query<{ data: unknown }>(
      'SELECT data FROM outbox WHERE type = :type ORDER BY seq',
      { replacements: { type: AUDIT_EVENT_TYPES.registrations }, type: QueryTypes.SELECT },
    );
    return rows
      .map((r) => auditEntrySchema.parse(r.data))
      .filter((e) => e.target.type === targetType && e.target.id === String(id));
  };
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await post(w.reg, school.accessToken, signup(activityId, overrides));
    expect(res.status).toBe(201);
    return res.body.registration.id as number;
  };

  it('records approve, revert and reject by the admin with the status before and after, and no personal data', async () => {
    const id = await create({ parentName: 'Geheime Ouder', email: 'geheim@example.nl' });
    const path = `/api/admin/registrations/${id}`;
    expect((await w.reg.post(`${path}/approve`, { sendEmail: false }, as)).status).toBe(200);
    expect((await w.reg.post(`${path}/revert`, undefined, as)).status).toBe(200);
    const reason = 'Kind van Geheime Ouder is te jong';
    expect((await w.reg.post(`${path}/reject`, { reason, sendEmail: false }, as)).status).toBe(200);
    const got = await entries('registration', id);
    expect(got.map((e) => [e.action, e.changes])).toEqual([
      ['registration.approved', { status: { before: 'new', after: 'approved' } }],
      ['registration.reverted', { status: { before: 'approved', after: 'new' } }],
      ['registration.rejected', { status: { before: 'new', after: 'rejected' } }],
    ]);
    for (const e of got) expect(e.actor).toEqual(actor);
    const text = JSON.stringify(got);
    for (const secret of ['Geheime', 'geheim@example.nl', reason, ADMIN.email])
      expect(text).not.toContain(secret);
  });

  it('records each sign-up of a bulk action by the admin', async () => {
    const ids = [await create(), await create()];
    const bulk = await w.reg.post(
      '/api/admin/registrations/bulk',
      { action: 'approve', ids, sendEmail: false },
      as,
    );
    expect(bulk.status).toBe(200);
    for (const id of ids) {
      expect(await entries('registration', id)).toMatchObject([
        { actor, action: 'registration.approved', reason: null },
      ]);
    }
  });

  it('records every decision of approvals fired at once, with its event, in one statement per batch, each with its own request id', async () => {
    const full = (await w.activity({ ...base, title: 'Audit burst', capacity: 2, weekday: 4 })).id;
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await post(w.reg, school.accessToken, signup(full));
      expect(res.status).toBe(201);
      ids.push(res.body.registration.id as number);
    }
    // Records what is sent on the service's own pool connections.
    const recorder = recordStatements(w.registrations.ctx.sequelize);
    let answers;
    try {
      answers = await Promise.all(
        ids.map((id) =>
          w.reg.post(
            `/api/admin/registrations/${id}/approve`,
            { sendEmail: false },
            { headers: { ...as.headers, 'x-request-id': `burst-approve-${id}` } },
          ),
        ),
      );
    } finally {
      recorder.stop();
    }
    const sent = recorder.texts();
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    // Each batch locks its activities once and writes its events and entries once.
    const batches = sent.filter((t) =>
      /FROM activities\s+WHERE id IN \(SELECT activity_id/.test(t),
    );
    const writes = sent.filter((t) => /^INSERT INTO outbox/.test(t.trim()));
    expect(batches.length).toBeGreaterThan(0);
    expect(writes).toHaveLength(batches.length);
    const decided = { approved: 0, rejected: 0 };
    for (const id of ids) {
      const got = await entries('registration', id);
      expect(got).toHaveLength(1);
      const status = got[0]!.changes!.status as { before: string; after: 'approved' | 'rejected' };
      expect(status.before).toBe('new');
      decided[status.after] += 1;
      expect(got[0]).toMatchObject({
        actor,
        action: `registration.${status.after}`,
        reason: status.after === 'rejected' ? 'activity-full' : null,
      });
      // Its event, from the same transaction: both rows carry the same writing transaction id,
      // and the id of the request that asked for this approval, whichever batch it went in.
      const rows = await w.registrations.ctx.sequelize.query<{
        type: string;
        tx: string;
        rid: string | null;
      }>(
        `SELECT type, xmin::text AS tx, headers->>:header AS rid FROM outbox
         WHERE (type = :audit AND data->'target'->>'id' = :id)
            OR (type LIKE 'registrations.registration.%' AND type <> :audit
                AND data->>'registrationId' = :id AND data->>'status' = :status)`,
        {
          replacements: {
            audit: AUDIT_EVENT_TYPES.registrations,
            id: String(id),
            status: status.after,
            header: NATS_HEADERS.requestId,
          },
          type: QueryTypes.SELECT,
        },
      );
      expect(rows).toHaveLength(2);
      expect(rows[0]!.tx).toBe(rows[1]!.tx);
      expect(rows.map((r) => r.rid)).toEqual([`burst-approve-${id}`, `burst-approve-${id}`]);
    }
    expect(decided).toEqual({ approved: 2, rejected: 6 });
  });

  it('records a parent erasing their own sign-up without naming them', async () => {
    const id = await create();
    const [row] = await w.registrations.ctx.sequelize.query<{
      data: { notification: { sealedLink: string } };
    }>(
      `SELECT data FROM outbox WHERE type = 'registrations.registration.created'
       AND (data->>'registrationId')::int = :id`,
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    const token = openLink(row!.data.notification.sealedLink, LINK_SEAL_SECRET)!.split('#')[1]!;
    const erased = await w.reg.post('/api/my-signup/erase', undefined, {
      anonymous: true,
      headers: { 'x-manage-token': token },
    });
    expect(erased.status).toBe(200);
    expect(await entries('registration', id)).toMatchObject([
      {
        actor: { type: 'parent', id: null, name: null },
        action: 'registration.erased',
        changes: null,
      },
    ]);
  });

  it("records a parent's erasure as the parent's with a staff session open on the device, and its events with the request id", async () => {
    const signedUp = await post(w.reg, school.accessToken, signup(activityId), {
      'x-request-id': 'parent-signup-0001',
    });
    expect(signedUp.status).toBe(201);
    const id = signedUp.body.registration.id as number;
    const ofRequest = (rid: string) =>
      w.registrations.ctx.sequelize.query<{ type: string; data: { registrationId?: number } }>(
        'SELECT type, data FROM outbox WHERE headers->>:header = :rid ORDER BY seq',
        { replacements: { header: NATS_HEADERS.requestId, rid }, type: QueryTypes.SELECT },
      );
    const [created] = await ofRequest('parent-signup-0001');
    expect(created).toMatchObject({
      type: 'registrations.registration.created',
      data: { registrationId: id },
    });
    const token = openLink(
      (created!.data as { notification: { sealedLink: string } }).notification.sealedLink,
      LINK_SEAL_SECRET,
    )!.split('#')[1]!;
    const erased = await w.reg.post('/api/my-signup/erase', undefined, {
      headers: { ...as.headers, 'x-manage-token': token, 'x-request-id': 'parent-erase-0001' },
    });
    expect(erased.status).toBe(200);
    expect(await entries('registration', id)).toMatchObject([
      { actor: { type: 'parent', id: null, name: null }, action: 'registration.erased' },
    ]);
    expect((await ofRequest('parent-erase-0001')).map((r) => r.type)).toEqual([
      'registrations.registration.withdrawn',
      'registrations.registration.erased',
      AUDIT_EVENT_TYPES.registrations,
    ]);
  });

  it('records an admin erasing an email as that admin, per sign-up, without the email', async () => {
    const email = 'wis-mij@example.nl';
    const id = await create({ email });
    const exported = await w.reg.get(
      `/api/admin/privacy/export?email=${encodeURIComponent(email)}`,
      as,
    );
    // (svc-notify and svc-identity do not run here: the export says so with 503.)
    expect([200, 503]).toContain(exported.status);
    const res = await w.reg.post('/api/admin/privacy/erase', { email }, as);
    expect(res.status).toBe(200);
    const got = await entries('registration', id);
    expect(got).toMatchObject([{ actor, action: 'registration.erased' }]);
    expect(JSON.stringify(got)).not.toContain(email);
  });

  // R-AUDIT-LINK-USE
  it('records each admitted use of a provider link as the provider, none for a refused one, never the token', async () => {
    const res = await w.cat.post(`/api/admin/activities/${activityId}/provider-token/generate`);
    const token = new URL(res.body.url).searchParams.get('token')!;
    const look = (t: string) =>
      w.reg.get(`/api/provider/${activityId}/participants?token=${encodeURIComponent(t)}`, {
        anonymous: true,
      });
    await until(async () => (await look(token)).status === 200);
    const before = (await entries('activity', activityId)).length;
    expect((await look(token)).status).toBe(200);
    expect((await look(token)).status).toBe(200);
    expect((await look('x'.repeat(43))).status).toBe(403);
    const uses = (await entries('activity', activityId)).slice(before);
    expect(uses).toHaveLength(2);
    for (const u of uses) {
      expect(u).toMatchObject({
        actor: { type: 'provider', id: String(activityId), name: null },
        action: 'provider-link.used',
        target: { type: 'activity', id: String(activityId) },
      });
    }
    expect(JSON.stringify(uses)).not.toContain(token);
  });
});
