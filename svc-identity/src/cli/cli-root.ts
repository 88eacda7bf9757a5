import {
  baseConfigSchema,
  connectDatabase,
  createLogger,
  kitMigrations,
  loadConfig,
  Outbox,
  PublicAddress,
  runMigrations,
  type BaseConfig,
  type Sequelize,
} from '@nsa/service-kit';
import { migrations } from '../../migrations/index.js';
import { composeAccounts } from '../accounts-root.js';
import { identityConfigSchema, type IdentityConfig } from '../config.js';
import { OrganisationRepository } from '../data-access/organisations.js';
import { sessionRepository } from '../data-access/sessions.js';

export interface CliParts {
  config: IdentityConfig & BaseConfig;
  sequelize: Sequelize;
  /** Accounts as the service composes them: links on the work's organisation's address. */
  accounts: ReturnType<typeof composeAccounts>['accounts'];
}

/**
 * What svc-identity's command-line programs share: the service's own environment, its
 * database with every migration applied, and its accounts. The programs touch only the
 * database: no NATS connection, no sessions; an audit entry (R-AUDIT) goes to identity's
 * outbox, and the running service's relay publishes it.
 */
export async function withIdentityDatabase(
  work: (parts: CliParts) => Promise<void>,
): Promise<void> {
  const config = loadConfig(
    baseConfigSchema
      .extend(identityConfigSchema.shape)
      .partial({ NATS_URL: true, LINK_SEAL_SECRET: true, IDENTITY_SECRET: true }),
    {
      SERVICE_NAME: 'identity',
      DB_SCHEMA: 'identity',
      ...process.env,
    },
  ) as IdentityConfig & BaseConfig;
  const logger = createLogger('identity-cli', 'warn');
  const sequelize = await connectDatabase({
    url: config.DATABASE_URL,
    schema: config.DB_SCHEMA,
    // Two: a link made inside a transaction reads its organisation's address beside it.
    poolMax: 2,
    applicationName: 'identity-cli',
  });
  try {
    await runMigrations(sequelize, config.DB_SCHEMA, [...kitMigrations, ...migrations], logger);
    const outbox = Outbox.writeOnly(sequelize, logger);
    const { accounts } = composeAccounts({
      sequelize,
      outbox,
      logger,
      config,
      sessions: sessionRepository(sequelize, config),
      address: new PublicAddress(new OrganisationRepository(sequelize), config.PUBLIC_BASE_URL),
    });
    await work({ config, sequelize, accounts });
  } finally {
    await sequelize.close();
  }
}

/** Ends a program with its error's message (a setting missing, the database away). */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
}
