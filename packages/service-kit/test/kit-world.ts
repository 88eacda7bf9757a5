// What a service-kit integration test runs on: a private PostgreSQL and nats-server, a schema
// with the kit's tables, a NATS connection with the streams.
import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { STREAMS, type StreamName } from '@nsa/contracts';
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

/**
 * An event as a service's outbox publishes it, straight onto its stream (a test's backlog):
 * version 1 unless given, `msgID` its id unless given, with the NATS headers given.
 */
export async function publishEvent(
  nc: NatsConnection,
  type: string,
  opts: {
    id?: string;
    version?: number;
    data?: unknown;
    msgID?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<string> {
  const id = opts.id ?? randomUUID();
  const h = natsHeaders();
  for (const [k, v] of Object.entries(opts.headers ?? {})) h.set(k, v);
  await jetstream(nc).publish(
    type,
    JSON.stringify({
      id,
      type,
      version: opts.version ?? 1,
      occurredAt: new Date().toISOString(),
      data: opts.data ?? {},
    }),
    { msgID: opts.msgID ?? id, headers: h },
  );
  return id;
}

/** Whether a durable has nothing left to deliver and nothing waiting for its acknowledgement. */
export async function settled(
  nc: NatsConnection,
  stream: StreamName,
  durable: string,
): Promise<boolean> {
  const info = await (await jetstreamManager(nc)).consumers.info(STREAMS[stream].name, durable);
  return info.num_pending === 0 && info.num_ack_pending === 0;
}
