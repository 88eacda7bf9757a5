// R-ACCOUNT-CLI: svc-identity's CLI (what `npm run admin:create -- --email … --name …` runs on the
// service's own database) makes an administrator without a password and prints a one-time setup
// link, for an install where nobody can log in yet.
import { describe, expect, inject, it } from 'vitest';
import { QueryTypes } from '@nsa/service-kit';
import { Client, serviceWithProgram } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('admin:create (R-ACCOUNT-CLI)', () => {
  const { service, run: adminCreate } = serviceWithProgram(infra, 'admin-create');

  const accounts = async (email: string) =>
    service().ctx.sequelize.query<{ role: string; hasPassword: boolean }>(
      `SELECT role, password_hash IS NOT NULL AS "hasPassword" FROM users
       WHERE lower(email) = lower(:email)`,
      { replacements: { email }, type: QueryTypes.SELECT },
    );

  it('creates an admin without a password and prints a setup link that works once', async () => {
    const email = 'cli.beheer@school.nl';
    const run = adminCreate('--email', email, '--name', 'Cli Beheer');
    expect(run.status, run.stderr).toBe(0);
    const link = /^http:\/\/localhost:8080\/reset-password\?token=\S+$/m.exec(run.stdout)?.[0];
    expect(link, run.stdout).toBeDefined();
    expect(await accounts(email)).toEqual([{ role: 'admin', hasPassword: false }]);

    const token = new URL(link!).searchParams.get('token')!;
    const client = new Client(service().url);
    const set = (newPassword: string) =>
      client.call('POST', '/api/auth/reset', { token, newPassword });
    expect((await set('cli password 1')).status).toBe(200);
    expect((await set('cli password 2')).status).toBe(400);
    const login = await client.login(email, 'cli password 1');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, name: 'Cli Beheer', role: 'admin' });
  });

  it('refuses an email an account already has, and a call without a name, creating nothing', async () => {
    const email = 'cli.dubbel@school.nl';
    expect(adminCreate('--email', email, '--name', 'Eerste').status).toBe(0);
    const again = adminCreate('--email', email.toUpperCase(), '--name', 'Tweede');
    expect(again.status).not.toBe(0);
    expect(again.stdout).not.toContain('reset-password');
    const nameless = adminCreate('--email', 'cli.naamloos@school.nl');
    expect(nameless.status).not.toBe(0);
    expect(await accounts(email)).toHaveLength(1);
    expect(await accounts('cli.naamloos@school.nl')).toEqual([]);
  });
});
