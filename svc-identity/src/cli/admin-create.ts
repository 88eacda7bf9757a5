import { parseArgs } from 'node:util';
import { adminUserSchema } from '@nsa/contracts';
import {
  baseConfigSchema,
  connectDatabase,
  createLogger,
  kitMigrations,
  loadConfig,
  Outbox,
  runMigrations,
  type BaseConfig,
} from '@nsa/service-kit';
import { migrations } from '../../migrations/index.js';
import { composeAccounts } from '../accounts-root.js';
import { identityConfigSchema, type IdentityConfig } from '../config.js';
import { sessionRepository } from '../data-access/sessions.js';

/**
 * `admin:create --email E --name N`: creates an administrator without a
 * password and prints a one-time setup link (valid 7 days), for a production
 * install where nobody can log in yet. Reads the service's own environment.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  const input = adminUserSchema.safeParse({
    email: values.email,
    name: values.name,
    role: 'admin',
  });
  if (!input.success) {
    process.stderr.write('usage: admin:create -- --email someone@example.org --name "Full Name"\n');
    process.exit(2);
  }
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
    poolMax: 1,
    applicationName: 'identity-cli',
  });
  try {
    await runMigrations(sequelize, config.DB_SCHEMA, [...kitMigrations, ...migrations], logger);
    // The CLI touches only the database: no NATS connection, no sessions. Its audit entry
    // (R-AUDIT) is written to identity's outbox, and the running service's relay publishes it.
    const outbox = Outbox.writeOnly(sequelize, logger);
    const { accounts } = composeAccounts({
      sequelize,
      outbox,
      logger,
      config,
      sessions: sessionRepository(sequelize, config),
    });
    if (await accounts.emailTaken(input.data.email)) {
      process.stderr.write(`an account with email ${input.data.email} already exists\n`);
      process.exitCode = 1;
      return;
    }
    const link = await accounts.createWithSetupLink(input.data.email, input.data.name);
    process.stdout.write(
      `Administrator ${input.data.name} created.\nOne-time setup link (valid 7 days):\n${link}\n`,
    );
  } finally {
    await sequelize.close();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`${err.name === 'ConfigError' ? err.message : err.message}\n`);
  process.exit(1);
});
