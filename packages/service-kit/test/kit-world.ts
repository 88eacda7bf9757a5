// What a service-kit integration test runs on: a private PostgreSQL and nats-server, a schema
// with the kit's tables, a NATS connection with the streams.
import { ensureServiceDatabase } from '@nsa/local-infra';
import { connectDatabase, runMigrations, type Sequelize } from '../src/db.js';
import { kitMigrations } from '../src/kit-migrations.js';
import type { Logger } from '../src/logger.js';
import { connectNats, ensureStreams, type NatsConnection } from '../src/nats.js';
import { startTestInfra, type TestInfra } from '../src/testing/index.js';

export interface KitWorld {
  infra: TestInfra;
  sequelize: Sequelize;
  nc: NatsConnection;
  logger: Logger;
  /** Stops what runs on the world (a consumer, say), then the world. */
  stop(first?: { stop(): Promise<void> }): Promise<void>;
}

/** `logger` is made once the infra's folder (for a log file) exists. */
export async function startKitWorld(
  schema: string,
  logger: (infraDir: string) => Logger,
): Promise<KitWorld> {
  const infra = await startTestInfra();
  const log = logger(infra.dir);
  const url = await ensureServiceDatabase(infra.adminUrl, schema);
  const sequelize = await connectDatabase({ url, schema, poolMax: 2, applicationName: 'kit' });
  await runMigrations(sequelize, schema, kitMigrations, log);
  const nc = await connectNats(infra.natsUrl, 'kit-test', log);
  await ensureStreams(nc, 1);
  return {
    infra,
    sequelize,
    nc,
    logger: log,
    async stop(first) {
      await first?.stop();
      await nc.close();
      await sequelize.close();
      await infra.stop();
    },
  };
}
