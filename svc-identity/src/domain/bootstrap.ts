import type { Logger } from '@nsa/service-kit';
import type { IdentityConfig } from '../config.js';
import type { Accounts } from './accounts.js';

export interface AdminBootstrapDeps {
  accounts: Accounts;
  logger: Logger;
  config: Pick<
    IdentityConfig,
    | 'BOOTSTRAP_ADMIN_EMAIL'
    | 'BOOTSTRAP_ADMIN_PASSWORD'
    | 'BOOTSTRAP_ADMIN_NAME'
    | 'DEMO_DATA'
    | 'DEMO_ADMIN_EMAIL'
    | 'DEMO_ADMIN_PASSWORD'
  >;
}

/**
 * BOOTSTRAP_ADMIN_* creates that admin when the email is new. With demo data on
 * and no users yet, a demo admin is created with the password the launcher
 * chose; the launcher prints it once, so it never reaches a log line here.
 */
export class AdminBootstrap {
  constructor(private readonly deps: AdminBootstrapDeps) {}

  async run(): Promise<void> {
    const { accounts, logger, config: c } = this.deps;
    const empty = !(await accounts.hasUsers());
    if (c.BOOTSTRAP_ADMIN_EMAIL && c.BOOTSTRAP_ADMIN_PASSWORD) {
      const created = await accounts.ensureUser(
        c.BOOTSTRAP_ADMIN_EMAIL,
        c.BOOTSTRAP_ADMIN_NAME ?? 'Beheerder',
        c.BOOTSTRAP_ADMIN_PASSWORD,
      );
      if (created) logger.info({ bootstrapAdminCreated: true }, 'bootstrap admin created');
    }
    if (c.DEMO_DATA === '1' && c.DEMO_ADMIN_PASSWORD && empty) {
      await accounts.ensureUser(c.DEMO_ADMIN_EMAIL, 'Demo Beheerder', c.DEMO_ADMIN_PASSWORD);
      logger.info({ demoAdminCreated: true }, 'demo admin created');
    }
  }
}
