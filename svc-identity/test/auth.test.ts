import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NATS_HEADERS } from '@nsa/contracts';
import { QueryTypes, type RunningService } from '@nsa/service-kit';
import { start } from '../src/start.js';
import { ADMIN, Client, identityEnv, latestLink } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const until = async (fn: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('login, sessions and password reset', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await start({ env: await identityEnv(infra, { LOGIN_RATE_LIMIT: '10' }) });
  });
  afterAll(() => svc?.stop());

  // R-SEC-SESSION-COOKIE: HttpOnly, SameSite=Lax, Path=/, not Secure over http; R-ACCOUNT-ME
  it('logs the bootstrap admin in with a case-insensitive email and an HttpOnly, Lax cookie', async () => {
    const c = new Client(svc.url);
    const res = await c.login(ADMIN.email.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: ADMIN.name, role: 'admin' });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(c.lastSetCookie).toMatch(/HttpOnly/i);
    expect(c.lastSetCookie).toMatch(/SameSite=Lax/i);
    expect(c.lastSetCookie).toMatch(/Path=\//);
    expect(c.lastSetCookie).not.toMatch(/Secure/i);
    const me = await c.call('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.lastLoginAt).not.toBeNull();
  });

  it('refuses a wrong password with 401 in the caller language', async () => {
    const c = new Client(svc.url, { 'x-forwarded-for': '10.0.0.9' });
    const nl = await c.login(ADMIN.email, 'wrong');
    expect(nl.status).toBe(401);
    expect(nl.body).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Onjuist e-mailadres of wachtwoord.',
    });
    const en = await c.call(
      'POST',
      '/api/auth/login',
      { email: ADMIN.email, password: 'x' },
      { 'accept-language': 'en' },
    );
    expect(en.body.message).toBe('Invalid email or password.');
    // R-LANG-API: the public side's other languages too.
    for (const [lang, message] of [
      ['tr-TR', 'E-posta adresi veya şifre yanlış.'],
      ['ar-MA', 'البريد الإلكتروني أو كلمة المرور غير صحيحة.'],
      ['pl-PL', 'Nieprawidłowy adres e-mail lub hasło.'],
      ['uk-UA', 'Неправильна адреса електронної пошти або пароль.'],
    ]) {
      const res = await c.call(
        'POST',
        '/api/auth/login',
        { email: ADMIN.email, password: 'x' },
        { 'accept-language': lang! },
      );
      expect(res.body.message, lang).toBe(message);
    }
    expect(c.cookie).toBe('');
  });

  // R-ACCOUNT-ME; R-ACCOUNT-LOGOUT: the session ends and the cookie is cleared.
  it('answers me with 401 without a session and after logout', async () => {
    const c = new Client(svc.url);
    expect((await c.call('GET', '/api/auth/me')).status).toBe(401);
    await c.login();
    expect((await c.call('GET', '/api/auth/me')).status).toBe(200);
    expect((await c.call('POST', '/api/auth/logout')).status).toBe(200);
    expect(c.lastSetCookie).toMatch(/Max-Age=0/);
    expect((await c.call('GET', '/api/auth/me')).status).toBe(401);
  });

  // R-SEC-PASSWORDS
  it('stores passwords only as argon2id hashes with the OWASP parameters', async () => {
    const rows = await svc.ctx.sequelize.query<{ h: string }>(
      'SELECT password_hash AS h FROM users WHERE password_hash IS NOT NULL',
      {
        type: QueryTypes.SELECT,
      },
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.h).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(r.h).not.toContain(ADMIN.password);
    }
  });

  // R-ACCOUNT-RESET-REQUEST
  it('answers a reset request the same for known and unknown emails', async () => {
    const c = new Client(svc.url, { 'x-forwarded-for': '10.5.0.1' });
    const known = await c.call('POST', '/api/auth/request-reset', { email: ADMIN.email });
    const unknown = await c.call('POST', '/api/auth/request-reset', { email: 'nobody@nowhere.nl' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // Both are recorded (R-RESET-LIMIT) before the next test counts this hour's requests.
    await until(async () => {
      const [r] = await svc.ctx.sequelize.query<{ n: string }>(
        "SELECT count(*) n FROM reset_requests WHERE client_ip = '10.5.0.1'",
        { type: QueryTypes.SELECT },
      );
      return Number(r!.n) === 2;
    });
  });

  it('resets a password with a single-use token and refuses an expired one', async () => {
    const c = new Client(svc.url);
    // The three requests below are this hour's three emails (R-RESET-LIMIT).
    await svc.ctx.sequelize.query('DELETE FROM reset_requests');
    // Its own link: a new one ends the earlier ones (R-ACCOUNT-LINKS-END).
    const links = async () => {
      const [r] = await svc.ctx.sequelize.query<{ n: string }>(
        "SELECT count(*) n FROM outbox WHERE type = 'identity.password-reset.requested'",
        { type: QueryTypes.SELECT },
      );
      return Number(r!.n);
    };
    const sent = await links();
    await c.call(
      'POST',
      '/api/auth/request-reset',
      { email: ADMIN.email },
      { 'x-request-id': 'reset-request-0001' },
    );
    await until(async () => (await links()) > sent);
    const { token } = await latestLink(svc, 'identity.password-reset.requested');
    // Written after the answer, still with the request id and organisation it came with.
    const [event] = await svc.ctx.sequelize.query<{ headers: Record<string, string> }>(
      "SELECT headers FROM outbox WHERE type = 'identity.password-reset.requested' ORDER BY seq DESC LIMIT 1",
      { type: QueryTypes.SELECT },
    );
    expect(event!.headers).toEqual({
      [NATS_HEADERS.requestId]: 'reset-request-0001',
      [NATS_HEADERS.organisationId]: '1',
    });
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const [stored] = await svc.ctx.sequelize.query<{ n: string }>(
      'SELECT count(*) n FROM password_tokens WHERE token_hash = :token',
      { replacements: { token }, type: QueryTypes.SELECT },
    );
    expect(Number(stored!.n)).toBe(0); // only the hash is stored

    const newPassword = 'a brand new password';
    expect((await c.call('POST', '/api/auth/reset', { token, newPassword })).status).toBe(200);
    const again = await c.call('POST', '/api/auth/reset', {
      token,
      newPassword: 'yet another one',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('De link is ongeldig of verlopen.');
    expect((await c.login(ADMIN.email, newPassword)).status).toBe(200);

    // An expired token is refused.
    await c.call('POST', '/api/auth/request-reset', { email: ADMIN.email });
    await new Promise((r) => setTimeout(r, 300));
    const expired = await latestLink(svc, 'identity.password-reset.requested');
    await svc.ctx.sequelize.query(
      "UPDATE password_tokens SET expires_at = now() - interval '1 second' WHERE NOT used",
    );
    expect(
      (
        await c.call('POST', '/api/auth/reset', {
          token: expired.token,
          newPassword: 'whatever123',
        })
      ).status,
    ).toBe(400);
    // Put the password back for the other tests.
    await c.call('POST', '/api/auth/request-reset', { email: ADMIN.email });
    await new Promise((r) => setTimeout(r, 300));
    const restore = await latestLink(svc, 'identity.password-reset.requested');
    expect(
      (
        await c.call('POST', '/api/auth/reset', {
          token: restore.token,
          newPassword: ADMIN.password,
        })
      ).status,
    ).toBe(200);
  });

  it('validates reset input with the R-ACCOUNT-PASSWORD-LINKS messages', async () => {
    const res = await new Client(svc.url).call('POST', '/api/auth/reset', {
      token: '',
      newPassword: 'short',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toEqual({
      token: 'Token is verplicht',
      newPassword: 'Wachtwoord moet minimaal 8 karakters bevatten',
    });
  });

  // R-SEC-CSRF
  it('refuses a cross-origin POST with 403 CSRF_REJECTED', async () => {
    const res = await new Client(svc.url).call(
      'POST',
      '/api/auth/login',
      { email: ADMIN.email, password: ADMIN.password },
      {
        origin: 'https://evil.example',
      },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_REJECTED');
  });

  // R-RATE-LOGIN: LOGIN_RATE_LIMIT failed logins for one email.
  it('gives 429 with Retry-After on the 11th failed login for one email', async () => {
    const email = 'target@school.nl';
    for (let i = 0; i < 10; i += 1) {
      const c = new Client(svc.url, { 'x-forwarded-for': `10.1.0.${i}` });
      expect((await c.login(email, 'guess')).status).toBe(401);
    }
    const eleventh = await new Client(svc.url, { 'x-forwarded-for': '10.1.1.1' }).login(
      email,
      'guess',
    );
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.code).toBe('RATE_LIMITED');
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  // R-RATE-LOGIN: LOGIN_RATE_LIMIT failed logins from one client address.
  it('gives 429 on the 11th failed login from one address across emails', async () => {
    const c = new Client(svc.url, { 'x-forwarded-for': '10.2.0.1' });
    for (let i = 0; i < 10; i += 1) expect((await c.login(`u${i}@x.nl`, 'guess')).status).toBe(401);
    expect((await c.login(ADMIN.email, ADMIN.password)).status).toBe(429);
  });
});

describe('limits that hold under concurrency', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await start({ env: await identityEnv(infra, { LOGIN_RATE_LIMIT: '10' }) });
  });
  afterAll(async () => {
    // The next tests log the bootstrap admin in from these addresses' neighbours.
    await svc?.ctx.sequelize.query('DELETE FROM login_failures');
    await svc?.stop();
  });

  const count = async (sql: string) => {
    const [row] = await svc.ctx.sequelize.query<{ n: string }>(sql, { type: QueryTypes.SELECT });
    return Number(row!.n);
  };
  const resetEmails = () =>
    count("SELECT count(*) n FROM outbox WHERE type = 'identity.password-reset.requested'");

  it('answers 100 parallel wrong passwords for one email with exactly LOGIN_RATE_LIMIT 401s and the rest 429 (R-LOGIN-LIMIT)', async () => {
    await svc.ctx.sequelize.query('DELETE FROM login_failures');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        new Client(svc.url, { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` }).login(
          ADMIN.email,
          `guess ${i}`,
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
  });

  it('does not count right passwords against the limit: 12 logins in a row from one address all succeed', async () => {
    const c = new Client(svc.url, { 'x-forwarded-for': '10.8.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await c.login('other@school.nl')).status);
    // An unknown account: 10 failures, then the limit; a known one below shows the release.
    expect(statuses.slice(10)).toEqual([429, 429]);
    const known = new Client(svc.url, { 'x-forwarded-for': '10.8.0.2' });
    await svc.ctx.sequelize.query('DELETE FROM login_failures');
    const ok: number[] = [];
    for (let i = 0; i < 12; i += 1) ok.push((await known.login()).status);
    expect(ok).toEqual(Array(12).fill(200));
    expect(await count('SELECT count(*) n FROM login_failures')).toBe(0);
  });

  it('sends at most 3 reset emails per address in an hour, 5 requests at once, and answers the same (R-RESET-LIMIT)', async () => {
    await svc.ctx.sequelize.query('DELETE FROM reset_requests');
    const before = await resetEmails();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        new Client(svc.url, { 'x-forwarded-for': `10.7.0.${i}` }).call(
          'POST',
          '/api/auth/request-reset',
          { email: ADMIN.email },
        ),
      ),
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array(5).fill([200, { success: true }]));
    await until(async () => (await count('SELECT count(*) n FROM reset_requests')) === 5);
    expect((await resetEmails()) - before).toBe(3);
  });

  it('takes 10 reset requests an hour from one client address that may send: the 11th sends nothing, another address still can', async () => {
    await svc.ctx.sequelize.query('DELETE FROM reset_requests');
    const before = await resetEmails();
    const one = new Client(svc.url, { 'x-forwarded-for': '10.6.0.1' });
    for (let i = 0; i < 10; i += 1) {
      await one.call('POST', '/api/auth/request-reset', { email: `nobody${i}@school.nl` });
    }
    await until(async () => (await count('SELECT count(*) n FROM reset_requests')) === 10);
    const eleventh = await one.call('POST', '/api/auth/request-reset', { email: ADMIN.email });
    expect([eleventh.status, eleventh.body]).toEqual([200, { success: true }]);
    await until(async () => (await count('SELECT count(*) n FROM reset_requests')) === 11);
    expect(await resetEmails()).toBe(before);
    await new Client(svc.url, { 'x-forwarded-for': '10.6.0.2' }).call(
      'POST',
      '/api/auth/request-reset',
      { email: ADMIN.email },
    );
    await until(async () => (await resetEmails()) === before + 1);
  });
});

describe('sessions under https', () => {
  // R-SEC-SESSION-COOKIE
  it('marks the cookie Secure when PUBLIC_BASE_URL is https', async () => {
    const svc = await start({
      env: await identityEnv(infra, { PUBLIC_BASE_URL: 'https://aanmelden.example.nl' }),
    });
    try {
      const c = new Client(svc.url);
      expect((await c.login()).status).toBe(200);
      expect(c.lastSetCookie).toMatch(/Secure/);
    } finally {
      await svc.stop();
    }
  });
});
