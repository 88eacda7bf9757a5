import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditEntry, AuditListQuery } from '@nsa/contracts';
import { QueryTypes, withOrganisation, type RunningService } from '@nsa/service-kit';
import { until } from '@nsa/service-kit/testing';
import type { IdentityConfig } from '../src/config.js';
import { AuditEntryRepository } from '../src/data-access/audit-entries.js';
import { PrivacyRepository } from '../src/data-access/privacy.js';
import { AuditLog } from '../src/domain/audit-log.js';
import { m0009AuditStore } from '../migrations/0009-audit-store.js';
import { IdentityPrivacy } from '../src/domain/privacy.js';
import { start } from '../src/start.js';
import { ADMIN, Client, identityEnv } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

/** No password, token, hash or email anywhere in an entry (R-AUDIT-NO-SECRETS). */
function expectNoSecrets(entry: unknown, secrets: string[]) {
  const text = JSON.stringify(entry);
  for (const s of secrets) expect(text.toLowerCase()).not.toContain(s.toLowerCase());
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toMatch(/[0-9a-f]{64}/);
  expect(text).not.toMatch(/password"?\s*:/i);
  expect(text).not.toMatch(/token"?\s*:/i);
  expect(text).not.toMatch(/@/);
}

describe('audit log in svc-identity (R-AUDIT-*)', () => {
  let svc: RunningService;
  let admin: Client;
  let adminId: string;
  beforeAll(async () => {
    svc = await start({ env: await identityEnv(infra, { LOGIN_RATE_LIMIT: '50' }) });
    admin = new Client(svc.url);
    const res = await admin.login();
    expect(res.status).toBe(200);
    adminId = String(res.body.user.id);
  });
  afterAll(() => svc?.stop());

  type Entry = AuditEntry & { actor: { id: string | null } };
  const find = async (query: string, pick: (e: Entry) => boolean = () => true) => {
    let found: Entry | undefined;
    await until(async () => {
      const res = await admin.call('GET', `/api/admin/audit?${query}`);
      found = res.status === 200 ? (res.body.data as Entry[]).find(pick) : undefined;
      return !!found;
    });
    return found!;
  };

  // R-AUDIT-LOGIN
  it('records a failed login with the account by id, a reason, and no email or password', async () => {
    const wrong = 'Wrong-Pass-4711';
    const c = new Client(svc.url, { 'x-forwarded-for': '10.9.9.1' });
    expect((await c.login(ADMIN.email, wrong)).status).toBe(401);
    const known = await find(
      `action=login.failed&targetId=${adminId}`,
      (e) => e.reason === 'wrong-password',
    );
    expect(known).toMatchObject({
      actor: { type: 'admin', id: null, name: null },
      action: 'login.failed',
      target: { type: 'user', id: adminId },
      changes: null,
    });
    expectNoSecrets(known, [wrong, ADMIN.email, ADMIN.password]);

    // R-LOGIN-TALLY: failed logins for unknown accounts are counted per hour; the hour's count
    // becomes one entry once it is over (here: the counts are moved an hour back).
    await svc.ctx.sequelize.query('DELETE FROM login_failure_tallies');
    const since = new Date().toISOString();
    const stranger = 'stranger@example.org';
    expect((await c.login(stranger, wrong)).status).toBe(401);
    expect((await c.login('other-stranger@example.org', wrong)).status).toBe(401);
    await svc.ctx.sequelize.query(
      "UPDATE login_failure_tallies SET hour = hour - interval '1 hour'",
    );
    expect((await c.login(stranger, wrong)).status).toBe(401);
    const unknown = await find(
      `action=login.failed&from=${encodeURIComponent(since)}`,
      (e) => e.reason === 'unknown-account',
    );
    expect(unknown).toMatchObject({
      actor: { type: 'admin', id: null, name: null },
      target: { type: 'user', id: null },
      changes: { attempts: { before: null, after: 2 } },
    });
    expectNoSecrets(unknown, [wrong, stranger]);
  });

  // R-AUDIT-LOGIN
  it('records a successful login as the user who logged in', async () => {
    const entry = await find(`action=login.succeeded&actorId=${adminId}`);
    expect(entry).toMatchObject({
      actor: { type: 'admin', id: adminId, name: ADMIN.name },
      target: { type: 'user', id: adminId },
    });
    expectNoSecrets(entry, [ADMIN.password, ADMIN.email]);
  });

  it('records an admin created, updated and deleted by the logged-in admin, names of personal fields only', async () => {
    const email = 'nieuw.beheer@school.nl';
    const created = await admin.call('POST', '/api/admin/users', {
      email,
      name: 'Nieuwe Beheerder',
      role: 'admin',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const entry = await find(`action=admin.created&targetType=user&targetId=${id}`);
    expect(entry).toMatchObject({
      actor: { type: 'admin', id: adminId, name: ADMIN.name },
      action: 'admin.created',
      target: { type: 'user', id },
      changes: {
        role: { before: null, after: 'admin' },
        name: { personal: true },
        email: { personal: true },
      },
    });
    expectNoSecrets(entry, [email, 'Nieuwe Beheerder']);

    const updated = await admin.call('PUT', `/api/admin/users/${id}`, {
      email,
      name: 'Nieuwe Aanbieder',
      role: 'provider',
    });
    expect(updated.status).toBe(200);
    const changed = await find(`action=admin.role-changed&targetId=${id}`);
    expect(changed.changes).toEqual({
      role: { before: 'admin', after: 'provider' },
      name: { personal: true },
    });

    expect((await admin.call('DELETE', `/api/admin/users/${id}`)).status).toBe(200);
    const deleted = await find(`action=admin.deleted&targetId=${id}`);
    expect(deleted.actor).toEqual({ type: 'admin', id: adminId, name: ADMIN.name });
  });

  it('lists newest first, filters by time and pages', async () => {
    const all = await admin.call('GET', '/api/admin/audit?limit=200');
    expect(all.status).toBe(200);
    const times = all.body.data.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.data.length).toBe(Math.min(all.body.pagination.total, 200));

    const page2 = await admin.call('GET', '/api/admin/audit?limit=2&page=2');
    expect(page2.body.data).toEqual(all.body.data.slice(2, 4));
    expect(page2.body.pagination).toMatchObject({ page: 2, limit: 2, hasPrev: true });

    const future = await admin.call('GET', '/api/admin/audit?from=2999-01-01');
    expect(future.body.data).toEqual([]);
    const pastDay = await admin.call('GET', '/api/admin/audit?to=2000-01-01');
    expect(pastDay.body.pagination.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const upToToday = await admin.call('GET', `/api/admin/audit?to=${today}&limit=200`);
    expect(upToToday.body.pagination.total).toBe(all.body.pagination.total);

    const bad = await admin.call('GET', '/api/admin/audit?from=yesterday&limit=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['from', 'limit']);
  });

  it('answers 401 without a session', async () => {
    expect((await new Client(svc.url).call('GET', '/api/admin/audit')).status).toBe(401);
  });

  it('has no API path that changes or removes an entry', async () => {
    const { body } = await admin.call('GET', '/api/admin/audit?limit=1');
    const id = body.data[0].id;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/admin/audit', `/api/admin/audit/${id}`]) {
        const res = await admin.call(method, path, method === 'DELETE' ? undefined : {});
        expect([404, 405], `${method} ${path}`).toContain(res.status);
      }
    }
    const again = await admin.call('GET', '/api/admin/audit?limit=1');
    expect(again.body.data[0]).toEqual(body.data[0]);
  });

  it("refuses the service role's UPDATE, DELETE, TRUNCATE and DDL of entries, whatever it sets first", async () => {
    const db = svc.ctx.sequelize;
    const table = 'identity_audit.audit_entries';
    const count = async () =>
      (
        (await db.query<{ n: string }>(
          `SELECT count(*) AS n, count(actor_id) AS actors FROM ${table}`,
          { type: QueryTypes.SELECT },
        )) as [{ n: string; actors: string }]
      )[0];
    const before = await count();
    expect(Number(before.n)).toBeGreaterThan(0);
    const [{ who }] = (await db.query<{ who: string }>('SELECT current_user AS who', {
      type: QueryTypes.SELECT,
    })) as [{ who: string }];
    expect(who).toBe('svc_identity');
    const refused = [
      `UPDATE ${table} SET action = 'x'`,
      `UPDATE ${table} SET reason = 'rewritten'`,
      `UPDATE ${table} SET actor_id = NULL, actor_name = NULL`,
      `UPDATE ${table} SET actor_name = 'Someone else'`,
      `DELETE FROM ${table}`,
      `TRUNCATE ${table}`,
      `ALTER TABLE ${table} DISABLE TRIGGER USER`,
      `GRANT UPDATE, DELETE ON ${table} TO CURRENT_USER; DELETE FROM ${table}`,
      `DROP TABLE ${table}`,
      'DROP SCHEMA identity_audit CASCADE',
      'SET ROLE svc_identity_audit',
    ];
    // R-AUDIT-APPEND-ONLY: no setting a session of the role can make opens the store; the old
    // guard trusted `nsa.audit_anonymise` and let this session anonymise any entry's actor.
    for (const statement of refused) {
      await expect(
        db.transaction(async (tx) => {
          await db.query("SELECT set_config('nsa.audit_anonymise', 'on', true)", {
            transaction: tx,
          });
          await db.query(statement, { transaction: tx });
        }),
        statement,
      ).rejects.toThrow(/permission denied|must be owner|append-only/);
    }
    expect(await count()).toEqual(before);
  });

  // R-AUDIT-CUTOFF
  it("anonymises no actor newer than the store's retention period, whatever cutoff the service role passes", async () => {
    const db = svc.ctx.sequelize;
    const repo = new AuditLog({ entries: new AuditEntryRepository(db) });
    const monthsAgo = (m: number) => {
      const d = new Date();
      d.setUTCMonth(d.getUTCMonth() - m);
      return d.toISOString();
    };
    const entry = (id: string, at: string) => ({
      id,
      at,
      actor: { type: 'admin' as const, id: '88', name: 'Recente Beheerder' },
      action: 'school.updated',
      target: { type: 'school', id: '8' },
      changes: null,
      reason: null,
    });
    const recent = entry('0b6f1f2e-4c3d-4a5b-8c7d-9e0f1a2b3c4d', monthsAgo(1));
    const older = entry('1c7a2b3d-5e4f-4b6a-9d8e-0f1a2b3c4d5e', monthsAgo(11));
    const past = entry('2d8b3c4e-6f5a-4c7b-8e9f-1a2b3c4d5e6f', monthsAgo(13));
    for (const e of [recent, older, past])
      await db.transaction((tx) => repo.store(tx, 'catalog', e));
    const [{ who }] = (await db.query<{ who: string }>('SELECT current_user AS who', {
      type: QueryTypes.SELECT,
    })) as [{ who: string }];
    expect(who).toBe('svc_identity');

    // Any cutoff later than now() minus the period (12 months here) is cut back to it.
    for (const cutoff of ["'infinity'", 'now()', "now() + interval '1 year'", 'NULL']) {
      await db.query(`SELECT identity_audit.audit_anonymise_actors((${cutoff})::timestamptz)`);
    }
    const actors = async () =>
      Object.fromEntries(
        (
          await db.query<{ id: string; actor_id: string | null }>(
            'SELECT id, actor_id FROM identity_audit.audit_entries WHERE id IN (:ids)',
            { replacements: { ids: [recent.id, older.id, past.id] }, type: QueryTypes.SELECT },
          )
        ).map((r) => [r.id, r.actor_id]),
      );
    expect(await actors()).toEqual({ [recent.id]: '88', [older.id]: '88', [past.id]: null });

    // The period is the store's: the service's role can neither read nor change it.
    for (const statement of [
      'SELECT months FROM identity_audit.audit_retention',
      'UPDATE identity_audit.audit_retention SET months = 1',
      'INSERT INTO identity_audit.audit_retention (only_row, months) VALUES (false, 1)',
      'DELETE FROM identity_audit.audit_retention',
    ]) {
      await expect(db.query(statement), statement).rejects.toThrow(/permission denied/);
    }
    await db.query(`SELECT identity_audit.audit_anonymise_actors('infinity')`);
    expect(await actors()).toEqual({ [recent.id]: '88', [older.id]: '88', [past.id]: null });
  });

  // R-AUDIT-RETENTION
  it('stores an entry once however often it is delivered, and the daily retention job anonymises actors past the period', async () => {
    const repo = new AuditLog({ entries: new AuditEntryRepository(svc.ctx.sequelize) });
    const entry = {
      id: '5d0c7a5e-8f2b-4c1a-9e3d-2b7f6a1c0d9e',
      at: '2020-01-02T03:04:05.000Z',
      actor: { type: 'admin' as const, id: '77', name: 'Oude Beheerder' },
      action: 'school.updated',
      target: { type: 'school', id: '3' },
      changes: { name: { personal: true as const } },
      reason: null,
    };
    await svc.ctx.sequelize.transaction((tx) => repo.store(tx, 'catalog', entry));
    await svc.ctx.sequelize.transaction((tx) =>
      repo.store(tx, 'catalog', { ...entry, action: 'school.deleted' }),
    );
    const stored = await admin.call('GET', `/api/admin/audit?actorId=77`);
    expect(stored.body.data).toEqual([entry]);

    // The daily retention job: entries older than RETENTION_MONTHS (12) lose their actor.
    const config = svc.ctx.config as typeof svc.ctx.config & IdentityConfig;
    const counts = await new IdentityPrivacy({
      db: svc.ctx.sequelize,
      outbox: svc.ctx.outbox,
      privacy: new PrivacyRepository(svc.ctx.sequelize),
      audit: repo,
      sessionSecret: config.SESSION_SECRET,
      retentionMonths: config.RETENTION_MONTHS,
    }).retention('test');
    expect(counts.auditActors).toBeGreaterThanOrEqual(1);
    const note = await find('action=retention.anonymised');
    expect(note).toMatchObject({ actor: { type: 'system', id: null, name: null } });
    const gone = await admin.call('GET', '/api/admin/audit?targetType=school&targetId=3');
    expect(gone.body.data).toEqual([{ ...entry, actor: { type: 'admin', id: null, name: null } }]);
    // Newer entries keep their actor.
    const mine = await admin.call('GET', `/api/admin/audit?actorId=${adminId}&limit=1`);
    expect(mine.body.data).toHaveLength(1);
  });

  // R-ORG-RLS: the store holds every organisation's entries; each reads its own alone.
  it("shows an organisation the entries of its own work alone, none of another's", async () => {
    const entries = new AuditEntryRepository(svc.ctx.sequelize);
    const entry = {
      id: '0b7e2f1c-3d4a-4e5b-8c6d-7e8f9a0b1c2d',
      at: '2026-11-02T03:04:05.000Z',
      actor: { type: 'admin' as const, id: '8801', name: 'Andere Beheerder' },
      action: 'school.created',
      target: { type: 'school', id: '91' },
      changes: null,
      reason: null,
    };
    await withOrganisation(2, () =>
      svc.ctx.sequelize.transaction((tx) => entries.insert(tx, 'catalog', entry)),
    );
    const query = { actorId: '8801', page: 1, limit: 50 } as AuditListQuery;
    expect((await withOrganisation(2, () => entries.list(query))).data).toEqual([entry]);
    expect((await withOrganisation(3, () => entries.list(query))).data).toEqual([]);
    // This test's host is organisation 1's.
    expect((await admin.call('GET', '/api/admin/audit?actorId=8801')).body.data).toEqual([]);
    const [stored] = await svc.ctx.sequelize.query<{ organisation_id: number }>(
      'SELECT organisation_id FROM identity_audit.audit_entries WHERE id = :id',
      { replacements: { id: entry.id }, type: QueryTypes.SELECT },
    );
    expect(stored).toEqual({ organisation_id: 2 });
  });

  // R-AUDIT-APPEND-ONLY: the infrastructure's store is the one audit table.
  it("keeps no audit table of the service's own, and moves a table made before the store into it", async () => {
    const db = svc.ctx.sequelize;
    const own = async () =>
      (
        (await db.query<{ t: string | null }>(
          "SELECT to_regclass(format('%I.audit_entries', current_schema()))::text AS t",
          { type: QueryTypes.SELECT },
        )) as [{ t: string | null }]
      )[0].t;
    // A new database ran every migration: none made a table of the service's own.
    expect(await own()).toBeNull();

    // A database of before the store: its entries in a table of the service's own schema, with
    // the functions that guarded it, all owned by the service's role (which runs migrations).
    const id = '3e9c4d5f-7a6b-4d8c-9f0a-2b3c4d5e6f70';
    await db.query(`CREATE TABLE audit_entries (
      id uuid PRIMARY KEY, at timestamptz NOT NULL, service text NOT NULL,
      actor_type text NOT NULL, actor_id text, actor_name text, action text NOT NULL,
      target_type text NOT NULL, target_id text, changes jsonb, reason text,
      recorded_at timestamptz NOT NULL DEFAULT now(), actor_anonymised_at timestamptz)`);
    await db.query(`CREATE FUNCTION audit_entries_guard() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN RETURN NEW; END $$`);
    await db.query(`CREATE FUNCTION audit_anonymise_actors(cutoff timestamptz) RETURNS integer
      LANGUAGE sql AS 'SELECT 0'`);
    await db.query(
      `INSERT INTO audit_entries (id, at, service, actor_type, actor_id, actor_name, action,
         target_type, target_id, changes, reason)
       VALUES (:id, now(), 'catalog', 'admin', '91', 'Vroegere Beheerder', 'school.created',
         'school', '91', '{"name": {"personal": true}}', NULL)`,
      { replacements: { id } },
    );
    await db.transaction((tx) =>
      m0009AuditStore.up({
        sequelize: db,
        sql: async (statement) => {
          await db.query(statement, { transaction: tx });
        },
        select: (statement, replacements) =>
          db.query(statement, { replacements, type: QueryTypes.SELECT, transaction: tx }),
      }),
    );
    expect(await own()).toBeNull();
    const functions = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_proc
        WHERE pronamespace = current_schema()::regnamespace
          AND proname IN ('audit_entries_guard', 'audit_anonymise_actors')`,
      { type: QueryTypes.SELECT },
    );
    expect(Number(functions[0]!.n)).toBe(0);
    const moved = await admin.call('GET', '/api/admin/audit?actorId=91');
    expect(moved.body.data).toMatchObject([
      {
        id,
        actor: { type: 'admin', id: '91', name: 'Vroegere Beheerder' },
        action: 'school.created',
        target: { type: 'school', id: '91' },
        changes: { name: { personal: true } },
      },
    ]);
  });
});
