import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import type { z } from 'zod';
import {
  baseConfigSchema,
  loadConfig,
  parseHealthPeers,
  shutdownConfig,
  type BaseConfig,
} from './config.js';
import { connectDatabase, runMigrations, type Migration, type Sequelize } from './db.js';
import { kitMigrations } from './kit-migrations.js';
import { createLogger, type Logger } from './logger.js';
import { testFaultHooks } from './testing/fault-hooks.js';
import { connectNats, ensureStreams, type NatsConnection } from './nats.js';
import { Outbox } from './outbox.js';
import { replayAfterReconnect } from './outbox-replay.js';
import { DurableConsumer, type ConsumerHooks, type ConsumerSpec } from './consumer.js';
import { createHttpApp } from './http.js';
import { mountHealth, mountProbes } from './health.js';
import { Metrics, mountMetrics } from './metrics.js';
import { RPC_SUBJECTS, SERVICE_NAMES, ownStream, sessionLookup } from '@nsa/contracts';
import { OwnerLookup } from './owner.js';
import {
  askIdentityForOrganisations,
  EveryOrganisation,
  PublicAddress,
  type OrganisationSource,
} from './organisation.js';
import { Sessions, type SessionAuthority } from './session.js';
import { DailyJob, pruneKitTables } from './retention.js';

export interface ServiceContext<C extends BaseConfig = BaseConfig> {
  config: C;
  logger: Logger;
  sequelize: Sequelize;
  nc: NatsConnection;
  outbox: Outbox;
  sessions: Sessions;
  /** The service's metrics (`GET /metrics`, R-OPS-METRICS): domain code adds its own. */
  metrics: Metrics;
  /** Which organisation a request's host belongs to (R-ORG-HOST). */
  organisations: OrganisationSource;
  /** Background work done for each organisation in turn (R-ORG-JOBS). */
  everyOrganisation: EveryOrganisation;
  /** Where the work's organisation's pages are, for the links a service makes (R-ORG-LINKS). */
  publicAddress: PublicAddress;
}

/** What a service is made of before its own parts: name, settings, tables, who owns sessions. */
export interface ServiceDefinition<S extends z.ZodObject> {
  name: string;
  version: string;
  /** The service's own variables, merged over the kit's base schema. */
  configSchema?: S;
  migrations: Migration[];
  /**
   * The service that owns sessions decides about them itself; every other service asks it
   * over NATS (the default).
   */
  sessionAuthority?: (deps: {
    sequelize: Sequelize;
    config: z.infer<S> & BaseConfig;
  }) => SessionAuthority;
  /**
   * The service that owns organisations reads its own tables; every other service asks it over
   * NATS (the default).
   */
  organisationSource?: (deps: { sequelize: Sequelize }) => OrganisationSource;
}

/** The service's own parts, built by its composition root (start.ts) from the opened context. */
export interface ServiceParts {
  routes?: (app: Express) => void;
  /**
   * Handlers that see each request before its session is checked (its body parsed); they
   * decide nothing, e.g. announce that an item for a batch is on its way.
   */
  beforeSession?: (app: Express) => void;
  consumers?: ConsumerSpec[];
  /** Work that runs beside HTTP (request-reply responders, senders); started after the consumers. */
  background?: Array<() => { stop(): void | Promise<void> }>;
  /** Extra facts for `GET /health` (e.g. a count of failed deliveries). */
  healthDetails?: () => Promise<Record<string, unknown>>;
  /**
   * Runs once the database, NATS and consumers are up and before HTTP listens (seeding,
   * bootstrap), so a service that answers /health has finished it.
   */
  onStarted?: () => Promise<void>;
}

/** An opened service: its context, and `run` to start its parts. */
export interface OpenedService<C extends BaseConfig> {
  ctx: ServiceContext<C>;
  run(parts: ServiceParts): Promise<RunningService<C>>;
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  consumerHooks?: ConsumerHooks;
}

export interface RunningService<C extends BaseConfig = BaseConfig> {
  url: string;
  port: number;
  /** The port of `GET /metrics` when it has one of its own (METRICS_PORT). */
  metricsPort?: number;
  ctx: ServiceContext<C>;
  /** The Express app, for tests that read its routes (R-API-DOC). */
  app: Express;
  stop(): Promise<void>;
}

/**
 * Opens a service: config, database and migrations, NATS and streams, the outbox and sessions.
 * The composition root then builds repositories, domain and entry points from `ctx` in plain
 * order and hands them to `run`, which starts the outbox relay, consumers, background work and
 * HTTP. stop() undoes it in reverse order.
 */
export async function openService<S extends z.ZodObject>(
  def: ServiceDefinition<S>,
  opts: StartOptions = {},
): Promise<OpenedService<z.infer<S> & BaseConfig>> {
  const schema = def.configSchema
    ? baseConfigSchema.extend(def.configSchema.shape)
    : baseConfigSchema;
  const config = loadConfig(schema, {
    SERVICE_NAME: def.name,
    ...(opts.env ?? process.env),
  }) as z.infer<S> & BaseConfig;
  const logger = createLogger(def.name, config.LOG_LEVEL, config.LOG_FILE);

  const sequelize = await connectDatabase({
    url: config.DATABASE_URL,
    schema: config.DB_SCHEMA,
    poolMax: config.DB_POOL_MAX,
    poolMin: config.DB_POOL_MIN,
    poolIdleMs: config.DB_POOL_IDLE_MS,
    applicationName: `svc-${def.name}`,
  });
  const migrations = [...kitMigrations, ...def.migrations];
  if (config.MIGRATION_DATABASE_URL) {
    await migrateOver(config.MIGRATION_DATABASE_URL, config.DB_SCHEMA, migrations, logger);
  } else {
    await runMigrations(sequelize, config.DB_SCHEMA, migrations, logger);
  }

  const nc = await connectNats(config.NATS_URL, `svc-${def.name}`, logger, {
    user: config.NATS_USER,
    pass: config.NATS_PASSWORD,
    tlsCaFile: config.NATS_TLS_CA,
  });
  // R-NATS-USERS: a service keeps its own stream; a stream it reads it only creates when absent.
  // A service of the table without events has none (a name outside the table, all).
  const own = ownStream(def.name);
  const known = (SERVICE_NAMES as readonly string[]).includes(def.name);
  await ensureStreams(nc, config.STREAM_REPLICAS, own ? [own] : known ? [] : undefined);
  const outbox = new Outbox(sequelize, nc, logger);
  const metrics = new Metrics(def.name);
  outbox.observe(metrics);
  const authority: SessionAuthority =
    def.sessionAuthority?.({ sequelize, config }) ?? askIdentity(nc, logger);
  const sessions = new Sessions({
    secret: config.SESSION_SECRET,
    previousSecret: config.SESSION_SECRET_PREVIOUS,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    secure: config.PUBLIC_BASE_URL.startsWith('https:'),
    authority,
  });
  const organisations =
    def.organisationSource?.({ sequelize }) ?? askIdentityForOrganisations(nc, logger);
  const ctx: ServiceContext<z.infer<S> & BaseConfig> = {
    config,
    logger,
    sequelize,
    nc,
    outbox,
    sessions,
    metrics,
    organisations,
    everyOrganisation: new EveryOrganisation(organisations, logger),
    publicAddress: new PublicAddress(organisations, config.PUBLIC_BASE_URL),
  };
  return { ctx, run: (parts) => runService(def, ctx, parts, opts) };
}

/**
 * Runs the migrations over a connection of `url`'s role (MIGRATION_DATABASE_URL: the owner
 * role's), opened for them alone and closed afterwards: the service's pool never holds it.
 */
async function migrateOver(
  url: string,
  schema: string,
  migrations: Migration[],
  logger: Logger,
): Promise<string[]> {
  const own = await connectDatabase({
    url,
    schema,
    // Two: a migration may read outside its transaction (MigrationContext.sequelize).
    poolMax: 2,
    poolMin: 0,
    applicationName: `svc-${schema}-migrate`,
  });
  try {
    return await runMigrations(own, schema, migrations, logger);
  } finally {
    await own.close();
  }
}

const migrateConfigSchema = baseConfigSchema
  .pick({ MIGRATION_DATABASE_URL: true, DB_SCHEMA: true, LOG_LEVEL: true, LOG_FILE: true })
  .extend({ DATABASE_URL: baseConfigSchema.shape.DATABASE_URL.optional() })
  .refine((c) => c.MIGRATION_DATABASE_URL || c.DATABASE_URL, {
    message: 'MIGRATION_DATABASE_URL or DATABASE_URL is required',
    path: ['MIGRATION_DATABASE_URL'],
  });
/**
 * A service's migrations, run on their own and nothing else (`node dist/src/main.js migrate`,
 * the command of a Kubernetes init container): it needs only MIGRATION_DATABASE_URL (or
 * DATABASE_URL) and DB_SCHEMA, so the owner role's URL can be given to this step alone and never
 * to the process that serves. Answers the names of the migrations it applied.
 */
export async function migrateOnly(
  migrations: Migration[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const config = loadConfig(migrateConfigSchema, env);
  const logger = createLogger(`${config.DB_SCHEMA}-migrate`, config.LOG_LEVEL, config.LOG_FILE);
  // The schema refuses a configuration with neither URL.
  const url = (config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL)!;
  const done = await migrateOver(url, config.DB_SCHEMA, [...kitMigrations, ...migrations], logger);
  logger.info({ applied: done.length }, 'migrations done');
  return done;
}

async function runService<C extends BaseConfig>(
  def: { name: string; version: string },
  ctx: ServiceContext<C>,
  parts: ServiceParts,
  opts: StartOptions,
): Promise<RunningService<C>> {
  const { config, logger, sequelize, nc, outbox, sessions, metrics, organisations } = ctx;
  outbox.start();
  const consumers = (parts.consumers ?? []).map(
    (spec) =>
      new DurableConsumer(
        nc,
        sequelize,
        {
          ackWaitMs: config.CONSUMER_ACK_WAIT_MS,
          streamReplicas: config.STREAM_REPLICAS,
          ...spec,
        },
        logger,
        // A crash test's fault (testing/fault-hooks.ts), never a product setting.
        opts.consumerHooks ?? testFaultHooks(logger),
      ),
  );
  for (const c of consumers) {
    c.observe(metrics);
    await c.start();
  }
  const background = (parts.background ?? []).map((begin) => begin());
  // R-EVENT-REPLAY: what a stream may have lost in a power failure goes out again.
  background.push(replayAfterReconnect({ sequelize, nc, logger, kick: () => outbox.kick() }));
  // Subscriptions made above (an owner's answers) reach the server before the service says it
  // is started: a question asked right after a restart finds its answerer, not "no responders".
  await nc.flush();
  // R-RETENTION-KIT: published outbox rows and processed-event ids go after 7 days.
  background.push(
    new DailyJob({
      name: 'kit-prune',
      sequelize,
      logger,
      metrics,
      run: () => pruneKitTables(sequelize),
      items: (r) => r.outbox + r.processedEvents,
    }).start(),
  );

  // Set when stop() begins: readiness fails at once, answers close their connections.
  let stopRequested = false;
  const checks = {
    db: async () => {
      await sequelize.query('SELECT 1');
      return true;
    },
    nats: async () => {
      if (nc.isClosed()) return false;
      await nc.flush();
      return true;
    },
  };
  const httpOpts = {
    publicBaseUrl: config.PUBLIC_BASE_URL,
    sessions,
    organisations,
    metrics,
    trustProxy: config.TRUST_PROXY,
    beforeSession: parts.beforeSession,
    stopping: () => stopRequested,
  };
  const app = createHttpApp(logger, httpOpts, (a) => {
    const router = express.Router();
    mountProbes(router, {
      service: def.name,
      version: def.version,
      checks: {
        accepting: async () => !stopRequested,
        ...checks,
        consumers: async () =>
          (await Promise.all(consumers.map((c) => c.caughtUp()))).every(Boolean),
      },
    });
    if (config.METRICS_PORT === undefined) mountMetrics(router, metrics);
    mountHealth(router, {
      service: def.name,
      version: def.version,
      checks: { accepting: async () => !stopRequested, ...checks },
      peers: parseHealthPeers(config.HEALTH_PEERS),
      details: parts.healthDetails,
    });
    a.use(router);
    parts.routes?.(a);
  });

  await parts.onStarted?.();

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const port = (server.address() as AddressInfo).port;
  logger.info({ port }, 'listening');
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : await listenMetrics(metrics, config.HOST, config.METRICS_PORT);
  const metricsPort = metricsServer && (metricsServer.address() as AddressInfo).port;
  if (metricsPort) logger.info({ port: metricsPort }, 'metrics listening');

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      stopRequested = true;
      if (config.SHUTDOWN_GRACE_MS > 0) {
        logger.info({ graceMs: config.SHUTDOWN_GRACE_MS }, 'stopping: not ready');
        await new Promise((r) => setTimeout(r, config.SHUTDOWN_GRACE_MS));
      }
      // No new connections; the requests in flight finish, up to SHUTDOWN_TIMEOUT_MS.
      await new Promise<void>((resolve) => {
        const cut = setTimeout(() => {
          logger.warn('stopping: requests still in flight were cut off');
          server.closeAllConnections();
        }, config.SHUTDOWN_TIMEOUT_MS);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
      await new Promise<void>((resolve) =>
        metricsServer ? metricsServer.close(() => resolve()) : resolve(),
      );
      for (const b of background) await b.stop();
      for (const c of consumers) await c.stop();
      await outbox.stop();
      // A handler stuck mid-message must not hold the drain forever.
      await Promise.race([
        nc.drain().catch(() => undefined),
        new Promise((r) => setTimeout(r, 5000)),
      ]);
      if (!nc.isClosed()) await nc.close();
      await sequelize.close();
      logger.info('stopped');
    })());

  return { url: `http://${config.HOST}:${port}`, port, metricsPort, ctx, app, stop };
}

/** `GET /metrics` alone on a listener of its own (METRICS_PORT). */
async function listenMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const app = express();
  app.disable('x-powered-by');
  const router = express.Router();
  mountMetrics(router, metrics);
  app.use(router);
  app.use((_req, res) => {
    res.status(404).end();
  });
  return new Promise((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s));
    s.once('error', reject);
  });
}

/** Every service but svc-identity asks it about each session (R-FRESH-SESSION). */
function askIdentity(nc: NatsConnection, logger: Logger): SessionAuthority {
  const owner = new OwnerLookup(nc, RPC_SUBJECTS.sessions, sessionLookup, logger);
  return { lookup: (sidHash) => owner.get(sidHash) };
}

/**
 * The `start()` / `stop()` pair a service module exports (its process entry and its tests use
 * them): `boot` is the service's composition root.
 */
export function serviceModule<C extends BaseConfig>(
  boot: (opts: StartOptions) => Promise<RunningService<C>>,
) {
  let running: RunningService<C> | undefined;
  return {
    start: async (opts: StartOptions = {}): Promise<RunningService<C>> =>
      (running = await boot(opts)),
    stop: async (): Promise<void> => {
      await running?.stop();
      running = undefined;
    },
  };
}

/**
 * The process entry of a service: start, and on SIGTERM/SIGINT stop HTTP,
 * drain NATS, close the pool and exit 0. A bad config exits 1 naming the variable.
 */
export function runMain(
  start: () => Promise<{ stop(): Promise<void> }>,
  /** The service's migrations, for `main.js migrate` (migrateOnly), which runs them and ends. */
  migrations?: Migration[],
): void {
  // A bad config names the variable; anything else is told with its stack.
  const fail = (err: Error): never => {
    process.stderr.write(
      `${err.name === 'ConfigError' ? err.message : (err.stack ?? String(err))}\n`,
    );
    process.exit(1);
  };
  if (migrations && process.argv[2] === 'migrate') {
    migrateOnly(migrations).then(() => process.exit(0), fail);
    return;
  }
  // Signal handlers go in before start, so a signal during start-up still ends cleanly.
  let signalled = false;
  const started = start();
  const onSignal = (): void => {
    if (signalled) return;
    signalled = true;
    // The grace period and the requests in flight, then consumers and connections.
    const { SHUTDOWN_GRACE_MS: grace, SHUTDOWN_TIMEOUT_MS: timeout } = shutdownConfig();
    setTimeout(() => process.exit(1), grace + timeout + 10_000).unref();
    started
      .then((running) => running.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  started.catch(fail);
}

/** The version in the nearest package.json above a module (works from src and dist). */
export function packageVersion(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    const parent = dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}
