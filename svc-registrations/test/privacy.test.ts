import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  EVENT_TYPES,
  PRIVACY_RPC_SUBJECTS,
  STREAMS,
  type RegistrationsErasedEvent,
} from '@nsa/contracts';
import {
  ErasureLedger,
  QueryTypes,
  connectNats,
  createLogger,
  openLink,
  openService,
  privacySubjectHash,
  servePrivacy,
  type NatsConnection,
  type RunningService,
  type ServiceContext,
} from '@nsa/service-kit';
import { serviceTestEnv, testClient, until } from '@nsa/service-kit/testing';
import { start as startNotify } from 'svc-notify/dist/src/start.js';
import { migrations as identityMigrations } from 'svc-identity/dist/migrations/index.js';
import { identityConfigSchema } from 'svc-identity/dist/src/config.js';
import { IdentityPrivacy } from 'svc-identity/dist/src/domain/privacy.js';
import { PrivacyRepository as IdentityPrivacyRepository } from 'svc-identity/dist/src/data-access/privacy.js';
import { emailKey } from 'svc-identity/dist/src/domain/tokens.js';
import { PrivacyRepository } from '../src/data-access/privacy.js';
import { Privacy, retentionCutoff } from '../src/domain/privacy.js';
import { privacyPeers } from '../src/entry-points/messaging/privacy-peers.js';
import { streamPurge } from '../src/entry-points/messaging/stream-purge.js';
import { LINK_SEAL_SECRET, post, replica, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const THIS_YEAR = new Date().getFullYear();

/**
 * R-RETENTION-*, R-PRIVACY-*: the privacy lifecycle over the services that hold personal data:
 * svc-catalog and svc-registrations (the world), svc-notify, and svc-identity's privacy part on
 * its own database (its tables and its answer to export, erasure and retention; its session
 * answers are left to the test's stand-in).
 */
describe('privacy lifecycle across the services', () => {
  let w: World;
  let notify: RunningService;
  let identity: { ctx: ServiceContext; stop(): Promise<void> };
  /** The test's own NATS connection, for looking into the streams. */
  let testNc: NatsConnection;
  let school: { id: number; accessToken: string };
  let oldActivity: number;
  let currentActivity: number;
  const dbs = () => [
    w.catalog.ctx.sequelize,
    w.registrations.ctx.sequelize,
    notify.ctx.sequelize,
    identity.ctx.sequelize,
  ];

  const signUp = async (activityId: number, overrides: Record<string, unknown> = {}) => {
    const res = await post(w.reg, school.accessToken, signup(activityId, overrides));
    expect(res.status).toBe(201);
    return res.body.registration.id as number;
  };
  const approve = async (id: number) =>
    expect((await w.reg.post(`/api/admin/registrations/${id}/approve`, {})).status).toBe(200);
  const row = async (id: number) =>
    (
      await w.registrations.ctx.sequelize.query<Record<string, unknown>>(
        `SELECT child_first_name AS "first", child_last_name AS "last", child_date_of_birth AS dob,
           parent_name AS parent, email, phone, rejection_reason AS reason, status, created_at,
           approved_at, erased_at FROM registrations WHERE id = :id`,
        { replacements: { id }, type: QueryTypes.SELECT },
      )
    )[0]!;
  const deliveriesOf = async (ids: number[]) =>
    (
      await notify.ctx.sequelize.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM deliveries WHERE registration_id IN (:ids)',
        { replacements: { ids }, type: QueryTypes.SELECT },
      )
    )[0]!.n;
  const erasedEvents = async () =>
    (
      await w.registrations.ctx.sequelize.query<{ data: RegistrationsErasedEvent }>(
        'SELECT data FROM outbox WHERE type = :type ORDER BY seq',
        { replacements: { type: EVENT_TYPES.registrationsErased }, type: QueryTypes.SELECT },
      )
    ).map((r) => r.data);

  /** Every row of every table of every schema of each service's database holding `needle`. */
  const grepDatabases = async (needle: string) => {
    const hits: string[] = [];
    for (const db of dbs()) {
      const tables = await db.query<{ s: string; t: string }>(
        `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
         WHERE table_type = 'BASE TABLE'
           AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
        { type: QueryTypes.SELECT },
      );
      for (const { s, t } of tables) {
        const [found] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${s}"."${t}" x
           WHERE strpos(lower(x::text), lower(:needle)) > 0`,
          { replacements: { needle }, type: QueryTypes.SELECT },
        );
        if (found!.n > 0) hits.push(`${s}.${t}: ${found!.n}`);
      }
    }
    return hits;
  };
  /** Every message of every stream holding `needle`. */
  const grepStreams = async (needle: string) => {
    const jsm = await jetstreamManager(testNc);
    const hits: string[] = [];
    for (const { name } of Object.values(STREAMS)) {
      const { state } = await jsm.streams.info(name);
      for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
        const m = await jsm.streams.getMessage(name, { seq }).catch(() => null);
        if (m && new TextDecoder().decode(m.data).toLowerCase().includes(needle.toLowerCase()))
          hits.push(`${name}#${seq} ${m.subject}`);
      }
    }
    return hits;
  };

  /** Each message of the REGISTRATIONS stream: its text by sequence. */
  const registrationsStream = async () => {
    const jsm = await jetstreamManager(testNc);
    const name = STREAMS.REGISTRATIONS.name;
    const { state } = await jsm.streams.info(name);
    const out = new Map<number, string>();
    for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
      const m = await jsm.streams.getMessage(name, { seq }).catch(() => null);
      if (m) out.set(seq, new TextDecoder().decode(m.data));
    }
    return out;
  };
  /** Every durable consumer of the REGISTRATIONS stream has handled every message. */
  const streamHandled = async () => {
    const jsm = await jetstreamManager(testNc);
    const consumers = await jsm.consumers.list(STREAMS.REGISTRATIONS.name).next();
    return consumers.every((c) => c.num_pending === 0 && c.num_ack_pending === 0);
  };
  /** The outbox: each row's data as text, by id, and whether it is published. */
  const outboxRows = async () =>
    new Map(
      (
        await w.registrations.ctx.sequelize.query<{ id: string; data: string; published: boolean }>(
          `SELECT id, data::text AS data, published_at IS NOT NULL AS published FROM outbox`,
          { type: QueryTypes.SELECT },
        )
      ).map((r) => [r.id, r]),
    );
  /** The newest audit entry of an action, as the outbox holds it. */
  const lastAudit = async (action: string) =>
    (
      await w.registrations.ctx.sequelize.query<{ data: Record<string, unknown> }>(
        `SELECT data FROM outbox WHERE type = 'registrations.audit.recorded'
         AND data->>'action' = :action ORDER BY seq DESC LIMIT 1`,
        { replacements: { action }, type: QueryTypes.SELECT },
      )
    )[0]?.data;
  /** The parent's own link's token, from the sign-up's confirmation event. */
  const manageToken = async (id: number) => {
    const [created] = await w.registrations.ctx.sequelize.query<{
      data: { notification: { sealedLink: string } };
    }>(
      `SELECT data FROM outbox WHERE type = 'registrations.registration.created'
       AND (data->>'registrationId')::int = :id`,
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return openLink(created!.data.notification.sealedLink, LINK_SEAL_SECRET)!.split('#')[1]!;
  };

  beforeAll(async () => {
    testNc = await connectNats(infra.natsUrl, 'privacy-test', createLogger('test', 'silent'));
    w = await startWorld(infra);
    notify = await startNotify({
      env: await serviceTestEnv(infra, 'notify', {
        LINK_SEAL_SECRET,
        // No SMTP server: every email stays pending with its content, as one not yet sent.
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_RETRY_BASE_MS: '60000',
      }),
    });
    const opened = await openService(
      {
        name: 'identity',
        version: '0.0.0',
        configSchema: identityConfigSchema,
        migrations: identityMigrations,
      },
      {
        env: await serviceTestEnv(infra, 'identity', {
          LINK_SEAL_SECRET,
          IDENTITY_SECRET: 'identity-secret-for-registrations-tests-0123456789',
        }),
      },
    );
    const part = new IdentityPrivacy({
      db: opened.ctx.sequelize,
      outbox: opened.ctx.outbox,
      privacy: new IdentityPrivacyRepository(opened.ctx.sequelize),
      sessionSecret: opened.ctx.config.SESSION_SECRET,
      retentionMonths: opened.ctx.config.RETENTION_MONTHS,
    });
    const responder = servePrivacy(
      opened.ctx.nc,
      PRIVACY_RPC_SUBJECTS.identity,
      'identity',
      part,
      opened.ctx.logger,
    );
    identity = {
      ctx: opened.ctx,
      async stop() {
        responder.stop();
        await opened.ctx.nc.drain();
        await opened.ctx.sequelize.close();
      },
    };
    school = await w.school('Privacyschool');
    const provider = (await w.provider()).id;
    const block = async (name: string, year: number) =>
      (await w.cat.post('/api/blocks', { name, weekStart: 10, weekEnd: 12, year })).body
        .id as number;
    const base = { schoolId: school.id, providerId: provider, weekday: 2, capacity: 20 };
    oldActivity = (await w.activity({ ...base, title: 'Oud', blockId: await block('Oud', 2023) }))
      .id;
    currentActivity = (
      await w.activity({
        ...base,
        title: 'Nu',
        startTime: '16:30',
        blockId: await block('Nu', THIS_YEAR),
      })
    ).id;
    // The projection knows both blocks' years.
    await until(async () => {
      const rows = await w.registrations.ctx.sequelize.query<{ y: number }>(
        'SELECT block_year AS y FROM activities WHERE id IN (:ids) ORDER BY id',
        { replacements: { ids: [oldActivity, currentActivity] }, type: QueryTypes.SELECT },
      );
      return rows.map((r) => r.y).join() === `2023,${THIS_YEAR}`;
    });
    // The service's own run on start (R-RETENTION-JOB) asks notify and identity, which start
    // after it; a run a test asks for meanwhile is refused (409), so the tests begin once it
    // has ended.
    await until(async () => {
      const [runs] = await w.registrations.ctx.sequelize.query<{
        started: number;
        running: number;
      }>(
        `SELECT count(*) FILTER (WHERE trigger = 'start')::int AS started,
           count(*) FILTER (WHERE status = 'running')::int AS running FROM retention_runs`,
        { type: QueryTypes.SELECT },
      );
      return runs!.started > 0 && runs!.running === 0;
    }, 30_000);
  }, 120_000);

  afterAll(async () => {
    await testNc?.drain();
    await notify?.stop();
    await identity?.stop();
    await w?.stop();
  });

  // R-RETENTION-PERIOD
  it('counts the retention period from the block end, months back, the same day or the month end', () => {
    expect(retentionCutoff(new Date('2026-11-25T10:00:00Z'), 12)).toBe('2025-11-25');
    expect(retentionCutoff(new Date('2026-03-31T10:00:00Z'), 1)).toBe('2026-02-28');
  });

  // R-RETENTION-PERIOD, R-RETENTION-RUN; R-RETENTION-NOTIFY: an erased sign-up's deliveries go.
  it("anonymises an old block's sign-ups in registrations and their deliveries in notify; this year's stay", async () => {
    const old = [await signUp(oldActivity), await signUp(oldActivity)];
    const current = await signUp(currentActivity);
    for (const id of [...old, current]) await approve(id);
    // notify holds each confirmation and approval email content (not sent: no SMTP server).
    await until(async () => (await deliveriesOf([...old, current])) >= 6);
    const before = new Map<number, Record<string, unknown>>();
    for (const id of old) before.set(id, await row(id));
    const currentBefore = await row(current);
    const currentDeliveries = await deliveriesOf([current]);

    const res = await w.reg.post('/api/admin/privacy/retention/run', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ trigger: 'manual', status: 'done', unavailable: [] });
    expect(res.body.counts.registrations.signups).toBe(2);
    expect(res.body.counts).toHaveProperty('notify');
    expect(res.body.counts.identity).toEqual({
      loginFailures: 0,
      resetRequests: 0,
      passwordLinks: 0,
    });

    for (const id of old) {
      const after = await row(id);
      expect(after).toMatchObject({
        first: '',
        last: '',
        dob: null,
        parent: '',
        email: '',
        phone: '',
        reason: null,
        status: 'approved',
      });
      expect(after.created_at).toEqual(before.get(id)!.created_at);
      expect(after.approved_at).toEqual(before.get(id)!.approved_at);
      expect(after.erased_at).not.toBeNull();
    }
    expect(await row(current)).toEqual(currentBefore);
    // One event for the batch; notify forgets its deliveries, the current one stays.
    expect((await erasedEvents()).at(-1)).toEqual({ registrationIds: old, reason: 'retention' });
    await until(async () => (await deliveriesOf(old)) === 0);
    expect(await deliveriesOf([current])).toBe(currentDeliveries);
    expect(currentDeliveries).toBeGreaterThan(0);
    // Counts stay: the activity still has its two approved sign-ups.
    const activities = (await w.cat.get('/api/activities')).body as {
      id: number;
      approvedCount: number;
    }[];
    expect(activities.find((a) => a.id === oldActivity)?.approvedCount).toBe(2);

    // A second run finds nothing more to do.
    const again = await w.reg.post('/api/admin/privacy/retention/run', {});
    expect(again.body.counts.registrations.signups).toBe(0);

    const status = await w.reg.get('/api/admin/privacy/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      retentionMonths: 12,
      accessLogDays: 90,
      streamMaxAgeDays: 7,
    });
    expect(status.body.lastReport.id).toBe(again.body.id);
    expect(Date.parse(status.body.nextRunAt)).toBeGreaterThan(Date.now());
  });

  it('survives a crash halfway: the rerun does the rest, each sign-up in exactly one event', async () => {
    const ids = [await signUp(oldActivity), await signUp(oldActivity), await signUp(oldActivity)];
    const eventsBefore = (await erasedEvents()).length;
    let crash = true;
    const { sequelize: db, outbox, logger, nc, config } = w.registrations.ctx;
    const job = new Privacy({
      db,
      outbox,
      logger,
      records: new PrivacyRepository(db),
      mySignups: replica(w.registrations).mySignups,
      stream: streamPurge(nc, logger),
      peers: privacyPeers(nc),
      ledger: new ErasureLedger(config.ERASURE_LEDGER),
      subjectSecret: config.SESSION_SECRET,
      retentionMonths: 12,
      organisation: w.registrations.ctx.publicAddress,
      batchSize: 1,
      askTimeoutMs: 5000,
      afterBatch: async (batch) => {
        if (crash && batch === 1) throw new Error('crash halfway');
      },
    });
    await expect(job.runNow()).rejects.toThrow('crash halfway');
    const failed = (await w.reg.get('/api/admin/privacy/status')).body.lastReport;
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.counts.registrations.signups).toBe(1);
    expect((await row(ids[0]!)).email).toBe('');
    expect((await row(ids[1]!)).email).not.toBe('');

    crash = false;
    const rerun = await job.runNow();
    expect(rerun.status).toBe('done');
    expect(rerun.counts.registrations!.signups).toBe(2);
    const events = (await erasedEvents()).slice(eventsBefore);
    expect(events.map((e) => e.registrationIds)).toEqual([[ids[0]], [ids[1]], [ids[2]]]);
    for (const id of ids)
      expect(await row(id)).toMatchObject({ first: '', email: '', status: 'new' });
    // Nothing twice: a third run changes nothing and publishes nothing.
    expect((await job.runNow()).counts.registrations!.signups).toBe(0);
    expect((await erasedEvents()).length).toBe(eventsBefore + 3);
  });

  it('deletes provider access records, login failures, spent password links and finished deliveries after 90 days; younger ones stay (R-RETENTION-ACCESS-LOG, R-RETENTION-NOTIFY)', async () => {
    const reg = w.registrations.ctx.sequelize;
    const ids = identity.ctx.sequelize;
    const ago = (days: number) => `now() - interval '${days} days'`;
    await reg.query(
      `INSERT INTO provider_access (activity_id, client_ip, granted, at)
       VALUES (:a, '10.90.0.91', true, ${ago(91)}), (:a, '10.90.0.89', true, ${ago(89)})`,
      { replacements: { a: currentActivity } },
    );
    await ids.query(
      `INSERT INTO login_failures (email_hash, client_ip, at)
       VALUES (repeat('9', 64), '10.90.0.91', ${ago(91)}), (repeat('9', 64), '10.90.0.89', ${ago(89)})`,
    );
    const [user] = await ids.query<{ id: number }>(
      "INSERT INTO users (email, name) VALUES ('bewaartermijn@example.nl', 'Bewaar') RETURNING id",
      { type: QueryTypes.SELECT },
    );
    // Used long ago, expired long ago (both spent and old); used lately (young).
    await ids.query(
      `INSERT INTO password_tokens (user_id, email, token_hash, purpose, expires_at, used, created_at)
       VALUES (:u, 'bewaartermijn@example.nl', repeat('1', 64), 'reset', ${ago(91)}, true, ${ago(92)}),
              (:u, 'bewaartermijn@example.nl', repeat('2', 64), 'setup', ${ago(91)}, false, ${ago(98)}),
              (:u, 'bewaartermijn@example.nl', repeat('3', 64), 'reset', ${ago(80)}, true, ${ago(80)})`,
      { replacements: { u: user!.id } },
    );
    // Sent long ago and lately; one still waiting to be sent, however old, is no finished one.
    await notify.ctx.sequelize.query(
      `INSERT INTO deliveries (event_id, kind, status, created_at, next_attempt_at) VALUES
         (gen_random_uuid(), 'bewaartermijn-91', 'sent', ${ago(91)}, ${ago(91)}),
         (gen_random_uuid(), 'bewaartermijn-89', 'sent', ${ago(89)}, ${ago(89)}),
         (gen_random_uuid(), 'bewaartermijn-wacht', 'pending', ${ago(91)}, now() + interval '30 days')`,
    );

    const res = await w.reg.post('/api/admin/privacy/retention/run', {});
    expect(res.status).toBe(200);
    expect(res.body.counts.registrations.providerAccess).toBe(1);
    expect(res.body.counts.identity).toMatchObject({ loginFailures: 1, passwordLinks: 2 });

    const left = async (db: typeof reg, query: string) =>
      (await db.query<{ v: string }>(query, { type: QueryTypes.SELECT })).map((r) => r.v).sort();
    expect(
      await left(reg, "SELECT client_ip AS v FROM provider_access WHERE client_ip LIKE '10.90.%'"),
    ).toEqual(['10.90.0.89']);
    expect(
      await left(ids, "SELECT client_ip AS v FROM login_failures WHERE client_ip LIKE '10.90.%'"),
    ).toEqual(['10.90.0.89']);
    expect(
      await left(
        ids,
        `SELECT left(token_hash, 1) AS v FROM password_tokens WHERE user_id = ${user!.id}`,
      ),
    ).toEqual(['3']);
    expect(
      await left(
        notify.ctx.sequelize,
        "SELECT kind AS v FROM deliveries WHERE kind LIKE 'bewaartermijn-%'",
      ),
    ).toEqual(['bewaartermijn-89', 'bewaartermijn-wacht']);
  });

  it('exports every record of an email in every service, then erases it leaving no trace', async () => {
    const email = 'Privacy.Ouder@Example.nl';
    const child = 'Zilvertje';
    const a = await signUp(currentActivity, { email, childFirstName: child });
    const b = await signUp(oldActivity, { email, childFirstName: child, childLastName: 'Tweede' });
    await approve(a);
    await until(async () => (await deliveriesOf([a])) >= 2);
    // Two failed logins of the same address, as svc-identity keeps them.
    const key = emailKey(identity.ctx.config.SESSION_SECRET, email);
    await identity.ctx.sequelize.query(
      `INSERT INTO login_failures (email_hash, client_ip) VALUES (:key, '10.0.0.7'), (:key, '10.0.0.7')`,
      { replacements: { key } },
    );

    const exported = await w.reg.get(
      `/api/admin/privacy/export?email=${encodeURIComponent(email.toLowerCase())}`,
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('attachment');
    const { services } = exported.body as {
      services: Record<string, { records: { table: string; fields: Record<string, unknown> }[] }>;
    };
    const signups = services.registrations!.records.filter((r) => r.table === 'registrations');
    expect(signups.map((r) => r.fields.id).sort()).toEqual([a, b].sort());
    expect(signups[0]!.fields).toMatchObject({ childFirstName: child, email });
    expect(services.notify!.records.map((r) => r.fields.registrationId)).toContain(a);
    expect(services.identity!.records.filter((r) => r.table === 'login_failures')).toHaveLength(2);
    expect(exported.body.count).toBe(
      Object.values(services).reduce((n, s) => n + s.records.length, 0),
    );
    // R-AUDIT-ADMIN-CHANGES: the export is in the audit log with the admin, without the email.
    const [audit] = await w.registrations.ctx.sequelize.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM outbox WHERE type = 'registrations.audit.recorded'
       AND data->>'action' = 'registrations.exported' ORDER BY seq DESC LIMIT 1`,
      { type: QueryTypes.SELECT },
    );
    expect(audit?.data).toMatchObject({
      actor: { type: 'admin', id: '1', name: 'Test Beheerder' },
      target: {
        type: 'privacy-subject',
        id: privacySubjectHash(w.registrations.ctx.config.SESSION_SECRET, email),
      },
      changes: { records: { before: null, after: exported.body.count } },
    });
    expect(JSON.stringify(audit)).not.toContain(email.toLowerCase());

    // Both are somewhere before the erasure.
    expect((await grepDatabases(email)).length).toBeGreaterThan(0);
    expect((await grepStreams(email)).length).toBeGreaterThan(0);

    const erased = await w.reg.post('/api/admin/privacy/erase', { email });
    expect(erased.status).toBe(200);
    expect(erased.body.report).toMatchObject({
      trigger: 'request',
      status: 'done',
      unavailable: [],
    });
    expect(erased.body.report.counts.registrations.signups).toBe(2);
    expect(erased.body.report.counts.identity).toEqual({ loginFailures: 2 });
    expect(erased.body.erased).toBeGreaterThanOrEqual(2 + 2 + 1);

    // No trace: no row of any table of any schema, no message of any stream.
    await until(async () => (await deliveriesOf([a, b])) === 0);
    for (const needle of [email, child]) {
      expect(await grepDatabases(needle)).toEqual([]);
      expect(await grepStreams(needle)).toEqual([]);
    }
    const after = await w.reg.get(`/api/admin/privacy/export?email=${encodeURIComponent(email)}`);
    expect(after.body.count).toBe(0);
  }, 60_000);

  /**
   * R-PRIVACY-MATCH: ann.x@example.nl is a part of three other parents' addresses; an export or
   * erasure of hers shows, erases or cancels nothing of theirs, not even Joann's offer of a
   * waiting-list place (still unsent: notify has no SMTP server here).
   */
  it('R-NAMES-NORMAL, R-PRIVACY-MATCH: an address asked in full-width, invisible or other-case forms is the same address, never a part of another', async () => {
    const fien = await signUp(currentActivity, {
      email: 'Fien.Namen@example.nl',
      childFirstName: 'Fientje',
    });
    const jofien = await signUp(currentActivity, {
      email: 'jofien.namen@example.nl',
      childFirstName: 'Jofientje',
    });
    const asked = [
      'ＦＩＥＮ.namen@example.nl',
      'fien.namen\u200b@example.nl',
      ' FIEN.NAMEN@EXAMPLE.NL\u2060',
      '\u202afien.namen@ｅｘａｍｐｌｅ.nl\u202c',
    ];
    for (const email of asked) {
      const res = await w.reg.get(`/api/admin/privacy/export?email=${encodeURIComponent(email)}`);
      expect(res.status, JSON.stringify(email)).toBe(200);
      const records = (
        res.body as {
          services: Record<string, { records: { table: string; fields: { id?: number } }[] }>;
        }
      ).services.registrations!.records;
      expect(records.filter((r) => r.table === 'registrations').map((r) => r.fields.id)).toEqual([
        fien,
      ]);
    }
    const erased = await w.reg.post('/api/admin/privacy/erase', { email: asked[0] });
    expect(erased.status).toBe(200);
    expect(erased.body.report.counts.registrations.signups).toBe(1);
    expect((await row(fien)).erased_at).not.toBeNull();
    expect((await row(jofien)).erased_at).toBeNull();
  });

  describe('an export or erasure of ann.x@ matches her whole address, never a part of another', () => {
    const ANN = 'ann.x@example.nl';
    const ASKED = ' Ann.X@Example.NL ';
    const OTHERS = ['joann.x@example.nl', 'xann.x@example.nl', 'ann.x@example.nl.evil'];
    let ann: number;
    let joann: number;
    let others: number[];
    const holdsOther = (text: string) => OTHERS.some((o) => text.toLowerCase().includes(o));
    const notifyRows = () =>
      notify.ctx.sequelize.query<Record<string, unknown>>(
        `SELECT event_id AS "eventId", kind, registration_id AS "registrationId", status, payload
         FROM deliveries WHERE registration_id IN (:ids) ORDER BY event_id, kind`,
        { replacements: { ids: others }, type: QueryTypes.SELECT },
      );

    beforeAll(async () => {
      // Joann waits for the one place of a full activity, and is offered it when its holder
      // withdraws.
      const blockId = (
        await w.cat.post('/api/blocks', {
          name: 'Vol',
          weekStart: 10,
          weekEnd: 12,
          year: THIS_YEAR,
        })
      ).body.id as number;
      const full = (
        await w.activity({
          schoolId: school.id,
          providerId: (await w.provider()).id,
          weekday: 4,
          capacity: 1,
          title: 'Vol',
          blockId,
        })
      ).id;
      const holder = await signUp(full, { email: 'plaatshouder@example.nl' });
      await approve(holder);
      joann = await signUp(full, { email: OTHERS[0], childFirstName: 'Joanna', waitlist: true });
      const withdrawn = await w.reg.post('/api/my-signup/withdraw', undefined, {
        anonymous: true,
        headers: { 'x-manage-token': await manageToken(holder) },
      });
      expect(withdrawn.status).toBe(200);
      expect((await row(joann)).status).toBe('offered');
      others = [
        joann,
        await signUp(currentActivity, { email: OTHERS[1], childFirstName: 'Xander' }),
        await signUp(currentActivity, { email: OTHERS[2], childFirstName: 'Evelien' }),
      ];
      ann = await signUp(currentActivity, { email: 'Ann.X@example.nl', childFirstName: 'Annabel' });
      // Each email is in notify, pending; Joann's offer too; every event is in the stream.
      await until(async () => {
        const kinds = (await notifyRows()).map((r) => `${r.registrationId}:${r.kind}`);
        return (
          kinds.includes(`${joann}:offer-made`) &&
          others.every((id) => kinds.some((k) => k.startsWith(`${id}:`))) &&
          (await deliveriesOf([ann])) > 0
        );
      });
      await until(async () =>
        [...(await outboxRows()).values()].every((r) => r.published || !holdsOther(r.data)),
      );
    });

    it("exports ann.x@'s sign-up, events and emails, none of joann.x@'s, xann.x@'s or ann.x@example.nl.evil's", async () => {
      const res = await w.reg.get(`/api/admin/privacy/export?email=${encodeURIComponent(ASKED)}`);
      expect(res.status).toBe(200);
      const { services } = res.body as {
        services: Record<string, { records: { table: string; fields: Record<string, unknown> }[] }>;
      };
      const records = services.registrations!.records;
      expect(records.filter((r) => r.table === 'registrations').map((r) => r.fields.id)).toEqual([
        ann,
      ]);
      const events = records.filter((r) => r.table === 'outbox');
      expect(events.length).toBeGreaterThan(0);
      for (const e of events)
        expect((e.fields.data as { registrationId?: number }).registrationId).toBe(ann);
      const deliveries = services.notify!.records;
      expect(deliveries.length).toBeGreaterThan(0);
      for (const d of deliveries) expect(d.fields.registrationId).toBe(ann);
      const text = JSON.stringify(res.body);
      expect(holdsOther(text)).toBe(false);
      for (const child of ['Joanna', 'Xander', 'Evelien']) expect(text).not.toContain(child);

      // R-PRIVACY-AUDIT: the export's entry names her by the keyed hash, never the address.
      const audit = await lastAudit('registrations.exported');
      const hash = privacySubjectHash(w.registrations.ctx.config.SESSION_SECRET, ANN);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).toBe(privacySubjectHash(w.registrations.ctx.config.SESSION_SECRET, ASKED));
      expect(hash).not.toBe(emailKey(w.registrations.ctx.config.SESSION_SECRET, ANN));
      expect(audit).toMatchObject({
        target: { type: 'privacy-subject', id: hash },
        changes: { records: { before: null, after: res.body.count } },
      });
      expect(JSON.stringify(audit).toLowerCase()).not.toContain(ANN);
    });

    it("erases ann.x@ and leaves the others' outbox rows, stream messages and pending emails alone; Joann's offer stays pending", async () => {
      const outboxBefore = [...(await outboxRows()).values()].filter((r) => holdsOther(r.data));
      const streamBefore = [...(await registrationsStream())].filter(([, t]) => holdsOther(t));
      const deliveriesBefore = await notifyRows();
      expect(outboxBefore.length).toBeGreaterThanOrEqual(3);
      expect(streamBefore.length).toBeGreaterThanOrEqual(3);
      expect(deliveriesBefore).toContainEqual(
        expect.objectContaining({ registrationId: joann, kind: 'offer-made', status: 'pending' }),
      );
      await until(streamHandled);

      const res = await w.reg.post('/api/admin/privacy/erase', { email: ASKED });
      expect(res.status).toBe(200);
      expect(res.body.report.counts.registrations.signups).toBe(1);
      expect((await row(ann)).email).toBe('');

      const outboxAfter = await outboxRows();
      for (const r of outboxBefore) expect(outboxAfter.get(r.id)?.data, r.id).toBe(r.data);
      const streamAfter = await registrationsStream();
      for (const [seq, text] of streamBefore) expect(streamAfter.get(seq), `#${seq}`).toBe(text);
      expect(await notifyRows()).toEqual(deliveriesBefore);
      for (const id of others) expect((await row(id)).email).toMatch(/ann\.x@/);
      expect((await row(joann)).status).toBe('offered');

      // R-PRIVACY-AUDIT: the erasure's entry names her by the keyed hash, never the address.
      const audit = await lastAudit('privacy-subject.erased');
      expect(audit).toMatchObject({
        actor: { type: 'admin', id: '1' },
        target: {
          type: 'privacy-subject',
          id: privacySubjectHash(w.registrations.ctx.config.SESSION_SECRET, ANN),
        },
        changes: { records: { before: null, after: res.body.erased } },
      });
      expect(JSON.stringify(audit).toLowerCase()).not.toContain(ANN);
    }, 60_000);
  });

  it("a parent's own erase scrubs that sign-up's outbox rows and purges its stream messages; the parent's other sign-up keeps them (R-PRIVACY-ERASE-PARENT)", async () => {
    const email = 'twee.kinderen@example.nl';
    const first = await signUp(currentActivity, { email, childFirstName: 'Eerstekind' });
    const second = await signUp(currentActivity, { email, childFirstName: 'Tweedekind' });
    await approve(first);
    await approve(second);
    const about = (id: number) => (text: string) => {
      const data = (JSON.parse(text) as { data?: { registrationId?: number } }).data;
      return data?.registrationId === id;
    };
    const holding = (name: string) => (text: string) => text.includes(name);
    await until(
      async () => (await deliveriesOf([first])) >= 2 && (await deliveriesOf([second])) >= 2,
    );
    await until(async () =>
      [...(await outboxRows()).values()].every(
        (r) => r.published || !(holding('Eerstekind')(r.data) || holding('Tweedekind')(r.data)),
      ),
    );
    await until(streamHandled);
    const streamBefore = await registrationsStream();
    const outboxBefore = await outboxRows();
    const ofSecond = (m: Map<string | number, string>) =>
      [...m].filter(([, t]) => about(second)(t) || holding('Tweedekind')(t));
    const secondStream = ofSecond(streamBefore);
    const secondOutbox = ofSecond(new Map([...outboxBefore].map(([k, r]) => [k, r.data])));
    // Both sign-ups' events, with the children's names, are in the outbox and the stream.
    for (const m of [[...streamBefore.values()], [...outboxBefore.values()].map((r) => r.data)]) {
      expect(m.filter(holding('Eerstekind')).length).toBeGreaterThanOrEqual(2);
      expect(m.filter(holding('Tweedekind')).length).toBeGreaterThanOrEqual(2);
    }

    const erased = await w.reg.post('/api/my-signup/erase', undefined, {
      anonymous: true,
      headers: { 'x-manage-token': await manageToken(first) },
    });
    expect(erased.status).toBe(200);

    // The first sign-up: nothing that names the child in the outbox or the stream, and none of
    // its events from before the erasure in the stream (checked with the JetStream API).
    const outboxAfter = await outboxRows();
    expect([...outboxAfter.values()].filter((r) => holding('Eerstekind')(r.data))).toEqual([]);
    const streamAfter = await registrationsStream();
    expect([...streamAfter.values()].filter(holding('Eerstekind'))).toEqual([]);
    expect(
      [...streamAfter].filter(
        ([seq, t]) => seq <= Math.max(...streamBefore.keys()) && about(first)(t),
      ),
    ).toEqual([]);
    // The second: every outbox row and stream message as before.
    for (const [seq, text] of secondStream) expect(streamAfter.get(seq as number)).toBe(text);
    for (const [id, text] of secondOutbox) expect(outboxAfter.get(id as string)?.data).toBe(text);
    expect((await row(second)).email).toBe(email);
    expect((await row(first)).email).toBe('');
  }, 60_000);

  it("appends a parent's and an admin's erasure to the ledger before answering, naming nobody (R-ERASURE-LEDGER)", async () => {
    const ledger = new ErasureLedger(w.registrations.ctx.config.ERASURE_LEDGER);
    const before = ledger.read().length;
    const own = await signUp(currentActivity, {
      email: 'eigen.grootboek@example.nl',
      childFirstName: 'Grootboekje',
    });
    const erased = await w.reg.post('/api/my-signup/erase', undefined, {
      anonymous: true,
      headers: { 'x-manage-token': await manageToken(own) },
    });
    expect(erased.status).toBe(200);
    const email = 'Beheer.Grootboek@Example.nl';
    const a = await signUp(currentActivity, { email, childFirstName: 'Boekje' });
    const b = await signUp(oldActivity, { email, childFirstName: 'Boekje', childLastName: 'Twee' });
    const byAdmin = await w.reg.post('/api/admin/privacy/erase', { email: ` ${email} ` });
    expect(byAdmin.status).toBe(200);

    const added = ledger.read().slice(before);
    expect(added).toEqual([
      { at: expect.any(String), kind: 'parent', registrationIds: [own], organisation: 1 },
      {
        at: expect.any(String),
        kind: 'admin',
        organisation: 1,
        registrationIds: [a, b].sort((x, y) => x - y),
        subject: ledger.subjectHash(email.toLowerCase()),
      },
    ]);
    expect(Date.parse(added[1]!.at)).toBeGreaterThanOrEqual(Date.parse(added[0]!.at));
    const text = fs.readFileSync(ledger.file, 'utf8');
    expect(text).not.toMatch(/grootboek|boekje/i);
    // An erasure of a token no sign-up has is refused, and not in the ledger.
    const refused = await w.reg.post('/api/my-signup/erase', undefined, {
      anonymous: true,
      headers: { 'x-manage-token': 'A'.repeat(43) },
    });
    expect(refused.status).toBe(403);
    expect(ledger.read().length).toBe(before + 2);
  });

  it('docs/privacy.md names every table of every service, and every column it names exists (R-PRIVACY-DOC)', async () => {
    const doc = fs.readFileSync(new URL('../../docs/privacy.md', import.meta.url), 'utf8');
    const documented = new Map<string, Set<string>>();
    const add = (service: string, name: string) =>
      documented.set(service, (documented.get(service) ?? new Set()).add(name));
    // Personal fields: `| service | \`table.column\` | ...`.
    for (const [, service, table, column] of doc.matchAll(
      /^\| (catalog|registrations|notify|identity) +\| `([a-z_]+)\.([a-z_]+)`/gm,
    ))
      add(service!, `${table}.${column}`);
    // Tables without personal data: `- service: \`a\`, \`b\`` (a list item may wrap).
    const list = doc.slice(doc.indexOf('## Tables without personal data'));
    for (const [, service, names] of list.matchAll(
      /^- (catalog|registrations|notify|identity): ((?:`[a-z_]+`,?\s*)+)/gm,
    ))
      for (const [, table] of names!.matchAll(/`([a-z_]+)`/g)) add(service!, table!);
    const databases = {
      catalog: w.catalog.ctx.sequelize,
      registrations: w.registrations.ctx.sequelize,
      notify: notify.ctx.sequelize,
      identity: identity.ctx.sequelize,
    };
    for (const [service, db] of Object.entries(databases)) {
      const columns = await db.query<{ t: string; c: string }>(
        `SELECT c.table_name AS t, c.column_name AS c FROM information_schema.columns c
         JOIN information_schema.tables x USING (table_schema, table_name)
         WHERE c.table_schema IN (:schema, :store) AND x.table_type = 'BASE TABLE'`,
        // A service's tables are in its schema; identity's audit store is in a schema of its
        // own, owned by another role (R-AUDIT-APPEND-ONLY).
        { replacements: { schema: service, store: `${service}_audit` }, type: QueryTypes.SELECT },
      );
      const have = new Set(columns.map((r) => `${r.t}.${r.c}`));
      const tables = new Set(columns.map((r) => r.t));
      const named = [...(documented.get(service) ?? [])];
      const namedColumns = named.filter((n) => n.includes('.'));
      const namedTables = new Set(named.map((n) => n.split('.')[0]!));
      expect(
        namedColumns.filter((n) => !have.has(n)),
        `${service}: documented, not in the database`,
      ).toEqual([]);
      expect(
        [...tables].filter((t) => !namedTables.has(t)).sort(),
        `${service}: tables docs/privacy.md does not name`,
      ).toEqual([]);
      expect(
        [...namedTables].filter((t) => !tables.has(t)),
        `${service}: named tables that do not exist`,
      ).toEqual([]);
    }
  });

  it('is for admins only, refuses a foreign origin and a bad email, never a 5xx', async () => {
    const anon = testClient(w.registrations.url);
    expect((await anon.get('/api/admin/privacy/status', { anonymous: true })).status).toBe(401);
    expect(
      (await anon.post('/api/admin/privacy/erase', { email: 'x@y.nl' }, { anonymous: true }))
        .status,
    ).toBe(401);
    const foreign = await w.reg.post(
      '/api/admin/privacy/erase',
      { email: 'x@y.nl' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('CSRF_REJECTED');
    // An address no sign-up or account could hold is refused, not erased.
    for (const bad of [
      {},
      { email: 'geen-adres' },
      { email: ['a@b.nl'] },
      { email: "x@y.nl'--" },
      { email: 'a@b' },
      { email: '<script>@x.nl' },
    ]) {
      const res = await w.reg.post('/api/admin/privacy/erase', bad);
      expect(res.status).toBe(400);
    }
    expect((await w.reg.get('/api/admin/privacy/export?email=')).status).toBe(400);
    expect((await w.reg.get('/api/admin/privacy/export')).status).toBe(400);
  });
});
