import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  SERVICE_NAMES,
  SERVICES,
  serviceSpec,
  servicePortVariable,
  type ServiceName,
} from '@nsa/contracts';
import { DEFAULT_AUDIT_RETENTION_MONTHS, generateSecret, storedSecret } from '@nsa/local-infra';

// The table of services (packages/contracts/src/services.mjs) names them, their ports and more.
export { SERVICE_NAMES, type ServiceName };

export interface Ports {
  gateway: number;
  /** nginx's stub_status, on loopback beside the public listener (R-OPS-METRICS). */
  gatewayStatus: number;
  postgres: number;
  nats: number;
  /** Replica 1's port of each service (CATALOG_PORT…); `replicaPorts` has every replica's. */
  services: Record<ServiceName, number>;
  /** Every process's port per service, replica 1 first (REPLICAS, R-RUN-REPLICAS). */
  replicaPorts: Record<ServiceName, number[]>;
  /** Each NATS node's client, route and monitoring port; one entry unless NATS_NODES=3. */
  natsNodes: { client: number; route: number; monitor: number }[];
  mailSmtp: number;
  mailWeb: number;
}

export interface StackConfig {
  repoRoot: string;
  dataDir: string;
  ports: Ports;
  databaseUrl?: string;
  natsUrl?: string;
  smtpUrl?: string;
  publicBaseUrl: string;
  sessionSecret: string;
  /** svc-identity seals password-setup and reset links with it (not in R-RUN-ENV's list). */
  linkSealSecret: string;
  /** svc-identity alone seals two-step tickets and TOTP secrets with it (R-TOTP-KEY). */
  identitySecret: string;
  /** R-ERASURE-LEDGER: ERASURE_LEDGER, default `$DATA_DIR/erasures` (svc-registrations appends). */
  erasureLedger: string;
  loginRateLimit: number;
  signupRateLimit: number;
  /**
   * RETENTION_MONTHS as the services read it; also the audit store's own retention period,
   * below which no caller can anonymise actors (R-AUDIT-CUTOFF).
   */
  retentionMonths: number;
  /** Processes of each service (REPLICAS, 1–3). */
  replicas: number;
  /** nats-server processes: 1, or a three-node JetStream cluster (NATS_NODES). */
  natsNodes: number;
  demoData: '0' | '1';
  /** R-TOTP: every account logs in with a one-time code as well. */
  admin2faRequired: '0' | '1';
  logLevel: string;
  bootstrapAdmin: { email?: string; password?: string; name?: string };
  /** R-PLATFORM-ACCOUNTS: the platform administrator made on start. */
  bootstrapPlatform: { email?: string; password?: string };
  /**
   * Chosen afresh at every start and used only when the database is empty: the
   * launcher prints them once on the console, so they never reach a log file.
   */
  demo: { adminEmail: string; adminPassword: string; schoolToken: string };
  /**
   * R-NATS-USERS: each service's password for the NATS this launcher starts, chosen afresh at
   * every start (the server's configuration is written anew each time). Unused with NATS_URL.
   */
  natsPasswords: Record<ServiceName, string>;
  /**
   * R-NATS-ROUTES: the password of the routes between the launcher's NATS_NODES=3 nodes,
   * generated once into DATA_DIR/nats-route-password; unset with one node or NATS_URL.
   */
  natsRoutePassword?: string;
  organisation: { name: string; contactEmail: string; website: string; privacyUrl: string };
}

// Offsets from GATEWAY_PORT + 10000: copies whose gateway ports are 30 or more apart never
// collide, and none lands on a standard port (5432, 4222, 25, 1025...). Closer copies are
// caught by the free-port check at start, which names the variable to set. Each service's
// processes (REPLICAS) take the offsets of its entry in the table of services (11-22 now).
const OFFSETS = {
  PG_PORT: 1,
  NATS_PORT: 2,
  GATEWAY_STATUS_PORT: 3,
  MAIL_SMTP_PORT: 25,
  MAIL_WEB_PORT: 26,
} as const;

// The other processes of NATS_NODES take free offsets of the same window: the second and
// third nats-server's client ports at 4 and 5, the nodes' route ports at 6-8 and their
// monitoring ports at 9, 10 and 27. A service's table entry has one offset per replica, so
// REPLICAS is at most 3.
export const MAX_REPLICAS = 3;
const NATS_CLIENT_OFFSETS = [4, 5] as const;
const NATS_ROUTE_OFFSETS = [6, 7, 8] as const;
const NATS_MONITOR_OFFSETS = [9, 10, 27] as const;

function fail(message: string): never {
  throw new Error(`configuration: ${message}`);
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = 1e9): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) fail(`${name} must be an integer ${min}-${max}`);
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    fail(`${name} is not a URL`);
  }
  if (!protocols.includes(parsed.protocol))
    fail(`${name} must start with ${protocols.join(' or ')}//`);
  return raw;
}

export function derivePorts(
  env: NodeJS.ProcessEnv,
  gateway: number,
  counts: { replicas: number; natsNodes: number } = { replicas: 1, natsNodes: 1 },
): Ports {
  // Near the top of the range the offsets would overflow, so those copies count downwards.
  const base = gateway + 10_000 + 30 <= 65_535 ? gateway + 10_000 : gateway - 10_000;
  const port = (name: keyof typeof OFFSETS) => int(env, name, base + OFFSETS[name], 1, 65_535);
  // CATALOG_PORT, …: replica 1's port; the others' come from the table alone.
  const services = Object.fromEntries(
    SERVICES.map((s) => [
      s.name,
      int(env, servicePortVariable(s.name), base + s.portOffsets[0], 1, 65_535),
    ]),
  ) as Record<ServiceName, number>;
  const replicaPorts = Object.fromEntries(
    SERVICES.map((s) => [
      s.name,
      [services[s.name]].concat(
        s.portOffsets.slice(1, counts.replicas).map((offset) => base + offset),
      ),
    ]),
  ) as Record<ServiceName, number[]>;
  const nats = port('NATS_PORT');
  const natsNodes =
    counts.natsNodes === 1
      ? [
          {
            client: nats,
            route: base + NATS_ROUTE_OFFSETS[0],
            monitor: base + NATS_MONITOR_OFFSETS[0],
          },
        ]
      : [nats, ...NATS_CLIENT_OFFSETS.map((o) => base + o)].map((client, n) => ({
          client,
          route: base + NATS_ROUTE_OFFSETS[n]!,
          monitor: base + NATS_MONITOR_OFFSETS[n]!,
        }));
  return {
    gateway,
    gatewayStatus: port('GATEWAY_STATUS_PORT'),
    postgres: port('PG_PORT'),
    nats,
    services,
    replicaPorts,
    natsNodes,
    mailSmtp: port('MAIL_SMTP_PORT'),
    mailWeb: port('MAIL_WEB_PORT'),
  };
}

/** A secret from the environment, else one generated on first start and kept in dataDir. */
function persistentSecret(env: NodeJS.ProcessEnv, name: string, dataDir: string): string {
  const given = env[name];
  if (given) {
    if (given.length < 32) fail(`${name} must be at least 32 characters`);
    return given;
  }
  return storedSecret(path.join(dataDir, name.toLowerCase().replaceAll('_', '-')));
}

/** Where the launcher keeps its NATS cluster's route password (R-NATS-ROUTES). */
export function natsRoutePasswordFile(dataDir: string): string {
  return path.join(dataDir, 'nats-route-password');
}

/**
 * Reads the environment of R-RUN-ENV. Creates dataDir, because the session secret lives there.
 */
export function loadConfig(opts: {
  env: NodeJS.ProcessEnv;
  repoRoot: string;
  gatewayPort?: number;
  dataDir?: string;
}): StackConfig {
  const { env, repoRoot } = opts;
  const gateway = opts.gatewayPort ?? int(env, 'GATEWAY_PORT', 8080, 1, 65_535);
  const dataDir = path.resolve(repoRoot, opts.dataDir ?? env.DATA_DIR ?? '.data');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const replicas = int(env, 'REPLICAS', 1, 1, MAX_REPLICAS);
  const natsNodes = int(env, 'NATS_NODES', 1, 1, 3);
  if (natsNodes === 2) fail('NATS_NODES must be 1 or 3 (a cluster of two has no majority)');
  const ports = derivePorts(env, gateway, { replicas, natsNodes });
  const publicBaseUrl = (
    url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${gateway}`
  ).replace(/\/+$/, '');
  const demo = env.DEMO_DATA ?? '1';
  if (demo !== '0' && demo !== '1') fail('DEMO_DATA must be 0 or 1');
  const twoStep = env.ADMIN_2FA_REQUIRED || '0';
  if (twoStep !== '0' && twoStep !== '1') fail('ADMIN_2FA_REQUIRED must be 0 or 1');
  return {
    repoRoot,
    dataDir,
    ports,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    natsUrl: url(env, 'NATS_URL', ['nats:', 'tls:']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    publicBaseUrl,
    sessionSecret: persistentSecret(env, 'SESSION_SECRET', dataDir),
    linkSealSecret: persistentSecret(env, 'LINK_SEAL_SECRET', dataDir),
    identitySecret: persistentSecret(env, 'IDENTITY_SECRET', dataDir),
    erasureLedger: path.resolve(repoRoot, env.ERASURE_LEDGER || path.join(dataDir, 'erasures')),
    loginRateLimit: int(env, 'LOGIN_RATE_LIMIT', 10),
    signupRateLimit: int(env, 'SIGNUP_RATE_LIMIT', 60),
    retentionMonths: int(env, 'RETENTION_MONTHS', DEFAULT_AUDIT_RETENTION_MONTHS, 1, 120),
    replicas,
    natsNodes,
    demoData: demo,
    admin2faRequired: twoStep,
    logLevel: env.LOG_LEVEL || 'info',
    bootstrapAdmin: {
      email: env.BOOTSTRAP_ADMIN_EMAIL || undefined,
      password: env.BOOTSTRAP_ADMIN_PASSWORD || undefined,
      name: env.BOOTSTRAP_ADMIN_NAME || undefined,
    },
    bootstrapPlatform: {
      email: env.BOOTSTRAP_PLATFORM_EMAIL || undefined,
      password: env.BOOTSTRAP_PLATFORM_PASSWORD || undefined,
    },
    natsPasswords: Object.fromEntries(SERVICE_NAMES.map((n) => [n, generateSecret(24)])) as Record<
      ServiceName,
      string
    >,
    natsRoutePassword:
      natsNodes > 1 && !env.NATS_URL ? storedSecret(natsRoutePasswordFile(dataDir), 48) : undefined,
    demo: {
      adminEmail: 'beheer@voorbeeld.nl',
      adminPassword: generateSecret(20),
      schoolToken: randomBytes(16).toString('hex'),
    },
    organisation: {
      name: env.ORG_NAME || 'Welzijn Voorbeeldstad',
      contactEmail: env.ORG_CONTACT_EMAIL || 'info@welzijn.example',
      website: env.ORG_WEBSITE || 'https://welzijn.example',
      privacyUrl: env.ORG_PRIVACY_URL || 'https://welzijn.example/privacy',
    },
  };
}

/**
 * Each service's V8 old-space limit, in MB (`heapMb` in the table of services). svc-notify's
 * live heap stays small however many emails it sends, but each email leaves garbage (its
 * texts, its message) that under a 256 MB limit piles up between full collections; a lower
 * limit collects it sooner for about the same CPU (bench/README.md, rate: memory).
 */
export const SERVICE_HEAP_MB = Object.fromEntries(
  SERVICES.map((s) => [s.name, s.heapMb]),
) as Readonly<Record<ServiceName, number>>;
/**
 * Each service's V8 semi-space limit, in MB. Without it Node 24 lets the young generation grow
 * to 128 MB under load and keeps it (bench/README.md, rate: memory).
 */
export const SERVICE_SEMI_SPACE_MB = 8;
/** A service's NODE_OPTIONS; deploy/k8s/base/config.env (and services/notify.yaml for notify) set the same. */
export function serviceNodeOptions(name: ServiceName): string {
  return `--max-old-space-size=${SERVICE_HEAP_MB[name]} --max-semi-space-size=${SERVICE_SEMI_SPACE_MB}`;
}

/** The environment one service process gets (besides the launcher's own, minus test noise). */
export function serviceEnv(
  config: StackConfig,
  name: ServiceName,
  urls: { database: string; migrationDatabase?: string; nats: string; smtp: string },
  /** Which process of the service (1 … REPLICAS). */
  replica = 1,
): Record<string, string> {
  // Every process of every service: a service counts as up while any of its processes is.
  const peers = SERVICE_NAMES.flatMap((s) =>
    config.ports.replicaPorts[s].map((p) => `${s}=http://127.0.0.1:${p}`),
  ).join(',');
  const env: Record<string, string> = {
    // A bounded heap: a burst of sign-ups otherwise grows the heap (not a leak) well past what
    // the service needs, and a service's memory is budgeted at 150 MB.
    NODE_OPTIONS: serviceNodeOptions(name),
    PORT: String(config.ports.replicaPorts[name][replica - 1] ?? config.ports.services[name]),
    HOST: '127.0.0.1',
    SERVICE_NAME: name,
    DATABASE_URL: urls.database,
    // Its migrations run as its owner role, not as the role it queries with.
    ...(urls.migrationDatabase ? { MIGRATION_DATABASE_URL: urls.migrationDatabase } : {}),
    DB_SCHEMA: serviceSpec(name).schema,
    NATS_URL: urls.nats,
    // With two or more of each, a stopping process says it is not ready and keeps serving a
    // second (its answers closing their connections) before it stops taking connections, so a
    // rolling restart answers nothing with a 5xx (R-OPS-ROLLING).
    ...(config.replicas > 1 ? { SHUTDOWN_GRACE_MS: '1000' } : {}),
    // The launcher's three-node cluster keeps every stream on all three (R-RUN-REPLICAS).
    ...(config.natsUrl ? {} : { STREAM_REPLICAS: String(config.natsNodes) }),
    // Its own NATS user on the launcher's NATS (R-NATS-USERS); an external NATS_URL has its own.
    ...(config.natsUrl ? {} : { NATS_USER: name, NATS_PASSWORD: config.natsPasswords[name] }),
    SMTP_URL: urls.smtp,
    SESSION_SECRET: config.sessionSecret,
    PUBLIC_BASE_URL: config.publicBaseUrl,
    HEALTH_PEERS: peers,
    LOGIN_RATE_LIMIT: String(config.loginRateLimit),
    SIGNUP_RATE_LIMIT: String(config.signupRateLimit),
    DEMO_DATA: config.demoData,
    LOG_LEVEL: config.logLevel,
  };
  // Only the sealers (password links, the parent's own link) and the one service that opens
  // sealed links hold the key.
  if (name === 'identity' || name === 'registrations' || name === 'notify')
    env.LINK_SEAL_SECRET = config.linkSealSecret;
  if (name === 'identity') env.ADMIN_2FA_REQUIRED = config.admin2faRequired;
  // Two-step tickets and TOTP secrets: identity's key alone.
  if (name === 'identity') env.IDENTITY_SECRET = config.identitySecret;
  // Every erasure is appended there, outside the database (R-ERASURE-LEDGER).
  if (name === 'registrations') env.ERASURE_LEDGER = config.erasureLedger;
  if (name === 'identity' && config.demoData === '1') {
    env.DEMO_ADMIN_EMAIL = config.demo.adminEmail;
    env.DEMO_ADMIN_PASSWORD = config.demo.adminPassword;
  }
  if (name === 'catalog' && config.demoData === '1')
    env.DEMO_SCHOOL_TOKEN = config.demo.schoolToken;
  env.ORG_NAME = config.organisation.name;
  env.ORG_CONTACT_EMAIL = config.organisation.contactEmail;
  env.ORG_WEBSITE = config.organisation.website;
  env.ORG_PRIVACY_URL = config.organisation.privacyUrl;
  const admin = config.bootstrapAdmin;
  if (admin.email) env.BOOTSTRAP_ADMIN_EMAIL = admin.email;
  if (admin.password) env.BOOTSTRAP_ADMIN_PASSWORD = admin.password;
  if (admin.name) env.BOOTSTRAP_ADMIN_NAME = admin.name;
  const platform = config.bootstrapPlatform;
  if (platform.email) env.BOOTSTRAP_PLATFORM_EMAIL = platform.email;
  if (platform.password) env.BOOTSTRAP_PLATFORM_PASSWORD = platform.password;
  return env;
}
