import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningService } from '@nsa/service-kit';
import { serviceTestEnv } from '@nsa/service-kit/testing';
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

  it('validates with the spec messages in Dutch and English', async () => {
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

describe('revocation across services', () => {
  it('makes svc-catalog refuse a deleted admin within 5 seconds', async () => {
    const identity = await start({ env: await identityEnv(infra) });
    const catalog = await startCatalog({ env: await serviceTestEnv(infra, 'catalog') });
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

      expect((await admin.call('DELETE', `/api/admin/users/${login.body.user.id}`)).status).toBe(
        200,
      );
      const deletedAt = Date.now();
      let status = 200;
      while (Date.now() - deletedAt < 5000) {
        status = (await atCatalog.call('GET', '/api/schools')).status;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(401);
      expect(Date.now() - deletedAt).toBeLessThan(5000);
    } finally {
      await catalog.stop();
      await identity.stop();
    }
  });
});
