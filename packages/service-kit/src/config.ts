import { isIP } from 'node:net';
import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const port = z.coerce.number().int().min(0).max(65535);

/**
 * Graceful stop (R-OPS-ROLLING): on SIGTERM `/readyz` answers 503 at once and the process keeps
 * serving SHUTDOWN_GRACE_MS (answers closing their connections) so that the gateway or
 * Kubernetes stops sending it work; then it stops taking connections and waits up to
 * SHUTDOWN_TIMEOUT_MS for the requests in flight. Part of every service's configuration; the
 * process entry (runMain) reads these two alone too, for its last-resort exit.
 */
export const shutdownConfigSchema = z.object({
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});
export type ShutdownConfig = z.infer<typeof shutdownConfigSchema>;

/**
 * How long an unused database connection above the pool's floor stays open. A new one costs a
 * backend start, a SCRAM exchange and a cold catalog cache, paid by the request that waits for
 * it: with a short idle time, a rush after a quiet spell, or any swing in load, opened
 * connections while it was busiest (bench/README.md, item 10). Five minutes keeps them through
 * such swings; DB_POOL_IDLE_MS sets it otherwise.
 */
export const POOL_IDLE_MS = 300_000;

/**
 * The pool's floor for a pool of `max`: `min` when given (at most `max`), else half of `max`
 * rounded up. The floor's connections are opened at start and never closed for being unused, so
 * the first requests after hours of quiet (sign-ups opening at a set time) find them ready
 * instead of opening them while the rush is at its height (bench/README.md, item 10).
 */
export function poolFloor(max: number, min?: number): number {
  return Math.min(max, min ?? Math.ceil(max / 2));
}

/** What every service reads from its environment. */
export const baseConfigSchema = z.object({
  SERVICE_NAME: z.string().min(1),
  SERVICE_VERSION: z.string().default('0.1.0'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port.default(0),
  /**
   * R-OPS-METRICS: a port of its own for `GET /metrics` (and nothing else). Unset: `/metrics`
   * is on PORT. In Kubernetes Prometheus may reach only this port, never the API's, where the
   * gateway's X-Forwarded-For is trusted (R-TRUST-PROXY).
   */
  METRICS_PORT: port.optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  /**
   * The role that runs the service's migrations at start, over a connection of its own closed
   * afterwards (the launcher's `svc_<service>_owner`). Unset: DATABASE_URL's role runs them.
   */
  MIGRATION_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'lowercase letters, digits and _ only'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * The pool's floor: connections opened at start and kept however long they sit unused (at
   * most DB_POOL_MAX). Unset: half of DB_POOL_MAX, rounded up (poolFloor).
   */
  DB_POOL_MIN: z.coerce.number().int().min(0).max(100).optional(),
  /**
   * How long an unused connection above the floor stays open. Left at its default
   * (POOL_IDLE_MS) in the product; the rate benchmark's cold mode shortens it to reach an idle
   * pool sooner.
   */
  DB_POOL_IDLE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(POOL_IDLE_MS),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/, 'nats://host:port'),
  /** R-NATS-USERS: this service's own NATS user; unset where NATS takes anyone. */
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  /**
   * R-NATS-ROUTES: the CA file (PEM) that signed NATS's certificate. Set, the service connects
   * with TLS only and checks the server's certificate against it (Kubernetes); unset, plain.
   */
  NATS_TLS_CA: z.string().min(1).optional(),
  /** How long JetStream waits for an ack before redelivering. */
  CONSUMER_ACK_WAIT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  ...shutdownConfigSchema.shape,
  STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  SESSION_SECRET: z.string().min(32, 'at least 32 characters'),
  /** The session secret before a rotation, read (never sealed with) until it ends. */
  SESSION_SECRET_PREVIOUS: z.string().min(32, 'at least 32 characters').optional(),
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * `name=http://host:port,...`: the services `/api/health` aggregates. A name given more than
   * once lists the processes of one service; it is up while any of them is.
   */
  HEALTH_PEERS: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || v.split(',').every((p) => /^[a-z]+=https?:\/\/\S+$/.test(p)),
      'name=http://host:port, comma separated',
    ),
  /**
   * R-TRUST-PROXY: which hops may tell a service the client's address (X-Forwarded-For, set by
   * the gateway to the address nginx saw). Locally nginx is on loopback; in Kubernetes the
   * gateway pods have cluster addresses, so the manifests add `uniquelocal` (the network
   * policies let only the gateway and the other services reach a service's port).
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .refine(
      (v) => v.split(',').every((p) => isTrustedProxy(p.trim())),
      'loopback, linklocal, uniquelocal, an IP address or a CIDR range, comma separated',
    ),
  /** Logs go to stdout unless this names a file (tests read it back). */
  LOG_FILE: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * Reads and validates the environment once at start. A bad value stops the
 * service with a message naming the variable, never a half-configured start.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  // Empty strings mean "unset" so that `FOO= npm start` falls back to defaults.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * The graceful stop's settings as the service's configuration reads them; the defaults where a
 * value is invalid (the service's own start has then already stopped, naming it).
 */
export function shutdownConfig(env: NodeJS.ProcessEnv = process.env): ShutdownConfig {
  try {
    return loadConfig(shutdownConfigSchema, env);
  } catch {
    return shutdownConfigSchema.parse({});
  }
}

/** HEALTH_PEERS by service; a service named more than once has several processes. */
export function parseHealthPeers(value: string): Record<string, string[]> {
  const peers: Record<string, string[]> = {};
  if (!value) return peers;
  for (const pair of value.split(',')) {
    const i = pair.indexOf('=');
    (peers[pair.slice(0, i)] ??= []).push(pair.slice(i + 1).replace(/\/$/, ''));
  }
  return peers;
}

/** One entry of TRUST_PROXY as Express's `trust proxy` takes it. */
function isTrustedProxy(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}
