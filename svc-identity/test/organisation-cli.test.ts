// R-ORG-ADD: svc-identity's program `organisation` (what `npm run organisation -- …` runs on the
// service's own database) adds an organisation found by its host names, with its first
// administrator, whose one-time setup link is on the new organisation's own address; it
// suspends and resumes one. An administrator of one organisation is unknown on another's host.
import { describe, expect, inject, it } from 'vitest';
import { QueryTypes, withOrganisation } from '@nsa/service-kit';
import { emailKey } from '../src/domain/tokens.js';
import { until } from '@nsa/service-kit/testing';
import { ADMIN, Client, latestLink, serviceWithProgram } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('organisation (R-ORG-ADD)', () => {
  const { service, run: organisation } = serviceWithProgram(infra, 'organisation');

  const add = (slug: string, host: string, adminEmail: string, ...more: string[]) =>
    organisation(
      'add',
      '--slug',
      slug,
      '--name',
      `Welzijn ${slug}`,
      '--contact-email',
      `info@${host}`,
      '--website',
      `https://www.${host}`,
      '--privacy-url',
      `https://www.${host}/privacy`,
      '--public-base-url',
      `https://${host}`,
      '--host',
      host,
      '--admin-email',
      adminEmail,
      '--admin-name',
      'Beheer Cli',
      ...more,
    );
  /** A client on the organisation's host, as the gateway would forward it. */
  const on = (host: string) => new Client(service().url, { 'x-organisation-host': host });
  const count = async (sql: string, replacements: Record<string, unknown>) => {
    const [row] = await service().ctx.sequelize.query<{ n: number }>(sql, {
      replacements,
      type: QueryTypes.SELECT,
    });
    return row!.n;
  };

  it("adds an organisation whose first administrator sets a password through a link on the organisation's own address and logs in there alone", async () => {
    // R-ORG-ACCOUNTS: the address of organisation 1's administrator, an account of its own here.
    const run = add('klaverstad', 'aanmelden.klaverstad.example', ADMIN.email);
    expect(run.status, run.stderr).toBe(0);
    const link = /^https:\/\/aanmelden\.klaverstad\.example\/reset-password\?token=\S+$/m.exec(
      run.stdout,
    )?.[0];
    expect(link, run.stdout).toBeDefined();
    const [made] = await service().ctx.sequelize.query<{ id: number; status: string }>(
      "SELECT id, status FROM organisations WHERE slug = 'klaverstad'",
      { type: QueryTypes.SELECT },
    );
    expect(made).toMatchObject({ status: 'active' });
    expect(made!.id).toBeGreaterThan(1);
    // Organisation answers are used again for 250 ms (R-ORG-HOST).
    await new Promise((r) => setTimeout(r, 300));

    const token = new URL(link!).searchParams.get('token')!;
    // The link's token is the new organisation's: unknown on organisation 1's host.
    const elsewhere = await on('localhost').call('POST', '/api/auth/reset', {
      token,
      newPassword: 'klaverstad wachtwoord 1',
    });
    expect(elsewhere.status).toBe(400);
    const own = on('aanmelden.klaverstad.example');
    expect(
      (await own.call('POST', '/api/auth/reset', { token, newPassword: 'klaverstad wachtwoord 1' }))
        .status,
    ).toBe(200);
    const login = await own.login(ADMIN.email, 'klaverstad wachtwoord 1');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ name: 'Beheer Cli', role: 'admin' });
    // Each organisation's account has its own password, valid on its own hosts alone.
    expect((await on('localhost').login(ADMIN.email, 'klaverstad wachtwoord 1')).status).toBe(401);
    expect((await own.login(ADMIN.email, ADMIN.password)).status).toBe(401);
    const first = await on('localhost').login(ADMIN.email, ADMIN.password);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ name: ADMIN.name });
  });

  // R-ORG-PAGES: the public pages on each host read their own organisation's settings.
  it("answers GET /api/app-config with the organisation of the request's host", async () => {
    const own = await on('aanmelden.klaverstad.example').call('GET', '/api/app-config');
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      organisation: {
        name: 'Welzijn klaverstad',
        contactEmail: 'info@aanmelden.klaverstad.example',
        website: 'https://www.aanmelden.klaverstad.example',
        privacyUrl: 'https://www.aanmelden.klaverstad.example/privacy',
        languages: ['nl', 'en', 'tr', 'ar', 'pl', 'uk'],
      },
    });
    const first = await on('localhost').call('GET', '/api/app-config');
    expect(first.status).toBe(200);
    // Organisation 1 as the deployment gives it (identity's default ORG_NAME here).
    expect(first.body.organisation).toMatchObject({ name: 'Welzijn Voorbeeldstad' });
  });

  // R-ORG-SETTINGS: its administrators change what its pages and emails say about it.
  it("lets the organisation's administrator change its name, contact address and links, shown by its public pages at the next request; organisation 1's are the deployment's", async () => {
    const host = 'aanmelden.klaverstad.example';
    const own = on(host);
    expect((await own.call('GET', '/api/settings/organisation')).status).toBe(401);
    expect((await own.login(ADMIN.email, 'klaverstad wachtwoord 1')).status).toBe(200);
    const before = await own.call('GET', '/api/settings/organisation');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      organisation: {
        name: 'Welzijn klaverstad',
        contactEmail: `info@${host}`,
        website: `https://www.${host}`,
        privacyUrl: `https://www.${host}/privacy`,
        mailFromName: null,
        languages: ['nl', 'en', 'tr', 'ar', 'pl', 'uk'],
        retentionMonths: 12,
        adminTwoStepRequired: false,
        publicBaseUrl: `https://${host}`,
        hosts: [host],
      },
      editable: true,
    });
    const changed = {
      name: 'Stichting Welzijn Klaverstad',
      contactEmail: 'vragen@klaverstad.example',
      website: 'https://klaverstad.example',
      privacyUrl: 'https://klaverstad.example/privacyverklaring',
    };
    const put = await own.call('PUT', '/api/settings/organisation', changed);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.organisation).toMatchObject(changed);
    // The next request of its public pages shows it.
    expect((await on(host).call('GET', '/api/app-config')).body).toEqual({
      organisation: { ...changed, languages: ['nl', 'en', 'tr', 'ar', 'pl', 'uk'] },
    });
    const [made] = await service().ctx.sequelize.query<{ id: number }>(
      "SELECT id FROM organisations WHERE slug = 'klaverstad'",
      { type: QueryTypes.SELECT },
    );
    const [audited] = await withOrganisation(made!.id, () =>
      service().ctx.sequelize.query<{ data: { changes: Record<string, unknown> } }>(
        "SELECT data FROM outbox WHERE type = 'identity.audit.recorded' AND data->>'action' = 'organisation.updated' ORDER BY seq DESC LIMIT 1",
        { type: QueryTypes.SELECT },
      ),
    );
    expect(Object.keys(audited?.data.changes ?? {}).sort()).toEqual(
      ['contactEmail', 'name', 'privacyUrl', 'website'].sort(),
    );
    // Bad input changes nothing and says which field, in the caller's language.
    const bad = await own.call(
      'PUT',
      '/api/settings/organisation',
      { ...changed, name: 'Anders', website: 'ftp://klaverstad.example' },
      { 'accept-language': 'en' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      website: 'Enter a web address that starts with https:// or http://',
    });
    expect((await own.call('GET', '/api/settings/organisation')).body.organisation.name).toBe(
      changed.name,
    );
    // Organisation 1's settings are the deployment's: shown, changed there.
    const first = on('localhost');
    expect((await first.login(ADMIN.email, ADMIN.password)).status).toBe(200);
    const theirs = await first.call('GET', '/api/settings/organisation');
    expect(theirs.body).toMatchObject({
      organisation: {
        name: 'Welzijn Voorbeeldstad',
        hosts: [],
        mailFromName: null,
        languages: ['nl', 'en', 'tr', 'ar', 'pl', 'uk'],
        retentionMonths: 12,
        adminTwoStepRequired: false,
      },
      editable: false,
    });
    const refused = await first.call('PUT', '/api/settings/organisation', changed);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect((await first.call('GET', '/api/app-config')).body.organisation.name).toBe(
      'Welzijn Voorbeeldstad',
    );
  });

  // R-ORG-SETTINGS, R-ORG-LANGUAGES: the sender name, public languages, retention months and
  // two-step rule, each holding from the next request on; what a page leaves out stays.
  it("lets the organisation's administrator set its sender name, public languages, retention months and two-step rule, which its pages, the other services and the next login use", async () => {
    const host = 'aanmelden.klaverstad.example';
    const own = on(host);
    expect((await own.login(ADMIN.email, 'klaverstad wachtwoord 1')).status).toBe(200);
    const current = (await own.call('GET', '/api/settings/organisation')).body.organisation;
    const { name, contactEmail, website, privacyUrl } = current;
    const put = await own.call('PUT', '/api/settings/organisation', {
      name,
      contactEmail,
      website,
      privacyUrl,
      mailFromName: 'Aanmelden Klaverstad',
      languages: ['tr', 'en', 'tr'],
      retentionMonths: 6,
      adminTwoStepRequired: true,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Dutch is always offered, and the languages come in their one order.
    expect(put.body.organisation).toMatchObject({
      mailFromName: 'Aanmelden Klaverstad',
      languages: ['nl', 'en', 'tr'],
      retentionMonths: 6,
      adminTwoStepRequired: true,
    });
    expect((await on(host).call('GET', '/api/app-config')).body.organisation.languages).toEqual([
      'nl',
      'en',
      'tr',
    ]);
    // Organisation 1's pages still offer every language.
    expect(
      (await on('localhost').call('GET', '/api/app-config')).body.organisation.languages,
    ).toEqual(['nl', 'en', 'tr', 'ar', 'pl', 'uk']);
    const [made] = await service().ctx.sequelize.query<{ id: number }>(
      "SELECT id FROM organisations WHERE slug = 'klaverstad'",
      { type: QueryTypes.SELECT },
    );
    // What the other services ask about it (its emails' sender, its retention run), at once.
    expect(
      await withOrganisation(made!.id, () => service().ctx.publicAddress.furtherNow()),
    ).toMatchObject({ mailFromName: 'Aanmelden Klaverstad', retentionMonths: 6 });
    const [audited] = await withOrganisation(made!.id, () =>
      service().ctx.sequelize.query<{ data: { changes: Record<string, unknown> } }>(
        "SELECT data FROM outbox WHERE type = 'identity.audit.recorded' AND data->>'action' = 'organisation.updated' ORDER BY seq DESC LIMIT 1",
        { type: QueryTypes.SELECT },
      ),
    );
    expect(Object.keys(audited?.data.changes ?? {}).sort()).toEqual(
      ['adminTwoStepRequired', 'languages', 'mailFromName', 'retentionMonths'].sort(),
    );
    // The next login of its administrator must set up two-step login first; organisation 1's
    // (the deployment's rule) not.
    const next = await on(host).login(ADMIN.email, 'klaverstad wachtwoord 1');
    expect(next.status).toBe(200);
    expect(next.body.totpEnrolment).toBeDefined();
    expect(next.body.user).toBeUndefined();
    expect((await on('localhost').login(ADMIN.email, ADMIN.password)).body.user).toBeDefined();

    // Bad values are refused by field and change nothing; a page that sends only the first four
    // fields leaves the others as they are; an empty sender name is the organisation's name.
    const bad = await own.call(
      'PUT',
      '/api/settings/organisation',
      { name, contactEmail, website, privacyUrl, retentionMonths: 0, languages: ['xx'] },
      { 'accept-language': 'en' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      retentionMonths: 'Choose a retention period from 1 to 120 months',
    });
    expect(Object.keys(bad.body.fields)).toContain('languages.0');
    const older = await own.call('PUT', '/api/settings/organisation', {
      name,
      contactEmail,
      website,
      privacyUrl,
    });
    expect(older.body.organisation).toMatchObject({
      retentionMonths: 6,
      adminTwoStepRequired: true,
    });
    const back = await own.call('PUT', '/api/settings/organisation', {
      name,
      contactEmail,
      website,
      privacyUrl,
      mailFromName: '',
      adminTwoStepRequired: false,
    });
    expect(back.body.organisation).toMatchObject({
      mailFromName: null,
      languages: ['nl', 'en', 'tr'],
      retentionMonths: 6,
      adminTwoStepRequired: false,
    });
    expect((await on(host).login(ADMIN.email, 'klaverstad wachtwoord 1')).body.user).toBeDefined();
  });

  // R-ORG-LINKS: what the running service makes for the organisation's accounts is on its
  // address too: a reset link, and the name an authenticator app shows.
  it("emails the organisation's administrator a reset link on its own address and names its host in two-step login", async () => {
    const host = 'aanmelden.klaverstad.example';
    const own = on(host);
    expect((await own.call('POST', '/api/auth/request-reset', { email: ADMIN.email })).status).toBe(
      200,
    );
    const [made] = await service().ctx.sequelize.query<{ id: number }>(
      "SELECT id FROM organisations WHERE slug = 'klaverstad'",
      { type: QueryTypes.SELECT },
    );
    // The request answers at once and the link is made behind it.
    let reset: string | undefined;
    await until(async () => {
      reset = await withOrganisation(made!.id, () =>
        latestLink(service(), 'identity.password-reset.requested').then(
          (l) => l.link,
          () => undefined,
        ),
      );
      return reset !== undefined;
    });
    expect(reset).toMatch(/^https:\/\/aanmelden\.klaverstad\.example\/reset-password\?token=/);
    expect((await own.login(ADMIN.email, 'klaverstad wachtwoord 1')).status).toBe(200);
    const setup = await own.call('POST', '/api/auth/totp/setup');
    expect(setup.status).toBe(200);
    expect(new URL(setup.body.uri).searchParams.get('issuer')).toBe(host);
    // Organisation 1's administrator sees the deployment's host.
    const first = on('localhost');
    expect((await first.login(ADMIN.email, ADMIN.password)).status).toBe(200);
    const theirs = await first.call('POST', '/api/auth/totp/setup');
    expect(new URL(theirs.body.uri).searchParams.get('issuer')).toBe('localhost:8080');
  });

  it('refuses a slug or host another organisation holds and bad input, making nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM organisations', {});
    const slugTaken = add('klaverstad', 'ander.example', 'een@ander.example');
    expect(slugTaken.status).toBe(1);
    expect(slugTaken.stderr).toContain('slug klaverstad is taken');
    const hostTaken = add('anderstad', 'aanmelden.klaverstad.example', 'twee@ander.example');
    expect(hostTaken.status).toBe(1);
    expect(hostTaken.stderr).toContain('host aanmelden.klaverstad.example is taken');
    const upper = add('vierdestad', 'Vierde.Example', 'vier@vierde.example');
    expect(upper.status).toBe(2);
    const elsewhere = add('vijfdestad', 'vijfde.example', 'vijf@vijfde.example');
    expect(elsewhere.status).toBe(0);
    expect(
      organisation('add', '--slug', 'zesdestad', '--public-base-url', 'https://zes.example').status,
    ).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM organisations', {})).toBe(before + 1);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM organisation_hosts WHERE host = 'ander.example'",
        {},
      ),
    ).toBe(0);
  });

  it('suspends an organisation, whose host then answers 403 ORGANISATION_SUSPENDED, and resumes it; organisation 1 is not suspended', async () => {
    const suspend = organisation('suspend', '--slug', 'klaverstad');
    expect(suspend.status, suspend.stderr).toBe(0);
    const refused = await on('aanmelden.klaverstad.example').call('GET', '/api/auth/session');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ORGANISATION_SUSPENDED');
    expect(organisation('resume', '--slug', 'klaverstad').status).toBe(0);
    const back = await on('aanmelden.klaverstad.example').login(
      ADMIN.email,
      'klaverstad wachtwoord 1',
    );
    expect(back.status).toBe(200);
    const first = organisation('suspend', '--slug', 'default');
    expect(first.status).toBe(1);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM organisations WHERE id = 1 AND status = 'active'",
        {},
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM organisations WHERE slug = 'klaverstad' AND status = 'active'",
        {},
      ),
    ).toBe(1);
    // R-PLATFORM-AUDIT: each change logged with it, a resume of an active one not at all.
    const logged = () =>
      count(
        `SELECT count(*)::int AS n FROM platform_audit_entries
          WHERE target_slug = 'klaverstad' AND admin_id IS NULL
            AND action IN ('organisation.suspended', 'organisation.resumed')`,
        {},
      );
    expect(await logged()).toBe(2);
    expect(organisation('resume', '--slug', 'klaverstad').status).toBe(0);
    expect(await logged()).toBe(2);
    // An organisation being deleted is not made active again: only its deletion ends that.
    await service().ctx.sequelize.query(
      "UPDATE organisations SET status = 'deleting' WHERE slug = 'klaverstad'",
    );
    try {
      const resumed = organisation('resume', '--slug', 'klaverstad');
      expect(resumed.status).toBe(1);
      expect(resumed.stderr).toMatch(/being deleted/);
      expect(
        await count(
          "SELECT count(*)::int AS n FROM organisations WHERE slug = 'klaverstad' AND status = 'deleting'",
          {},
        ),
      ).toBe(1);
      expect(await logged()).toBe(2);
    } finally {
      await service().ctx.sequelize.query(
        "UPDATE organisations SET status = 'active' WHERE slug = 'klaverstad'",
      );
    }
  });

  // R-ORG-ACCOUNTS: failed logins and reset requests are counted per address per organisation;
  // organisation 1's keys are those addresses had before there were organisations.
  it('keys an address per organisation in the counts of failed logins', () => {
    const secret = 'a secret of the tests';
    const before = emailKey(secret, ' Admin@School.nl ');
    expect(withOrganisation(1, () => emailKey(secret, 'admin@school.nl'))).toBe(before);
    const second = withOrganisation(2, () => emailKey(secret, 'admin@school.nl'));
    expect(second).not.toBe(before);
    expect(withOrganisation(3, () => emailKey(secret, 'ADMIN@school.nl'))).not.toBe(second);
  });
});
