import type {
  BaseConfig,
  Logger,
  Metrics,
  Outbox,
  PublicAddress,
  Sequelize,
} from '@nsa/service-kit';
import type { IdentityConfig } from './config.js';
import { OrganisationRepository } from './data-access/organisations.js';
import { LoginFailureRepository, LoginTallyRepository } from './data-access/login-failures.js';
import { PasswordTokenRepository } from './data-access/password-tokens.js';
import { ResetRequestRepository } from './data-access/reset-requests.js';
import type { SessionRepository } from './data-access/sessions.js';
import { TotpRepository } from './data-access/totp.js';
import { UserRepository } from './data-access/users.js';
import { Accounts } from './domain/accounts.js';
import { TwoStepLogin } from './domain/two-step-login.js';

/**
 * Accounts and their two-step login with the repositories they use: the one place they are put
 * together, for the service (`start.ts`) and for `npm run admin:create` (`cli/admin-create.ts`).
 */
export function composeAccounts(deps: {
  sequelize: Sequelize;
  outbox: Outbox;
  logger: Logger;
  metrics?: Metrics;
  config: Pick<
    IdentityConfig & BaseConfig,
    | 'IDENTITY_SECRET'
    | 'IDENTITY_SECRET_PREVIOUS'
    | 'SESSION_SECRET'
    | 'ADMIN_2FA_REQUIRED'
    | 'LOGIN_RATE_LIMIT'
    | 'LINK_SEAL_SECRET'
  >;
  sessions: SessionRepository;
  /** Where the work's organisation's pages are (R-ORG-LINKS). */
  address: Pick<PublicAddress, 'current' | 'host'>;
}): { accounts: Accounts; twoStep: TwoStepLogin } {
  const { sequelize, outbox, logger, metrics, config, sessions, address } = deps;
  const twoStep = new TwoStepLogin({
    db: sequelize,
    outbox,
    totp: new TotpRepository(sequelize),
    secret: config.IDENTITY_SECRET,
    legacySecrets: [config.IDENTITY_SECRET_PREVIOUS, config.SESSION_SECRET].filter(
      (key): key is string => Boolean(key),
    ),
    address,
    required: config.ADMIN_2FA_REQUIRED === '1',
    organisations: new OrganisationRepository(sequelize),
  });
  const accounts = new Accounts({
    db: sequelize,
    outbox,
    logger,
    metrics,
    users: new UserRepository(sequelize),
    tokens: new PasswordTokenRepository(sequelize),
    failures: new LoginFailureRepository(sequelize),
    tallies: new LoginTallyRepository(sequelize),
    resets: new ResetRequestRepository(sequelize),
    sessions,
    twoStep,
    settings: {
      loginRateLimit: config.LOGIN_RATE_LIMIT,
      sessionSecret: config.SESSION_SECRET,
      linkSealSecret: config.LINK_SEAL_SECRET,
    },
    address,
  });
  return { accounts, twoStep };
}
