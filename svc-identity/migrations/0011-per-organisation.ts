import { sealPerOrganisation, type Migration } from '@nsa/service-kit';

/**
 * R-ORG-RLS: every table of this service that holds an organisation's data carries its
 * organisation and is sealed off per organisation by a forced row policy; the rows already
 * here are organisation 1's. The organisations and their hosts are the platform's, read before
 * any organisation is known; the failed logins and reset requests per address, and the failed
 * logins per hour and reason (a figure for the operators), are counted across organisations,
 * as a limit per address must be.
 */
export const m0011PerOrganisation: Migration = {
  name: '0011-per-organisation',
  async up(ctx) {
    await sealPerOrganisation(ctx, [
      'users',
      'password_tokens',
      'sessions',
      'totp_credentials',
      'totp_recovery_codes',
      'retention_runs',
    ]);
  },
};
