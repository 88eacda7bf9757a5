import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes, type RunningService } from '@nsa/service-kit';
import { hashPassword } from '../src/domain/passwords.js';
import { codeAt } from './helpers.js';
import { start } from '../src/start.js';
import { ADMIN, Client, identityEnv, latestLink } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const PASSWORD = 'a long enough password';
const STEP_MS = 30_000;

/** A user of its own with a password, made as an admin makes one (welcome link, then reset). */
async function newUser(svc: RunningService, admin: Client, email: string): Promise<number> {
  const made = await admin.call('POST', '/api/admin/users', { name: 'Tessa Twee', email });
  expect(made.status).toBe(201);
  const { token } = await latestLink(svc, 'identity.admin.created');
  const set = await new Client(svc.url).call('POST', '/api/auth/reset', {
    token,
    newPassword: PASSWORD,
  });
  expect(set.status).toBe(200);
  return made.body.id as number;
}

async function asAdmin(svc: RunningService): Promise<Client> {
  // Other files change the bootstrap admin's password; this one sets it back first.
  await svc.ctx.sequelize.query(
    'UPDATE users SET password_hash = :hash WHERE lower(email) = lower(:email)',
    { replacements: { hash: await hashPassword(ADMIN.password), email: ADMIN.email } },
  );
  await svc.ctx.sequelize.query('DELETE FROM login_failures');
  const admin = new Client(svc.url, { 'x-forwarded-for': '10.77.0.1' });
  expect((await admin.login()).status).toBe(200);
  return admin;
}

describe('two-step login (R-TOTP)', () => {
  let svc: RunningService;
  let admin: Client;
  beforeAll(async () => {
    svc = await start({ env: await identityEnv(infra, { LOGIN_RATE_LIMIT: '10' }) });
    admin = await asAdmin(svc);
  });
  afterAll(() => svc?.stop());

  const rows = <T extends object = Record<string, unknown>>(
    sql: string,
    replacements: Record<string, unknown>,
  ): Promise<T[]> => svc.ctx.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });

  it('enrols with a QR code and the first code, then asks every login for a code that works once, or a recovery code that works once', async () => {
    const email = 'tessa@school.nl';
    const id = await newUser(svc, admin, email);
    const user = new Client(svc.url, { 'x-forwarded-for': '10.77.1.1' });
    expect((await user.login(email, PASSWORD)).status).toBe(200);
    expect((await user.call('GET', '/api/auth/me')).body.user.totpEnabled).toBe(false);

    const setup = await user.call('POST', '/api/auth/totp/setup');
    expect(setup.status).toBe(200);
    const { ticket, secret, uri, qrCodeDataUrl } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(uri).toContain(encodeURIComponent(email));
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Nothing is stored until the first code confirms it.
    expect(await rows('SELECT 1 FROM totp_credentials WHERE user_id = :id', { id })).toHaveLength(
      0,
    );

    const wrong = await user.call('POST', '/api/auth/totp/enable', { ticket, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.code).toBe('Onjuiste of al gebruikte code.');
    const forged = await user.call('POST', '/api/auth/totp/enable', {
      ticket: ticket.slice(0, -4) + 'AAAA',
      code: codeAt(secret),
    });
    expect(forged.status).toBe(400);

    // Kept as sent: a later step's code would be a fresh one, however close the clock is to a step's end.
    const enrolCode = codeAt(secret);
    const on = await user.call('POST', '/api/auth/totp/enable', { ticket, code: enrolCode });
    expect(on.status).toBe(200);
    const codes: string[] = on.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect((await user.call('GET', '/api/auth/me')).body.user.totpEnabled).toBe(true);
    const listed = (await admin.call('GET', '/api/admin/users')).body.find(
      (u: { id: number }) => u.id === id,
    );
    expect(listed.totpEnabled).toBe(true);
    const again = await user.call('POST', '/api/auth/totp/enable', {
      ticket,
      code: codeAt(secret),
    });
    expect(again.status).toBe(409);

    // Stored sealed and hashed: neither the secret nor a recovery code is readable in the table.
    const [stored] = await rows<{ secret_sealed: string }>(
      'SELECT secret_sealed FROM totp_credentials WHERE user_id = :id',
      { id },
    );
    expect(stored!.secret_sealed).not.toContain(secret);
    const hashes = await rows<{ code_hash: string }>(
      'SELECT code_hash FROM totp_recovery_codes WHERE user_id = :id',
      { id },
    );
    expect(hashes).toHaveLength(10);
    for (const h of hashes) for (const c of codes) expect(h.code_hash).not.toContain(c.slice(0, 5));

    // The password alone no longer logs in, and costs no attempt of the limit.
    const fresh = new Client(svc.url, { 'x-forwarded-for': '10.77.1.2' });
    const missing = await fresh.login(email, PASSWORD);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      code: 'TOTP_REQUIRED',
      message: 'Voer de code uit uw authenticator-app in.',
    });
    expect(fresh.cookie).toBe('');
    // The code of the enrolment's step is used up; the next step's works, once.
    const used = await fresh.call('POST', '/api/auth/login', {
      email,
      password: PASSWORD,
      code: enrolCode,
    });
    expect(used.status).toBe(401);
    expect(used.body.message).toBe('Onjuiste of al gebruikte code.');
    const next = codeAt(secret, Date.now() + STEP_MS);
    const ok = await fresh.call('POST', '/api/auth/login', {
      email,
      password: PASSWORD,
      code: next,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.totpEnabled).toBe(true);
    expect(fresh.cookie).not.toBe('');
    const replay = await new Client(svc.url).call('POST', '/api/auth/login', {
      email,
      password: PASSWORD,
      code: next,
    });
    expect(replay.status).toBe(401);
    // After a logout the next login asks for the code again.
    expect((await fresh.call('POST', '/api/auth/logout')).status).toBe(200);
    expect((await fresh.login(email, PASSWORD)).body.code).toBe('TOTP_REQUIRED');
    // A wrong code counts against the login limit like a wrong password.
    const [failures] = await rows<{ n: string }>(
      "SELECT count(*) n FROM login_failures WHERE client_ip = '10.77.1.2'",
      {},
    );
    expect(Number(failures!.n)).toBe(1);

    // Recovery: a code logs in once, typed in capitals and without its dash too.
    const recovery = codes[0]!.replace('-', '').toUpperCase();
    const byCode = new Client(svc.url, { 'x-forwarded-for': '10.77.1.3' });
    const rec = await byCode.call('POST', '/api/auth/login', {
      email,
      password: PASSWORD,
      recoveryCode: recovery,
    });
    expect(rec.status).toBe(200);
    const twice = await new Client(svc.url).call('POST', '/api/auth/login', {
      email,
      password: PASSWORD,
      recoveryCode: recovery,
    });
    expect(twice.status).toBe(401);
    expect(
      await rows('SELECT 1 FROM totp_recovery_codes WHERE user_id = :id', { id }),
    ).toHaveLength(9);
    // A recovery code is no way around the password.
    const noPassword = await new Client(svc.url).call('POST', '/api/auth/login', {
      email,
      password: 'not the password',
      recoveryCode: codes[1],
    });
    expect(noPassword.status).toBe(401);
    expect(
      await rows('SELECT 1 FROM totp_recovery_codes WHERE user_id = :id', { id }),
    ).toHaveLength(9);

    // The audit log has the enrolment and the recovery login, and no secret or code.
    const audit = await rows<{ action: string; reason: string | null; changes: unknown }>(
      "SELECT data->>'action' AS action, data->>'reason' AS reason, data AS changes FROM outbox WHERE type = 'identity.audit.recorded' AND data->'target'->>'id' = :id",
      { id: String(id) },
    );
    expect(audit.map((a) => a.action)).toContain('totp.enabled');
    expect(audit.find((a) => a.reason === 'recovery-code')?.action).toBe('login.succeeded');
    expect(audit.find((a) => a.reason === 'wrong-code')?.action).toBe('login.failed');
    const text = JSON.stringify(audit);
    expect(text).not.toContain(secret);
    for (const c of codes) expect(text).not.toContain(c);
  });

  it('turns two-step login off with the password again, or by another admin for a user who lost everything', async () => {
    const email = 'tim@school.nl';
    const id = await newUser(svc, admin, email);
    const user = new Client(svc.url, { 'x-forwarded-for': '10.77.2.1' });
    await user.login(email, PASSWORD);
    const enrol = async () => {
      const { ticket, secret } = (await user.call('POST', '/api/auth/totp/setup')).body;
      expect(
        (await user.call('POST', '/api/auth/totp/enable', { ticket, code: codeAt(secret) })).status,
      ).toBe(200);
    };
    await enrol();
    const wrong = await user.call('POST', '/api/auth/totp/disable', { password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.password).toBe('Onjuist wachtwoord.');
    expect((await user.call('POST', '/api/auth/totp/disable', { password: PASSWORD })).status).toBe(
      200,
    );
    expect((await new Client(svc.url).login(email, PASSWORD)).status).toBe(200);
    expect((await user.call('POST', '/api/auth/totp/disable', { password: PASSWORD })).status).toBe(
      409,
    );

    await enrol();
    expect((await admin.call('DELETE', `/api/admin/users/${id}/totp`)).status).toBe(200);
    expect((await new Client(svc.url).login(email, PASSWORD)).status).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/users/${id}/totp`)).status).toBe(409);
    expect((await admin.call('DELETE', '/api/admin/users/999999/totp')).status).toBe(404);
    // Not for a provider, nor without a session.
    expect((await new Client(svc.url).call('DELETE', `/api/admin/users/${id}/totp`)).status).toBe(
      401,
    );
    expect((await new Client(svc.url).call('POST', '/api/auth/totp/setup')).status).toBe(401);
  });
});

describe('two-step login required (ADMIN_2FA_REQUIRED=1)', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await start({
      env: await identityEnv(infra, { LOGIN_RATE_LIMIT: '10', ADMIN_2FA_REQUIRED: '1' }),
    });
  });
  afterAll(async () => {
    // The bootstrap admin logs in with the password alone again in the other files.
    await svc?.ctx.sequelize.query('DELETE FROM totp_credentials');
    await svc?.ctx.sequelize.query('DELETE FROM login_failures');
    await svc?.stop();
  });

  it('gives an account without it an enrolment instead of a session; the first code completes the login', async () => {
    await svc.ctx.sequelize.query(
      'DELETE FROM totp_credentials WHERE user_id = (SELECT id FROM users WHERE lower(email) = lower(:email))',
      { replacements: { email: ADMIN.email } },
    );
    await svc.ctx.sequelize.query(
      'UPDATE users SET password_hash = :hash WHERE lower(email) = lower(:email)',
      { replacements: { hash: await hashPassword(ADMIN.password), email: ADMIN.email } },
    );
    await svc.ctx.sequelize.query('DELETE FROM login_failures');
    const c = new Client(svc.url, { 'x-forwarded-for': '10.78.0.1' });
    const first = await c.login();
    expect(first.status).toBe(200);
    expect(first.body.user).toBeUndefined();
    const { ticket, secret, qrCodeDataUrl } = first.body.totpEnrolment;
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(c.cookie).toBe('');
    expect((await c.call('GET', '/api/admin/users')).status).toBe(401);

    const done = await c.call('POST', '/api/auth/totp/enable', { ticket, code: codeAt(secret) });
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.body.user).toMatchObject({ name: ADMIN.name, totpEnabled: true });
    expect(c.cookie).not.toBe('');
    expect((await c.call('GET', '/api/admin/users')).status).toBe(200);

    // From now on the code is asked, and it cannot be turned off.
    expect((await new Client(svc.url).login()).body.code).toBe('TOTP_REQUIRED');
    const off = await c.call('POST', '/api/auth/totp/disable', { password: ADMIN.password });
    expect(off.status).toBe(409);
    // A settings enrolment's ticket does not log anyone in.
    const setup = (await c.call('POST', '/api/auth/totp/setup')).body;
    const stranger = await new Client(svc.url).call('POST', '/api/auth/totp/enable', {
      ticket: setup.ticket,
      code: codeAt(setup.secret),
    });
    expect(stranger.status).toBe(400);
    expect(stranger.headers.get('set-cookie')).toBeNull();
  });
});
