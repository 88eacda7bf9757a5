import { fileURLToPath } from 'node:url';
import { serviceBasicsSuite } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import { IDENTITY_SECRET, LINK_SEAL_SECRET } from './helpers.js';

serviceBasicsSuite(
  'identity',
  start,
  fileURLToPath(new URL('../dist/src/main.js', import.meta.url)),
  {
    env: { LINK_SEAL_SECRET, IDENTITY_SECRET },
    // The organisations and their hosts are found before any organisation is; failed logins
    // and reset requests are counted across organisations (per address, and per hour); the
    // platform's administrators, their sessions and log are no organisation's (R-PLATFORM-ACCOUNTS,
    // R-PLATFORM-AUDIT).
    platformTables: [
      'login_failure_tallies',
      'login_failures',
      'organisation_hosts',
      'organisations',
      'platform_admins',
      'platform_audit_entries',
      'platform_sessions',
      'reset_requests',
    ],
    // svc-identity owns the organisations: the suspended one is a row of its own tables.
    suspendHost: async (svc, host) => {
      await svc.ctx.sequelize.query(
        `WITH o AS (
         INSERT INTO organisations (slug, name, contact_email, public_base_url, languages,
           retention_months, status)
         VALUES ('dicht', 'Dicht', 'info@dicht.example', :url, ARRAY['nl'], 24, 'suspended')
         ON CONFLICT (slug) DO UPDATE SET status = 'suspended'
         RETURNING id)
       INSERT INTO organisation_hosts (host, organisation_id) SELECT :host, id FROM o
       ON CONFLICT (host) DO NOTHING`,
        { replacements: { host, url: `https://${host}` } },
      );
    },
  },
);
