// R-PLATFORM-*: the platform's administrators, apart from every organisation's, list the
// organisations with counts, add one with its first administrator, change its name, hosts and
// status, and delete a suspended one in every service. The other services' answers come from
// stand-ins here (their own tests answer for real, and the e2e test runs them all).
import { setTimeout as sleep } from 'node:timers/promises';
import { PLATFORM_RPC_SUBJECTS, RPC_SUBJECTS, organisationLookup } from '@nsa/contracts';
import {
  createLogger,
  OwnerLookup,
  QueryTypes,
  withOrganisation,
  type RunningService,
} from '@nsa/service-kit';
import { testFeed, until } from '@nsa/service-kit/testing';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { start } from '../src/start.js';
import { ADMIN, Client, identityEnv, latestLink } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const PLATFORM = { email: 'Platform@Beheer.example', password: 'platform wachtwoord 1' };

/** What the stand-ins of catalog, registrations and notify were asked to erase. */
const erased: Array<{ service: string; id: number }> = [];
/** Services whose stand-in cannot erase now (its database away, say). */
const silent = new Set<string>();

async function standIns(nc: NatsConnection): Promise<void> {
  const serve = (subject: string, answer: (id: number) => unknown | undefined) => {
    const sub = nc.subscribe(subject);
    void (async () => {
      for await (const msg of sub) {
        const { keys } = msg.json<{ keys: number[] }>();
        const values = keys.map(answer);
        // The answer of an owner that could not answer now.
        if (values.some((v) => v === undefined)) msg.respond(JSON.stringify({ error: 'failed' }));
        else msg.respond(JSON.stringify({ values }));
      }
    })();
  };
  serve(PLATFORM_RPC_SUBJECTS.counts.catalog, (id) => ({ schools: id * 2, activities: id * 5 }));
  serve(PLATFORM_RPC_SUBJECTS.counts.registrations, (id) => ({ registrations: id * 7 }));
  for (const [service, subject] of Object.entries(PLATFORM_RPC_SUBJECTS.erase)) {
    serve(subject, (id) => {
      if (silent.has(service)) return undefined;
      erased.push({ service, id });
      return { rows: 3 };
    });
  }
  await nc.flush();
}

describe('the platform (R-PLATFORM-*)', () => {
  let svc: RunningService;
  let hostOf: (host: string) => Promise<{ id: number; status: string } | null>;
  const on = (host: string) => new Client(svc.url, { 'x-organisation-host': host });
  const rows = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
    svc.ctx.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });

  beforeAll(async () => {
    svc = await start({
      env: await identityEnv(infra, {
        BOOTSTRAP_PLATFORM_EMAIL: PLATFORM.email,
        BOOTSTRAP_PLATFORM_PASSWORD: PLATFORM.password,
        DELETION_RETRY_MS: '1000',
      }),
    });
    const nc = await testFeed(infra.natsUrl);
    await standIns(nc);
    const lookup = new OwnerLookup(
      nc,
      RPC_SUBJECTS.organisations,
      organisationLookup,
      createLogger('platform-test', 'silent'),
    );
    hostOf = (host) => lookup.get(host);
  });
  afterAll(() => svc?.stop());

  async function platformClient(): Promise<Client> {
    const c = on('localhost');
    const login = await c.call('POST', '/api/platform/login', PLATFORM);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return c;
  }

  // R-PLATFORM-ACCOUNTS
  it('logs a platform administrator in with a cookie of its own that no organisation session replaces, and out again', async () => {
    const c = on('localhost');
    expect((await c.call('GET', '/api/platform/organisations')).status).toBe(401);
    const wrong = await c.call(
      'POST',
      '/api/platform/login',
      { ...PLATFORM, password: 'niet het wachtwoord' },
      { 'accept-language': 'en' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password.');
    // An organisation's administrator is no platform administrator, whatever the password.
    expect((await c.call('POST', '/api/platform/login', ADMIN)).status).toBe(401);
    const ok = await c.call('POST', '/api/platform/login', PLATFORM);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      admin: {
        id: expect.any(Number),
        email: PLATFORM.email.toLowerCase(),
        name: 'Platformbeheerder',
      },
    });
    expect(c.lastPlatformCookie).toMatch(/^nsa_platform=[\w-]{43};/);
    expect(c.lastPlatformCookie).toContain('HttpOnly');
    expect(c.lastPlatformCookie).toContain('SameSite=Strict');
    expect(c.lastPlatformCookie).toContain('Path=/api/platform');
    // The token is kept as its hash alone.
    const token = c.platformCookie.split('=')[1]!;
    expect(JSON.stringify(await rows('SELECT * FROM platform_sessions'))).not.toContain(token);
    expect((await c.call('GET', '/api/platform/session')).body.admin.email).toBe(
      PLATFORM.email.toLowerCase(),
    );
    // The platform session grants no organisation's calls...
    expect((await c.call('GET', '/api/admin/users')).status).toBe(401);
    const asPlatform = await fetch(`${svc.url}/api/admin/users`, {
      headers: { cookie: c.platformCookie },
    });
    expect(asPlatform.status).toBe(401);
    // ...and an organisation's session grants no platform call.
    const admin = on('localhost');
    expect((await admin.login()).status).toBe(200);
    const withOrgSession = await fetch(`${svc.url}/api/platform/organisations`, {
      headers: { cookie: admin.cookie },
    });
    expect(withOrgSession.status).toBe(401);
    expect((await c.call('POST', '/api/platform/logout')).status).toBe(204);
    expect(c.lastPlatformCookie).toMatch(/^nsa_platform=;/);
    const after = await fetch(`${svc.url}/api/platform/session`, {
      headers: { cookie: `nsa_platform=${token}` },
    });
    expect(after.status).toBe(401);
  });

  // R-PLATFORM-CREATE
  it("adds an organisation whose first administrator is emailed a link on the organisation's own address; a slug or host another holds is 409 and bad input is refused by field", async () => {
    const c = await platformClient();
    const body = {
      slug: 'eikendorp',
      name: 'Welzijn Eikendorp',
      hosts: ['aanmelden.eikendorp.example', 'eikendorp.localhost'],
      contactEmail: 'info@eikendorp.example',
      publicBaseUrl: 'https://aanmelden.eikendorp.example',
      languages: ['en', 'tr'],
      firstAdmin: { email: ADMIN.email, name: 'Eik Beheer' },
    };
    const made = await c.call('POST', '/api/platform/organisations', body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toEqual({ id: expect.any(Number), slug: 'eikendorp' });
    const id = made.body.id as number;
    const [row] = await rows<{ languages: string[]; status: string }>(
      'SELECT languages, status FROM organisations WHERE id = :id',
      { id },
    );
    expect(row).toEqual({ languages: ['nl', 'en', 'tr'], status: 'active' });
    expect(await hostOf('eikendorp.localhost')).toMatchObject({ id, status: 'active' });
    // The first administrator is the new organisation's, with the same address as organisation
    // 1's own (R-ORG-ACCOUNTS), and the link to set a password is on the new address.
    const admins = await withOrganisation(id, () =>
      rows<{ email: string; role: string }>('SELECT email, role FROM users'),
    );
    expect(admins).toEqual([{ email: ADMIN.email, role: 'admin' }]);
    const link = await withOrganisation(id, () => latestLink(svc, 'identity.admin.created'));
    expect(link.link).toMatch(/^https:\/\/aanmelden\.eikendorp\.example\/reset-password\?token=/);
    // Taken: the slug, or a host.
    const again = await c.call('POST', '/api/platform/organisations', {
      ...body,
      slug: 'eikendorp-2',
      hosts: ['eikendorp.localhost', 'aanmelden.eikendorp.example'],
    });
    expect(again.status).toBe(409);
    expect((await c.call('POST', '/api/platform/organisations', body)).status).toBe(409);
    const bad = await c.call(
      'POST',
      '/api/platform/organisations',
      { ...body, slug: 'Eik', hosts: ['Eik:8080'], publicBaseUrl: 'https://elders.example' },
      { 'accept-language': 'en' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      slug: '3 to 40 lower-case letters, digits or hyphens',
      'hosts.0': expect.stringContaining('lower case'),
    });
    const elsewhere = await c.call('POST', '/api/platform/organisations', {
      ...body,
      slug: 'elders',
      hosts: ['elders.example'],
    });
    expect(elsewhere.status).toBe(400);
    expect(Object.keys(elsewhere.body.fields)).toEqual(['publicBaseUrl']);
    expect(await rows("SELECT 1 FROM organisations WHERE slug IN ('eik', 'elders')")).toEqual([]);
  });

  // R-PLATFORM-LIST (the counts from stand-ins; R-PLATFORM-COUNTS is the services' own part)
  it("lists every organisation with the services' counts and its administrators, and no personal data", async () => {
    const c = await platformClient();
    const list = await c.call('GET', '/api/platform/organisations');
    expect(list.status).toBe(200);
    const eik = list.body.find((o: { slug: string }) => o.slug === 'eikendorp');
    expect(eik).toEqual({
      id: eik.id,
      slug: 'eikendorp',
      name: 'Welzijn Eikendorp',
      hosts: ['aanmelden.eikendorp.example', 'eikendorp.localhost'],
      status: 'active',
      publicBaseUrl: 'https://aanmelden.eikendorp.example',
      counts: { schools: eik.id * 2, activities: eik.id * 5, registrations: eik.id * 7, admins: 1 },
    });
    expect(list.body[0]).toMatchObject({ id: 1, slug: 'default', status: 'active' });
    expect(list.body[0].counts.admins).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(list.body)).not.toContain('@school.nl');
  });

  // R-PLATFORM-CHANGE
  it("changes an organisation's name and hosts, holding at the next request; suspends it, after which its hosts answer 403; organisation 1 is not changed here", async () => {
    const c = await platformClient();
    const [eik] = await rows<{ id: number }>(
      "SELECT id FROM organisations WHERE slug = 'eikendorp'",
    );
    const id = eik!.id;
    const renamed = await c.call('PATCH', `/api/platform/organisations/${id}`, {
      name: 'Stichting Eikendorp',
      hosts: ['aanmelden.eikendorp.example', 'eiken.localhost'],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Stichting Eikendorp',
      hosts: ['aanmelden.eikendorp.example', 'eiken.localhost'],
    });
    expect(await hostOf('eiken.localhost')).toMatchObject({ id });
    // A host it gave up is organisation 1's again.
    expect(await hostOf('eikendorp.localhost')).toMatchObject({ id: 1 });
    const publicHostGone = await c.call('PATCH', `/api/platform/organisations/${id}`, {
      hosts: ['eiken.localhost'],
    });
    expect(publicHostGone.status).toBe(400);
    expect(Object.keys(publicHostGone.body.fields)).toEqual(['hosts']);
    for (const change of [{ name: 'Anders' }, { status: 'suspended' }]) {
      const refused = await c.call('PATCH', '/api/platform/organisations/1', change);
      expect(refused.status).toBe(409);
    }
    expect(
      (await c.call('PATCH', '/api/platform/organisations/999999', { name: 'X' })).status,
    ).toBe(404);
    const suspended = await c.call('PATCH', `/api/platform/organisations/${id}`, {
      status: 'suspended',
    });
    expect(suspended.body.status).toBe('suspended');
    const closed = await on('eiken.localhost').call('GET', '/api/app-config');
    expect(closed.status).toBe(403);
    expect(closed.body.code).toBe('ORGANISATION_SUSPENDED');
    expect((await on('eiken.localhost').login()).status).toBe(403);
  });

  // R-PLATFORM-DELETE
  it('deletes a suspended organisation in every service and then itself; a service that does not answer leaves it deleting, and asking again finishes', async () => {
    const c = await platformClient();
    const made = await c.call('POST', '/api/platform/organisations', {
      slug: 'wilgenhoek',
      name: 'Welzijn Wilgenhoek',
      hosts: ['wilgenhoek.localhost'],
      contactEmail: 'info@wilgenhoek.example',
      publicBaseUrl: 'http://wilgenhoek.localhost',
      firstAdmin: { email: 'beheer@wilgenhoek.example', name: 'Wil Beheer' },
    });
    const id = made.body.id as number;
    // Its administrator sets a password and logs in: an audit entry that names them.
    const { token } = await withOrganisation(id, () => latestLink(svc, 'identity.admin.created'));
    const own = on('wilgenhoek.localhost');
    const password = 'wilgenhoek wachtwoord 1';
    expect(
      (await own.call('POST', '/api/auth/reset', { token, newPassword: password })).status,
    ).toBe(200);
    expect((await own.login('beheer@wilgenhoek.example', password)).status).toBe(200);
    const named = () =>
      rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM identity_audit.audit_entries
          WHERE organisation_id = :id AND actor_name = 'Wil Beheer'`,
        { id },
      );
    await until(async () => (await named())[0]!.n > 0, 20_000);
    const active = await c.call('DELETE', `/api/platform/organisations/${id}`);
    expect(active.status).toBe(409);
    expect((await c.call('DELETE', '/api/platform/organisations/1')).status).toBe(409);
    await c.call('PATCH', `/api/platform/organisations/${id}`, { status: 'suspended' });
    silent.add('notify');
    const stalled = await c.call('DELETE', `/api/platform/organisations/${id}`);
    expect(stalled.status).toBe(503);
    expect(await rows('SELECT status FROM organisations WHERE id = :id', { id })).toEqual([
      { status: 'deleting' },
    ]);
    expect((await c.call('PATCH', `/api/platform/organisations/${id}`, { name: 'X' })).status).toBe(
      409,
    );
    silent.delete('notify');
    const done = await c.call('DELETE', `/api/platform/organisations/${id}`);
    expect(done.status).toBe(204);
    expect(erased.filter((e) => e.id === id).map((e) => e.service)).toEqual([
      'catalog',
      'registrations',
      'catalog',
      'registrations',
      'notify',
    ]);
    expect(await rows('SELECT 1 FROM organisations WHERE id = :id', { id })).toEqual([]);
    expect(
      await rows('SELECT 1 FROM organisation_hosts WHERE organisation_id = :id', { id }),
    ).toEqual([]);
    expect(
      await withOrganisation(id, () => rows('SELECT 1 FROM users UNION ALL SELECT 1 FROM outbox')),
    ).toEqual([]);
    expect(await hostOf('wilgenhoek.localhost')).toMatchObject({ id: 1 });
    // Its audit entries keep what was done, never by whom.
    const entries = await rows<{ actor_id: number | null; actor_name: string | null }>(
      'SELECT actor_id, actor_name FROM identity_audit.audit_entries WHERE organisation_id = :id',
      { id },
    );
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.filter((e) => e.actor_id !== null || e.actor_name !== null)).toEqual([]);
    expect((await named())[0]!.n).toBe(0);
    // Organisation 1 kept everything.
    expect(await withOrganisation(1, () => rows('SELECT 1 FROM users'))).not.toEqual([]);
    expect((await c.call('DELETE', `/api/platform/organisations/${id}`)).status).toBe(404);
  });
  // R-PLATFORM-DELETE
  it('finishes a deletion left deleting once it has been quiet two minutes, in the name of whoever began it, and logs its end once', async () => {
    const c = await platformClient();
    const made = await c.call('POST', '/api/platform/organisations', {
      slug: 'lindenhof',
      name: 'Welzijn Lindenhof',
      hosts: ['lindenhof.localhost'],
      contactEmail: 'info@lindenhof.example',
      publicBaseUrl: 'http://lindenhof.localhost',
      firstAdmin: { email: 'beheer@lindenhof.example', name: 'Lin Beheer' },
    });
    const id = made.body.id as number;
    await c.call('PATCH', `/api/platform/organisations/${id}`, { status: 'suspended' });
    silent.add('registrations');
    try {
      expect((await c.call('DELETE', `/api/platform/organisations/${id}`)).status).toBe(503);
    } finally {
      silent.delete('registrations');
    }
    const status = () =>
      rows<{ status: string }>('SELECT status FROM organisations WHERE id = :id', { id });
    // The job runs every second here, but leaves a deletion that may still be under way.
    await sleep(2500);
    expect(await status()).toEqual([{ status: 'deleting' }]);
    expect(erased.filter((e) => e.id === id).map((e) => e.service)).toEqual(['catalog']);
    // Two minutes on, nobody asked again.
    await rows(
      "UPDATE organisations SET updated_at = now() - interval '121 seconds' WHERE id = :id",
      { id },
    );
    await until(async () => (await status()).length === 0, 20_000);
    expect(erased.filter((e) => e.id === id).map((e) => e.service)).toEqual([
      'catalog',
      'catalog',
      'registrations',
      'notify',
    ]);
    expect(
      await withOrganisation(id, () => rows('SELECT 1 FROM users UNION ALL SELECT 1 FROM outbox')),
    ).toEqual([]);
    const log = await rows<{ action: string; admin_name: string | null }>(
      `SELECT action, admin_name FROM platform_audit_entries
        WHERE target_organisation_id = :id ORDER BY id`,
      { id },
    );
    expect(log.map((e) => e.action)).toEqual([
      'organisation.created',
      'organisation.suspended',
      'organisation.deletion-started',
      'organisation.deleted',
    ]);
    expect(new Set(log.map((e) => e.admin_name))).toEqual(new Set(['Platformbeheerder']));
    // Asked again after the job finished it: nothing to find, nothing logged twice.
    expect((await c.call('DELETE', `/api/platform/organisations/${id}`)).status).toBe(404);
  });

  // R-PLATFORM-AUDIT
  it("logs what was done to the organisations and by whom, newest first and a page at a time, kept as written, for the platform's administrators alone", async () => {
    const c = await platformClient();
    const me = (await c.call('GET', '/api/platform/session')).body.admin as {
      id: number;
      name: string;
    };
    const first = await c.call('GET', '/api/platform/audit');
    expect(first.status).toBe(200);
    const of = (slug: string) =>
      (first.body.entries as Array<{ organisation: { slug: string }; action: string }>)
        .filter((e) => e.organisation.slug === slug)
        .map((e) => e.action);
    // The deleted organisation's whole story, newest first (the deletion asked twice is begun once).
    expect(of('wilgenhoek')).toEqual([
      'organisation.deleted',
      'organisation.deletion-started',
      'organisation.suspended',
      'organisation.created',
    ]);
    const deleted = first.body.entries.find(
      (e: { action: string; organisation: { slug: string } }) =>
        e.action === 'organisation.deleted' && e.organisation.slug === 'wilgenhoek',
    );
    expect(deleted).toMatchObject({
      actor: { id: me.id, name: me.name },
      organisation: { slug: 'wilgenhoek' },
    });
    expect(Object.keys(deleted.actor).sort()).toEqual(['id', 'name']);
    expect(Date.parse(deleted.at)).toBeGreaterThan(Date.now() - 60_000);
    const renamed = first.body.entries.find(
      (e: { action: string; organisation: { slug: string } }) =>
        e.action === 'organisation.changed' && e.organisation.slug === 'eikendorp',
    );
    expect(renamed?.changes).toEqual({
      name: { before: 'Welzijn Eikendorp', after: 'Stichting Eikendorp' },
      hosts: {
        before: ['aanmelden.eikendorp.example', 'eikendorp.localhost'],
        after: ['aanmelden.eikendorp.example', 'eiken.localhost'],
      },
    });
    expect(first.body.next).toBeNull();

    // A page holds 50; `next` asks for the older ones.
    await rows(
      `INSERT INTO platform_audit_entries (action, target_organisation_id, target_slug)
       SELECT 'organisation.changed', 99, 'vulling-' || n FROM generate_series(1, 55) n`,
    );
    const page = await c.call('GET', '/api/platform/audit');
    expect(page.body.entries).toHaveLength(50);
    expect(page.body.entries[0].organisation.slug).toBe('vulling-55');
    const older = await c.call('GET', `/api/platform/audit?before=${page.body.next}`);
    expect(older.body.entries[0].organisation.slug).toBe('vulling-5');
    expect(older.body.entries.map((e: { id: number }) => e.id)).toEqual(
      [...older.body.entries.map((e: { id: number }) => e.id)].sort((a, b) => b - a),
    );
    expect(older.body.next).toBeNull();
    expect((await c.call('GET', '/api/platform/audit?before=nee')).status).toBe(400);

    // Kept as written, even by the service's own role.
    await expect(rows('DELETE FROM platform_audit_entries')).rejects.toThrow(/kept as written/);
    await expect(rows("UPDATE platform_audit_entries SET admin_name = 'x'")).rejects.toThrow(
      /kept as written/,
    );
    // An organisation's administrator, or no one, gets nothing of it.
    const admin = on('localhost');
    expect((await admin.login()).status).toBe(200);
    expect((await admin.call('GET', '/api/platform/audit')).status).toBe(401);
    expect((await on('localhost').call('GET', '/api/platform/audit')).status).toBe(401);
  });
});
