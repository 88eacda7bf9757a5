import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { sealData } from 'iron-session';
import { join } from 'node:path';
import {
  ensureServiceUrls,
  freePort,
  startNats,
  startPostgres,
  type Managed,
} from '@nsa/local-infra';
import {
  ORGANISATION_STATUSES,
  RPC_SUBJECTS,
  SERVICE_NAMES,
  natsPermissions,
  type OrganisationAnswer,
  type OrganisationProfile,
  type OrganisationStatus,
  type ServiceName,
  type SessionOwnerAnswer,
} from '@nsa/contracts';
import { createLogger } from '../logger.js';
import type { OrganisationSource } from '../organisation.js';
import { connectNats, type NatsConnection } from '../nats.js';
import { SESSION_COOKIE, newSessionId, sessionIdHash } from '../session.js';

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789-abcdefghijklmnop';

export interface TestInfra {
  dir: string;
  adminUrl: string;
  natsUrl: string;
  nats: Managed;
  postgres: Managed;
  /** Restarts nats-server on the same port and store (fault tests). */
  restartNats(): Promise<void>;
  stop(): Promise<void>;
}

/** A service's NATS password on the test infra. */
const testNatsPassword = (service: string) => `test-nats-${service}-0123456789`;

/** How a service logs in to the test infra's NATS, for a test that acts as that service. */
export function testNatsAuth(service: ServiceName): { user: string; pass: string } {
  return { user: service, pass: testNatsPassword(service) };
}

/**
 * R-NATS-USERS: the test nats-server has the launcher's users, each with its permissions from
 * `natsPermissions`, so a service under test can do only what it may in production (a use
 * missing from the table fails its tests). A connection without credentials (a test's own,
 * standing in for other services) is the unrestricted user `test`.
 */
const TEST_NATS_USERS = [
  ...SERVICE_NAMES.map((name) => ({
    user: name,
    password: testNatsPassword(name),
    permissions: natsPermissions(name),
  })),
  { user: 'test', password: testNatsPassword('test') },
];

/** A private PostgreSQL cluster and a JetStream nats-server in a temp dir, on free ports. */
export async function startTestInfra(): Promise<TestInfra> {
  const dir = await mkdtemp(join(tmpdir(), 'nsa-test-'));
  // The cluster runs as an unprivileged user, which must reach its data dir.
  await chmod(dir, 0o755);
  const [pgPort, natsPort] = [await freePort(), await freePort()];
  const natsOpts = {
    storeDir: join(dir, 'nats'),
    port: natsPort,
    logFile: join(dir, 'nats.log'),
    users: TEST_NATS_USERS,
    noAuthUser: 'test',
  };
  const started = await Promise.allSettled([
    startPostgres({ dataDir: join(dir, 'pg'), port: pgPort, logFile: join(dir, 'pg.log') }),
    startNats(natsOpts),
  ] as const);
  const [pgStart, natsStart] = started;
  if (pgStart.status === 'rejected' || natsStart.status === 'rejected') {
    // One of them did not start (nats-server missing, say): the other one stops again, so a
    // failed set-up leaves no server running behind it.
    if (pgStart.status === 'fulfilled') await pgStart.value.proc.stop();
    if (natsStart.status === 'fulfilled') await natsStart.value.proc.stop();
    await rm(dir, { recursive: true, force: true });
    throw pgStart.status === 'rejected'
      ? pgStart.reason
      : (natsStart as PromiseRejectedResult).reason;
  }
  const pg = pgStart.value;
  let nats = natsStart.value;
  const infra: TestInfra = {
    dir,
    adminUrl: pg.adminUrl,
    natsUrl: nats.url,
    nats: nats.proc,
    postgres: pg.proc,
    async restartNats() {
      await nats.proc.stop();
      nats = await startNats(natsOpts);
      infra.nats = nats.proc;
    },
    async stop() {
      await Promise.all([nats.proc.stop(), pg.proc.stop()]);
      await rm(dir, { recursive: true, force: true });
    },
  };
  return infra;
}

const feeds = new Map<string, Promise<NatsConnection>>();

/**
 * A NATS connection without credentials, so as the unrestricted test user (one per nats-server,
 * open until the process ends): for a test that stands in for other services, publishing their
 * events or looking into any stream. A service's own connection (`ctx.nc`) has only that
 * service's permissions (R-NATS-USERS).
 */
export function testFeed(natsUrl: string): Promise<NatsConnection> {
  let nc = feeds.get(natsUrl);
  if (!nc) {
    nc = connectNats(natsUrl, 'test-feed', createLogger('test-feed', 'silent'));
    feeds.set(natsUrl, nc);
  }
  return nc;
}

/** One erasure ledger per test process (R-ERASURE-LEDGER), in a folder of its own. */
let testLedgerDir: Promise<string> | undefined;

/** The environment a service gets from the launcher, pointed at the test infra. */
export async function serviceTestEnv(
  infra: { adminUrl: string; natsUrl: string },
  service: string,
  extra: Record<string, string> = {},
): Promise<NodeJS.ProcessEnv> {
  const { url, migrationUrl } = await ensureServiceUrls(infra.adminUrl, service);
  await standInIdentity(infra.natsUrl, service);
  return {
    SERVICE_NAME: service,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    MIGRATION_DATABASE_URL: migrationUrl,
    DB_SCHEMA: service,
    NATS_URL: infra.natsUrl,
    // Its own NATS user, as the launcher gives it.
    ...((SERVICE_NAMES as readonly string[]).includes(service)
      ? { NATS_USER: service, NATS_PASSWORD: testNatsPassword(service) }
      : {}),
    SESSION_SECRET: TEST_SESSION_SECRET,
    PUBLIC_BASE_URL: 'http://localhost:8080',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(service === 'registrations'
      ? {
          ERASURE_LEDGER: join(
            await (testLedgerDir ??= mkdtemp(join(tmpdir(), 'nsa-erasures-'))),
            'erasures',
          ),
        }
      : {}),
    ...extra,
  };
}

import type {} from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    natsUrl: string;
    infraDir: string;
  }
}

/**
 * Vitest globalSetup: one infra per test run of a package. Use it from a
 * package's `test/global-setup.ts` and read the URLs with `inject()`.
 */
export async function infraGlobalSetup({
  provide,
}: {
  provide: (key: 'adminUrl' | 'natsUrl' | 'infraDir', value: string) => void;
}): Promise<() => Promise<void>> {
  const infra = await startTestInfra();
  provide('adminUrl', infra.adminUrl);
  provide('natsUrl', infra.natsUrl);
  provide('infraDir', infra.dir);
  return () => infra.stop();
}

/** The sessions the stand-in for svc-identity knows, by the hash of their id; null: ended. */
const testSessions = new Map<string, SessionOwnerAnswer | null>();
/**
 * The hosts the stand-in answers for: the loopback names a test reaches a service by
 * (organisation 1's), and those `setTestOrganisation` gave an organisation in this process.
 */
const testOrganisations = new Map<string, OrganisationAnswer>(
  ['127.0.0.1', 'localhost', '[::1]'].map((host) => [
    host,
    { id: 1, status: 'active', publicBaseUrl: 'http://localhost:8080' },
  ]),
);
const standIns = new Map<string, Promise<void>>();

/**
 * For testing a service without svc-identity: a responder in the test process, once per
 * nats-server, that answers the session look-up for the sessions `testSessionCookie` made and
 * the organisation look-up for the hosts `testOrganisations` holds. It stays silent about any
 * other (so beside a real svc-identity, or a stand-in of another test file with hosts of its
 * own, it leaves those questions to them); in svc-identity's own tests it answers no
 * organisation question at all.
 */
function standInIdentity(natsUrl: string, service: string): Promise<void> {
  let started = standIns.get(natsUrl);
  if (!started) {
    started = (async () => {
      const logger = createLogger('identity-stand-in', 'silent');
      const nc = await connectNats(natsUrl, 'identity-stand-in', logger);
      const answer = <V>(
        subject: string,
        known: Pick<Map<string, V | null>, 'has' | 'get'>,
      ): void => {
        const sub = nc.subscribe(subject);
        void (async () => {
          for await (const msg of sub) {
            const { keys } = msg.json<{ keys: string[] }>();
            if (!keys.every((k) => known.has(k))) continue;
            msg.respond(JSON.stringify({ values: keys.map((k) => known.get(k) ?? null) }));
          }
        })();
      };
      answer(RPC_SUBJECTS.sessions, testSessions);
      if (service !== 'identity') {
        answer(RPC_SUBJECTS.organisations, testOrganisations);
        answer(RPC_SUBJECTS.organisationById, {
          has: (id) => testOrganisationById(Number(id)) !== undefined,
          get: (id) => testOrganisationById(Number(id)) ?? null,
        });
        answer(RPC_SUBJECTS.organisationIds, {
          has: (status) => (ORGANISATION_STATUSES as readonly string[]).includes(status),
          get: (status) => ({ ids: testOrganisationIds(status as OrganisationStatus) }),
        });
      }
      await nc.flush();
    })();
    standIns.set(natsUrl, started);
  }
  return started;
}

/** Settings a test gave an organisation of the stand-in, by id (`setTestOrganisation`). */
const testSettings = new Map<number, TestOrganisationSettings>();
type TestOrganisationSettings = Partial<
  Pick<OrganisationProfile, 'mailFromName' | 'retentionMonths'>
>;

/**
 * The organisation with `id` among those the stand-in answers for (its last host's answer),
 * named `Organisatie <id>` with `info@<its public host>` as its contact address, with the
 * settings a test gave it.
 */
function testOrganisationById(id: number): OrganisationProfile | undefined {
  const answer = [...testOrganisations.values()].filter((o) => o.id === id).at(-1);
  return (
    answer && {
      ...answer,
      name: `Organisatie ${id}`,
      contactEmail: `info@${new URL(answer.publicBaseUrl).hostname}`,
      ...testSettings.get(id),
    }
  );
}

/** The ids of the organisations in `status` among those the stand-in answers for. */
function testOrganisationIds(status: OrganisationStatus): number[] {
  const ids = [...testOrganisations.values()].filter((o) => o.status === status).map((o) => o.id);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * For a service of a kit test, opened without svc-identity or its stand-in
 * (`ServiceDefinition.organisationSource`): every host is organisation 1's.
 */
export const firstOrganisationOnly = (): OrganisationSource => ({
  get: async () => testOrganisations.get('localhost')!,
  ids: async (status) => (status === 'active' ? [1] : []),
  byId: async (id) => (id === 1 ? testOrganisationById(1)! : null),
});

/**
 * What the stand-in for svc-identity answers for `host` from now on (another organisation, a
 * suspended one). Services reuse an answer for
 * ORGANISATION_ANSWER_REUSE_MS, so a test waits that long before a request meets the change.
 */
export function setTestOrganisation(
  host: string,
  answer: OrganisationAnswer,
  settings?: TestOrganisationSettings,
): void {
  testOrganisations.set(host, answer);
  if (settings) testSettings.set(answer.id, settings);
}

/** A session cookie sealed the way svc-identity seals it, for testing a service on its own. */
export async function testSessionCookie(
  user: { uid: number; role: 'admin' | 'provider'; name?: string; email?: string } = {
    uid: 1,
    role: 'admin',
  },
): Promise<string> {
  const now = Date.now();
  const sid = newSessionId();
  const known = {
    uid: user.uid,
    role: user.role,
    name: user.name ?? 'Test Beheerder',
    email: user.email ?? 'beheer@test.nl',
  };
  testSessions.set(sessionIdHash(sid), known);
  const sealed = await sealData(
    { sid, ...known, iat: now, seen: now },
    { password: TEST_SESSION_SECRET, ttl: 12 * 3600 },
  );
  return `${SESSION_COOKIE}=${sealed}`;
}

/** Ends every test session of a user, as svc-identity does on delete or reset. */
export function endTestSessions(uid: number): void {
  for (const [k, v] of testSessions) if (v?.uid === uid) testSessions.set(k, null);
}
