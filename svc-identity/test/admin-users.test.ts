import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes, type RunningService } from '@nsa/service-kit';
import { serviceTestEnv, startTestInfra } from '@nsa/service-kit/testing';
import { start as startCatalog } from 'svc-catalog/dist/src/start.js';
import { start } from '../src/start.js';
import { ADMIN, Client, identityEnv, latestLink } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('administrators', () => {
  let svc: RunningService;
  let admin: Client;
  beforeAll(async () => {
    svc = await start({ env: await identityEnv(infra) });
    admin = new Client(svc.url);
    expect((await admin.login()).status).toBe(200);
  });
  afterAll(() => svc?.stop());

  // R-SEC-ADMIN-ONLY
  it('is admin only: 401 without a session, 403 for a provider', async () => {
    expect((await new Client(svc.url).call('GET', '/api/admin/users')).status).toBe(401);
    const created = await admin.call('POST', '/api/admin/users', {
      name: 'Piet Provider',
      email: 'piet@aanbieder.nl',
      role: 'provider',
    });
    expect(created.status).toBe(201);
    const { token } = await latestLink(svc, 'identity.admin.created');
    const piet = new Client(svc.url);
    expect(
      (await piet.call('POST', '/api/auth/reset', { token, newPassword: 'provider password' }))
        .status,
    ).toBe(200);
    expect((await piet.login('piet@aanbieder.nl', 'provider password')).status).toBe(200);
    const res = await piet.call('GET', '/api/admin/users');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('validates with the R-ACCOUNT-USERS messages in Dutch and English', async () => {
    const nl = await admin.call('POST', '/api/admin/users', {
      name: 'A',
      email: 'nope',
      role: 'boss',
    });
    expect(nl.status).toBe(400);
    expect(nl.body.fields).toEqual({
      name: 'Naam moet minimaal 2 karakters bevatten',
      email: 'Ongeldig email adres',
      role: 'Ongeldige rol',
    });
    const en = await admin.call(
      'POST',
      '/api/admin/users',
      { name: '', email: '' },
      { 'accept-language': 'en' },
    );
    expect(en.body.fields).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Invalid email address',
    });
  });

  it('creates an admin with role admin by default, a setup link that works once, and refuses a duplicate email', async () => {
    const res = await admin.call('POST', '/api/admin/users', {
      name: 'Bea Beheer',
      email: 'bea@school.nl',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Bea Beheer',
      email: 'bea@school.nl',
      role: 'admin',
      lastLoginAt: null,
    });
    const { token, link, email } = await latestLink(svc, 'identity.admin.created');
    expect(email).toBe('bea@school.nl');
    expect(link).toMatch(/^http:\/\/localhost:8080\/reset-password\?token=/);
    const bea = new Client(svc.url);
    expect(
      (await bea.call('POST', '/api/auth/reset', { token, newPassword: 'bea password 1' })).status,
    ).toBe(200);
    expect(
      (await bea.call('POST', '/api/auth/reset', { token, newPassword: 'bea password 2' })).status,
    ).toBe(400);
    expect((await bea.login('bea@school.nl', 'bea password 1')).status).toBe(200);

    const dup = await admin.call('POST', '/api/admin/users', {
      name: 'Other',
      email: 'BEA@school.nl',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Dit e-mailadres is al in gebruik.');
  });

  it('writes an account’s emails in a staff language: the screen’s English, or Dutch for any other (R-LANG-EMAIL)', async () => {
    const languageOf = async (email: string) => {
      const [row] = await svc.ctx.sequelize.query<{ language: string; event: string }>(
        `SELECT u.language, o.data->>'language' AS event FROM users u
           JOIN outbox o ON o.type = 'identity.admin.created' AND o.data->>'email' = u.email
          WHERE u.email = :email`,
        { replacements: { email }, type: QueryTypes.SELECT },
      );
      return row;
    };
    for (const [lang, email, expected] of [
      ['en-GB', 'staff-en@school.nl', 'en'],
      ['ar-MA', 'staff-ar@school.nl', 'nl'],
      ['pl', 'staff-pl@school.nl', 'nl'],
    ] as const) {
      const res = await admin.call(
        'POST',
        '/api/admin/users',
        { name: 'Staff Taal', email },
        { 'accept-language': lang },
      );
      expect(res.status).toBe(201);
      expect(await languageOf(email), lang).toEqual({ language: expected, event: expected });
    }
  });

  it('updates name, email and role', async () => {
    const created = await admin.call('POST', '/api/admin/users', {
      name: 'Cor',
      email: 'cor@school.nl',
    });
    const res = await admin.call('PUT', `/api/admin/users/${created.body.id}`, {
      name: 'Cor de Vries',
      email: 'cor.devries@school.nl',
      role: 'provider',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Cor de Vries',
      email: 'cor.devries@school.nl',
      role: 'provider',
    });
    expect(
      (await admin.call('PUT', '/api/admin/users/999999', { name: 'Xx', email: 'x@x.nl' })).status,
    ).toBe(404);
  });

  it('takes only plain digits as a user id: 2e0, 0x2, 2.0 or " 2" name nobody', async () => {
    const created = await admin.call('POST', '/api/admin/users', {
      name: 'Id Proef',
      email: 'id.proef@school.nl',
      role: 'admin',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    for (const raw of [`${id}e0`, `0x${id.toString(16)}`, `${id}.0`, `%20${id}`, `%2B${id}`]) {
      expect((await admin.call('DELETE', `/api/admin/users/${raw}`)).status, raw).toBe(404);
    }
    expect((await admin.call('DELETE', `/api/admin/users/${id}`)).status).toBe(200);
  });

  // R-ACCOUNT-LAST-ADMIN
  it('refuses deleting yourself and the last admin', async () => {
    const me = await admin.call('GET', '/api/auth/me');
    const self = await admin.call('DELETE', `/api/admin/users/${me.body.user.id}`);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('U kunt uw eigen account niet verwijderen.');

    // Make ADMIN the only admin, then let a second admin try to remove it.
    const users = (await admin.call('GET', '/api/admin/users')).body as Array<{
      id: number;
      role: string;
      email: string;
    }>;
    const ids = users
      .filter((u) => u.role === 'admin' && u.id !== me.body.user.id)
      .map((u) => u.id);
    for (const id of ids)
      expect((await admin.call('DELETE', `/api/admin/users/${id}`)).status).toBe(200);
    const demote = await admin.call('PUT', `/api/admin/users/${me.body.user.id}`, {
      name: ADMIN.name,
      email: ADMIN.email,
      role: 'provider',
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(
      'De laatste beheerder kan niet worden verwijderd of gewijzigd.',
    );
  });
});

describe('ended sessions hold on the next request in every service (R-FRESH-SESSION)', () => {
  let identity: RunningService;
  let catalog: RunningService;
  let admin: Client;
  beforeAll(async () => {
    identity = await start({ env: await identityEnv(infra) });
    catalog = await startCatalog({ env: await serviceTestEnv(infra, 'catalog') });
    admin = new Client(identity.url);
    expect((await admin.login()).status).toBe(200);
  });
  afterAll(async () => {
    await catalog?.stop();
    await identity?.stop();
  });

  /** A new admin with a password, logged in; its id and cookie. */
  async function newAdmin(email: string) {
    await admin.call('POST', '/api/admin/users', { name: 'Dirk Weg', email });
    const { token } = await latestLink(identity, 'identity.admin.created');
    const c = new Client(identity.url);
    expect(
      (await c.call('POST', '/api/auth/reset', { token, newPassword: 'dirk password' })).status,
    ).toBe(200);
    const login = await c.login(email, 'dirk password');
    expect(login.status).toBe(200);
    return { id: login.body.user.id as number, cookie: c.cookie };
  }
  /** The answers to `cookie` in svc-identity and svc-catalog. */
  async function statuses(cookie: string) {
    const at = (base: string, path: string) => {
      const c = new Client(base);
      c.cookie = cookie;
      return c.call('GET', path).then((r) => r.status);
    };
    return [await at(identity.url, '/api/admin/users'), await at(catalog.url, '/api/schools')];
  }

  // R-ACCOUNT-LOGOUT
  it('refuses a copy of a logged-out cookie at once, in identity and catalog', async () => {
    for (let i = 0; i < 20; i++) {
      const c = new Client(identity.url);
      expect((await c.login()).status).toBe(200);
      const copy = c.cookie;
      expect(await statuses(copy)).toEqual([200, 200]);
      expect((await c.call('POST', '/api/auth/logout')).status).toBe(200);
      expect(await statuses(copy)).toEqual([401, 401]);
    }
  });

  it('ends every session of the user when the password is reset', async () => {
    const dirk = await newAdmin('reset@school.nl');
    const second = new Client(identity.url);
    expect((await second.login('reset@school.nl', 'dirk password')).status).toBe(200);
    expect(await statuses(second.cookie)).toEqual([200, 200]);
    // From an address of its own: other files' reset requests count against 127.0.0.1's
    // hourly limit (R-RESET-LIMIT), which would send no email.
    await new Client(identity.url, { 'x-forwarded-for': '10.77.9.1' }).call(
      'POST',
      '/api/auth/request-reset',
      { email: 'reset@school.nl' },
    );
    let link: { token: string; email: string } | undefined;
    for (let i = 0; i < 50 && link?.email !== 'reset@school.nl'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      link = await latestLink(identity, 'identity.password-reset.requested').catch(() => undefined);
    }
    expect(link?.email).toBe('reset@school.nl');
    const reset = await new Client(identity.url).call('POST', '/api/auth/reset', {
      token: link!.token,
      newPassword: 'a new password',
    });
    expect(reset.status).toBe(200);
    expect(await statuses(dirk.cookie)).toEqual([401, 401]);
    expect(await statuses(second.cookie)).toEqual([401, 401]);
  });

  it('refuses a deleted admin and a demoted one on the very next request', async () => {
    const gone = await newAdmin('gone@school.nl');
    expect(await statuses(gone.cookie)).toEqual([200, 200]);
    expect((await admin.call('DELETE', `/api/admin/users/${gone.id}`)).status).toBe(200);
    expect(await statuses(gone.cookie)).toEqual([401, 401]);

    const demoted = await newAdmin('demoted@school.nl');
    expect(await statuses(demoted.cookie)).toEqual([200, 200]);
    const put = await admin.call('PUT', `/api/admin/users/${demoted.id}`, {
      name: 'Dirk Weg',
      email: 'demoted@school.nl',
      role: 'provider',
    });
    expect(put.status).toBe(200);
    expect(await statuses(demoted.cookie)).toEqual([401, 401]);
  });
});

describe('a deletion while nats-server is down (R-FRESH-SESSION)', () => {
  it('is never followed by the deleted admin being let in anywhere', async () => {
    const own = await startTestInfra();
    const identity = await start({ env: await identityEnv(own) });
    const catalog = await startCatalog({ env: await serviceTestEnv(own, 'catalog') });
    try {
      const admin = new Client(identity.url);
      expect((await admin.login()).status).toBe(200);
      await admin.call('POST', '/api/admin/users', { name: 'Dirk Weg', email: 'dirk@school.nl' });
      const { token } = await latestLink(identity, 'identity.admin.created');
      const dirk = new Client(identity.url);
      await dirk.call('POST', '/api/auth/reset', { token, newPassword: 'dirk password' });
      const login = await dirk.login('dirk@school.nl', 'dirk password');
      const atCatalog = new Client(catalog.url);
      atCatalog.cookie = dirk.cookie;
      expect((await atCatalog.call('GET', '/api/schools')).status).toBe(200);

      await own.nats.stop();
      const deleted = await admin.call('DELETE', `/api/admin/users/${login.body.user.id}`);
      // Either the delete failed and changed nothing, or the cookie is refused everywhere.
      if (deleted.status !== 200) {
        expect(deleted.status).toBeGreaterThanOrEqual(500);
      }
      const whileDown = [];
      for (let i = 0; i < 2; i++) {
        whileDown.push((await dirk.call('GET', '/api/admin/users')).status);
        whileDown.push((await atCatalog.call('GET', '/api/schools')).status);
      }
      expect(whileDown.filter((s) => s < 300)).toEqual([]);
      expect(whileDown.filter((s) => s === 503).length).toBeGreaterThan(0);

      await own.restartNats();
      let status = 0;
      for (let i = 0; i < 100 && status !== 401; i++) {
        status = (await atCatalog.call('GET', '/api/schools')).status;
        expect(status === 401 || status === 503).toBe(true);
        if (status !== 401) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(401);
      expect((await dirk.call('GET', '/api/admin/users')).status).toBe(401);
    } finally {
      await catalog.stop();
      await identity.stop();
      await own.stop();
    }
  });
});
