import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes, seal, unseal, type RunningService } from '@nsa/service-kit';
import { TEST_SESSION_SECRET } from '@nsa/service-kit/testing';
import { hashPassword } from '../src/domain/passwords.js';
import { newTotpSecret } from '../src/domain/two-step.js';
import { codeAt } from './helpers.js';
import { start } from '../src/start.js';
import { ADMIN, Client, IDENTITY_SECRET, identityEnv, latestLink } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const PASSWORD = 'a long enough password';
const LIMIT = 10;

describe('svc-identity hardening', () => {
  let svc: RunningService;
  let admin: Client;
  const env = () => identityEnv(infra, { LOGIN_RATE_LIMIT: String(LIMIT) });

  const rows = <T extends object = Record<string, unknown>>(
    sql: string,
    replacements: Record<string, unknown> = {},
  ): Promise<T[]> => svc.ctx.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  const count = async (sql: string, replacements: Record<string, unknown> = {}) =>
    Number((await rows<{ n: string }>(sql, replacements))[0]!.n);
  const auditEvents = () =>
    count("SELECT count(*) AS n FROM outbox WHERE type = 'identity.audit.recorded'");

  beforeAll(async () => {
    svc = await start({ env: await env() });
    // Other files change the bootstrap admin's password; this one sets it back first.
    await svc.ctx.sequelize.query(
      'UPDATE users SET password_hash = :hash WHERE lower(email) = lower(:email)',
      { replacements: { hash: await hashPassword(ADMIN.password), email: ADMIN.email } },
    );
    await svc.ctx.sequelize.query('DELETE FROM login_failures');
    admin = new Client(svc.url, { 'x-forwarded-for': '10.88.0.1' });
    expect((await admin.login()).status).toBe(200);
  });
  afterAll(() => svc?.stop());

  /** A user of its own with a password, made as an admin makes one (welcome link). */
  async function newUser(email: string): Promise<number> {
    const made = await admin.call('POST', '/api/admin/users', { name: 'Harm Hard', email });
    expect(made.status).toBe(201);
    const { token } = await latestLink(svc, 'identity.admin.created');
    const set = await new Client(svc.url).call('POST', '/api/auth/reset', {
      token,
      newPassword: PASSWORD,
    });
    expect(set.status).toBe(200);
    return made.body.id as number;
  }

  describe('R-TOTP-KEY: tickets and TOTP secrets are sealed with a key of identity alone', () => {
    it('refuses an enrolment ticket forged with the session secret, with and without a session', async () => {
      const email = 'forger-target@school.nl';
      const uid = await newUser(email);
      const secret = newTotpSecret();
      const forged = seal(JSON.stringify({ uid, secret, login: true }), {
        secret: TEST_SESSION_SECRET,
        purpose: 'totp-enrolment',
        ttlMs: 600_000,
      });
      // Without a session: a `login` ticket would start one without a password.
      const stranger = new Client(svc.url, { 'x-forwarded-for': '10.88.1.1' });
      const login = await stranger.call('POST', '/api/auth/totp/enable', {
        ticket: forged,
        code: codeAt(secret),
      });
      expect(login.status).toBe(400);
      expect(stranger.cookie).toBe('');
      // With the user's own session: the forged secret is not taken either.
      const user = new Client(svc.url, { 'x-forwarded-for': '10.88.1.2' });
      expect((await user.login(email, PASSWORD)).status).toBe(200);
      const settings = await user.call('POST', '/api/auth/totp/enable', {
        ticket: forged,
        code: codeAt(secret),
      });
      expect(settings.status).toBe(400);
      expect(
        await count('SELECT count(*) AS n FROM totp_credentials WHERE user_id = :uid', { uid }),
      ).toBe(0);
      // A real ticket does not open with the session secret.
      const setup = await user.call('POST', '/api/auth/totp/setup');
      expect(setup.status).toBe(200);
      expect(
        unseal(setup.body.ticket, { secret: TEST_SESSION_SECRET, purpose: 'totp-enrolment' }),
      ).toBeNull();
      expect(
        unseal(setup.body.ticket, { secret: IDENTITY_SECRET, purpose: 'totp-enrolment' }),
      ).not.toBeNull();
    });

    it('keeps a TOTP secret stored under the session secret working, and seals it anew under the identity secret (at a login and on start)', async () => {
      const legacy = async (uid: number, secret: string) => {
        await svc.ctx.sequelize.query(
          `INSERT INTO totp_credentials (user_id, secret_sealed, last_step) VALUES (:uid, :sealed, 0)`,
          {
            replacements: {
              uid,
              sealed: seal(secret, { secret: TEST_SESSION_SECRET, purpose: 'totp-secret' }),
            },
          },
        );
      };
      const stored = async (uid: number) =>
        (
          await rows<{ s: string }>(
            'SELECT secret_sealed AS s FROM totp_credentials WHERE user_id = :uid',
            { uid },
          )
        )[0]!.s;
      const opens = (sealed: string, key: string) =>
        unseal(sealed, { secret: key, purpose: 'totp-secret' });

      // At a login: the code of the old seal's secret works, and the seal is replaced.
      const loginEmail = 'legacy-login@school.nl';
      const first = await newUser(loginEmail);
      const firstSecret = newTotpSecret();
      await legacy(first, firstSecret);
      const c = new Client(svc.url, { 'x-forwarded-for': '10.88.2.1' });
      const res = await c.call('POST', '/api/auth/login', {
        email: loginEmail,
        password: PASSWORD,
        code: codeAt(firstSecret),
      });
      expect(res.status).toBe(200);
      expect(opens(await stored(first), TEST_SESSION_SECRET)).toBeNull();
      expect(opens(await stored(first), IDENTITY_SECRET)).toBe(firstSecret);

      // On start: every secret still under the old key is sealed anew before anyone logs in.
      const second = await newUser('legacy-start@school.nl');
      const secondSecret = newTotpSecret();
      await legacy(second, secondSecret);
      await svc.stop();
      svc = await start({ env: await env() });
      admin = new Client(svc.url, { 'x-forwarded-for': '10.88.0.1' });
      expect((await admin.login()).status).toBe(200);
      expect(opens(await stored(second), TEST_SESSION_SECRET)).toBeNull();
      expect(opens(await stored(second), IDENTITY_SECRET)).toBe(secondSecret);
      const again = await new Client(svc.url, { 'x-forwarded-for': '10.88.2.2' }).call(
        'POST',
        '/api/auth/login',
        { email: 'legacy-start@school.nl', password: PASSWORD, code: codeAt(secondSecret) },
      );
      expect(again.status).toBe(200);
    });

    it('rotates IDENTITY_SECRET: with the old one as IDENTITY_SECRET_PREVIOUS every stored secret is sealed anew on start, and its codes keep working', async () => {
      const NEW_SECRET = 'the-identity-secret-after-a-rotation-0123456789abcdef';
      const email = 'rotation@school.nl';
      const uid = await newUser(email);
      const secret = newTotpSecret();
      await svc.ctx.sequelize.query(
        `INSERT INTO totp_credentials (user_id, secret_sealed, last_step) VALUES (:uid, :sealed, 0)`,
        {
          replacements: {
            uid,
            sealed: seal(secret, { secret: IDENTITY_SECRET, purpose: 'totp-secret' }),
          },
        },
      );
      const stored = async () =>
        (
          await rows<{ s: string }>(
            'SELECT secret_sealed AS s FROM totp_credentials WHERE user_id = :uid',
            { uid },
          )
        )[0]!.s;
      const opens = async (key: string) =>
        unseal(await stored(), { secret: key, purpose: 'totp-secret' });
      const restart = async (extra: Record<string, string>) => {
        await svc.stop();
        svc = await start({ env: { ...(await env()), ...extra } });
      };
      const loginWithCode = (at: number, ip: string) =>
        new Client(svc.url, { 'x-forwarded-for': ip }).call('POST', '/api/auth/login', {
          email,
          password: PASSWORD,
          code: codeAt(secret, at),
        });
      try {
        await restart({ IDENTITY_SECRET: NEW_SECRET, IDENTITY_SECRET_PREVIOUS: IDENTITY_SECRET });
        expect(await opens(IDENTITY_SECRET)).toBeNull();
        expect(await opens(NEW_SECRET)).toBe(secret);
        expect((await loginWithCode(Date.now(), '10.88.3.1')).status).toBe(200);
      } finally {
        // And back, the same way, for the tests after this one.
        await restart({ IDENTITY_SECRET_PREVIOUS: NEW_SECRET });
        admin = new Client(svc.url, { 'x-forwarded-for': '10.88.0.1' });
        expect((await admin.login()).status).toBe(200);
      }
      expect(await opens(IDENTITY_SECRET)).toBe(secret);
      expect((await loginWithCode(Date.now() + 30_000, '10.88.3.2')).status).toBe(200);
    });
  });

  describe('R-ACCOUNT-LINKS-END: only the last link of an account works', () => {
    it('ends the setup link sent to the old address when the email is corrected, and sends a new one to the corrected address', async () => {
      const made = await admin.call('POST', '/api/admin/users', {
        name: 'Wim Verkeerd',
        email: 'wim@wrong-school.nl',
      });
      expect(made.status).toBe(201);
      const wrong = await latestLink(svc, 'identity.admin.created');
      expect(wrong.email).toBe('wim@wrong-school.nl');
      const fixed = await admin.call('PUT', `/api/admin/users/${made.body.id}`, {
        name: 'Wim Verkeerd',
        email: 'wim@school.nl',
        role: 'admin',
      });
      expect(fixed.status).toBe(200);
      const old = await new Client(svc.url).call('POST', '/api/auth/reset', {
        token: wrong.token,
        newPassword: PASSWORD,
      });
      expect(old.status).toBe(400);
      const right = await latestLink(svc, 'identity.admin.created');
      expect(right.email).toBe('wim@school.nl');
      const set = await new Client(svc.url).call('POST', '/api/auth/reset', {
        token: right.token,
        newPassword: PASSWORD,
      });
      expect(set.status).toBe(200);
    });

    it('lets only the link of the last reset request work, and a new password ends every other link', async () => {
      const email = 'twice@school.nl';
      const uid = await newUser(email);
      const request = async (ip: string) => {
        const before = await count(
          "SELECT count(*) AS n FROM outbox WHERE type = 'identity.password-reset.requested'",
        );
        const res = await new Client(svc.url, { 'x-forwarded-for': ip }).call(
          'POST',
          '/api/auth/request-reset',
          { email },
        );
        expect(res.status).toBe(200);
        const end = Date.now() + 5000;
        while (
          (await count(
            "SELECT count(*) AS n FROM outbox WHERE type = 'identity.password-reset.requested'",
          )) === before
        ) {
          if (Date.now() > end) throw new Error('no reset link issued');
          await new Promise((r) => setTimeout(r, 50));
        }
        return latestLink(svc, 'identity.password-reset.requested');
      };
      const first = await request('10.88.3.1');
      const second = await request('10.88.3.2');
      expect(second.token).not.toBe(first.token);
      const reset = (token: string) =>
        new Client(svc.url).call('POST', '/api/auth/reset', { token, newPassword: PASSWORD });
      expect((await reset(first.token)).status).toBe(400);

      // A link made some other way that is still live ends when the password is set.
      await svc.ctx.sequelize.query(
        `INSERT INTO password_tokens (user_id, email, token_hash, purpose, expires_at)
         VALUES (:uid, :email, repeat('a', 64), 'reset', now() + interval '1 hour')`,
        { replacements: { uid, email } },
      );
      expect((await reset(second.token)).status).toBe(200);
      expect(
        await count('SELECT count(*) AS n FROM password_tokens WHERE user_id = :uid AND NOT used', {
          uid,
        }),
      ).toBe(0);
    });

    it('checks the token before it hashes the new password: an unknown token costs no argon2 hash', async () => {
      const hashes = async () =>
        (
          await svc.ctx.metrics.registry
            .getSingleMetric('nsa_identity_password_hashes_total')
            ?.get()
        )?.values[0]?.value ?? 0;
      const before = await hashes();
      const res = await new Client(svc.url).call('POST', '/api/auth/reset', {
        token: 'a'.repeat(43),
        newPassword: PASSWORD,
      });
      expect(res.status).toBe(400);
      expect(await hashes()).toBe(before);
      // The counter does count a reset with a live token.
      await newUser('hashed-once@school.nl');
      expect(await hashes()).toBe(before + 1);
    });
  });

  describe('R-LOGIN-TALLY: failed logins for unknown accounts are counted, not stored one row each', () => {
    it('stores 50 failed logins for 50 made-up addresses from 50 clients as one count, and keeps the limit’s rows only for its window', async () => {
      await svc.ctx.sequelize.query('DELETE FROM login_failure_tallies');
      await svc.ctx.sequelize.query('DELETE FROM login_failures');
      const audit = await auditEvents();
      for (let i = 0; i < 50; i++) {
        const c = new Client(svc.url, { 'x-forwarded-for': `10.89.${i}.1` });
        expect((await c.login(`made-up-${i}@nowhere.example`, 'whatever')).status).toBe(401);
      }
      expect(await auditEvents()).toBe(audit);
      expect(await rows('SELECT reason, attempts FROM login_failure_tallies')).toEqual([
        { reason: 'unknown-account', attempts: 50 },
      ]);
      // The limit's own rows count only within its window; past it they are gone.
      expect(await count('SELECT count(*) AS n FROM login_failures')).toBe(50);
      await svc.ctx.sequelize.query("UPDATE login_failures SET at = at - interval '16 minutes'");
      const later = new Client(svc.url, { 'x-forwarded-for': '10.89.99.1' });
      expect((await later.login('made-up-again@nowhere.example', 'whatever')).status).toBe(401);
      expect(await count('SELECT count(*) AS n FROM login_failures')).toBe(1);

      // Once the hour is over, its count is one audit entry.
      await svc.ctx.sequelize.query(
        "UPDATE login_failure_tallies SET hour = hour - interval '1 hour'",
      );
      expect((await later.login('made-up-last@nowhere.example', 'whatever')).status).toBe(401);
      const [entry] = await rows<{ data: { reason: string; changes: unknown } }>(
        `SELECT data FROM outbox WHERE type = 'identity.audit.recorded' ORDER BY seq DESC LIMIT 1`,
      );
      expect(entry!.data).toMatchObject({
        action: 'login.failed',
        reason: 'unknown-account',
        changes: { attempts: { before: null, after: 51 } },
      });
      expect(await auditEvents()).toBe(audit + 1);
    });

    it(`holds the limit: 50 made-up addresses from one client give ${LIMIT} answers 401 and the rest 429, stored as two counts`, async () => {
      await svc.ctx.sequelize.query('DELETE FROM login_failure_tallies');
      await svc.ctx.sequelize.query('DELETE FROM login_failures');
      const audit = await auditEvents();
      const c = new Client(svc.url, { 'x-forwarded-for': '10.90.0.1' });
      const statuses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => c.login(`spray-${i}@nowhere.example`, 'x')),
      ).then((all) => all.map((r) => r.status));
      expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50 - LIMIT);
      expect(await auditEvents()).toBe(audit);
      expect(
        await rows('SELECT reason, attempts FROM login_failure_tallies ORDER BY reason'),
      ).toEqual([
        { reason: 'rate-limited', attempts: 50 - LIMIT },
        { reason: 'unknown-account', attempts: LIMIT },
      ]);
      expect(await count('SELECT count(*) AS n FROM login_failures')).toBe(LIMIT);
    });
  });
});
