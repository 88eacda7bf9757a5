// R-ORG-HOST: svc-identity keeps the organisations and answers, for any host name, the
// organisation that holds it, or organisation 1, which it makes from the deployment's settings.
import { organisationIdsLookup, organisationLookup, RPC_SUBJECTS } from '@nsa/contracts';
import { createLogger, OwnerLookup, QueryTypes, type RunningService } from '@nsa/service-kit';
import { testFeed } from '@nsa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OrganisationRepository } from '../src/data-access/organisations.js';
import { start } from '../src/start.js';
import { identityEnv } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('organisations by host name (R-ORG-HOST)', () => {
  let svc: RunningService;
  let ask: (host: string) => Promise<unknown>;
  let askIds: (status: 'active' | 'suspended' | 'deleting') => Promise<unknown>;
  const rows = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
    svc.ctx.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });

  beforeAll(async () => {
    // A database whose identity has run before, but with no organisation yet: as after the
    // upgrade that brings them.
    const first = await start({ env: await identityEnv(infra) });
    await first.ctx.sequelize.query('DELETE FROM organisations');
    await first.stop();
    svc = await start({
      env: await identityEnv(infra, {
        ORG_NAME: 'Welzijn Proefstad',
        ORG_CONTACT_EMAIL: 'info@proefstad.example',
        ORG_WEBSITE: 'https://proefstad.example',
        PUBLIC_BASE_URL: 'https://aanmelden.proefstad.example',
        RETENTION_MONTHS: '18',
        ADMIN_2FA_REQUIRED: '1',
      }),
    });
    const lookup = new OwnerLookup(
      await testFeed(infra.natsUrl),
      RPC_SUBJECTS.organisations,
      organisationLookup,
      createLogger('organisations-test', 'silent'),
    );
    ask = (host) => lookup.get(host);
    const lists = new OwnerLookup(
      await testFeed(infra.natsUrl),
      RPC_SUBJECTS.organisationIds,
      organisationIdsLookup,
      createLogger('organisations-test', 'silent'),
    );
    askIds = (status) => lists.get(status);
  });
  afterAll(() => svc?.stop());

  it('makes organisation 1 from the deployment settings when there is none', async () => {
    expect(
      await rows(
        `SELECT id, slug, name, contact_email, website, privacy_url, public_base_url, languages,
                retention_months, admin_two_step_required, status FROM organisations`,
      ),
    ).toEqual([
      {
        id: 1,
        slug: 'default',
        name: 'Welzijn Proefstad',
        contact_email: 'info@proefstad.example',
        website: 'https://proefstad.example',
        privacy_url: null,
        public_base_url: 'https://aanmelden.proefstad.example',
        languages: ['nl', 'en', 'tr', 'ar', 'pl', 'uk'],
        retention_months: 18,
        admin_two_step_required: true,
        status: 'active',
      },
    ]);
  });

  it('keeps an existing organisation 1 as it is, and numbers the next one after it', async () => {
    const repo = new OrganisationRepository(svc.ctx.sequelize);
    const made = await repo.ensureFirst({
      name: 'Another name',
      contactEmail: 'x@y.example',
      publicBaseUrl: 'http://localhost:8080',
      retentionMonths: 12,
      adminTwoStepRequired: false,
    });
    expect(made).toBe(false);
    const [one] = await rows<{ name: string }>('SELECT name FROM organisations WHERE id = 1');
    expect(one!.name).toBe('Welzijn Proefstad');
    const [next] = await rows<{ id: number }>(
      `INSERT INTO organisations (slug, name, contact_email, public_base_url, languages,
         retention_months) VALUES ('tweede', 'Tweede', 't@t.example', 'https://t.example',
         ARRAY['nl'], 12) RETURNING id`,
    );
    expect(next!.id).toBe(2);
    await svc.ctx.sequelize.query("DELETE FROM organisations WHERE slug = 'tweede'");
  });

  it('answers the organisation holding a host, and organisation 1 for any other', async () => {
    const [two] = await rows<{ id: number }>(
      `INSERT INTO organisations (slug, name, contact_email, public_base_url, languages,
         retention_months, status) VALUES ('buurstad', 'Welzijn Buurstad', 'info@buurstad.example',
         'https://aanmelden.buurstad.example', ARRAY['nl', 'en'], 12, 'suspended') RETURNING id`,
    );
    await svc.ctx.sequelize.query(
      `INSERT INTO organisation_hosts (host, organisation_id) VALUES ('aanmelden.buurstad.example', :id)`,
      { replacements: { id: two!.id } },
    );
    const [held, other, malformed] = await Promise.all([
      ask('aanmelden.buurstad.example'),
      ask('aanmelden.proefstad.example'),
      ask('[::1]'),
    ]);
    expect(held).toEqual({
      id: two!.id,
      status: 'suspended',
      publicBaseUrl: 'https://aanmelden.buurstad.example',
    });
    const first = { id: 1, status: 'active', publicBaseUrl: 'https://aanmelden.proefstad.example' };
    expect(other).toEqual(first);
    expect(malformed).toEqual(first);
    // A host is held by one organisation at most, and written as a request would carry it.
    await expect(
      svc.ctx.sequelize.query(
        `INSERT INTO organisation_hosts (host, organisation_id) VALUES ('aanmelden.buurstad.example', 1)`,
      ),
    ).rejects.toMatchObject({ name: 'SequelizeUniqueConstraintError' });
    for (const bad of ['Upper.example', 'port.example:8080', 'dot.example.']) {
      await expect(
        svc.ctx.sequelize.query(
          'INSERT INTO organisation_hosts (host, organisation_id) VALUES (:bad, 1)',
          { replacements: { bad } },
        ),
      ).rejects.toThrow(/check constraint/);
    }
  });

  // R-ORG-JOBS: every other service's background work runs for the organisations listed here.
  it('answers which organisations there are in each status, as it has them now', async () => {
    const [buurstad] = await rows<{ id: number }>(
      "SELECT id FROM organisations WHERE slug = 'buurstad'",
    );
    const [derde] = await rows<{ id: number }>(
      `INSERT INTO organisations (slug, name, contact_email, public_base_url, languages,
         retention_months) VALUES ('derde', 'Derde', 'd@d.example', 'https://d.example',
         ARRAY['nl'], 12) RETURNING id`,
    );
    const [active, suspended, deleting] = await Promise.all([
      askIds('active'),
      askIds('suspended'),
      askIds('deleting'),
    ]);
    expect(active).toEqual({ ids: [1, derde!.id] });
    expect(suspended).toEqual({ ids: [buurstad!.id] });
    expect(deleting).toEqual({ ids: [] });
    await svc.ctx.sequelize.query("DELETE FROM organisations WHERE slug = 'derde'");
  });
});
