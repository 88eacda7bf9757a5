import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { sealData } from 'iron-session';
import { join } from 'node:path';
import {
  ensureServiceDatabase,
  freePort,
  startNats,
  startPostgres,
  type Managed,
} from '@nsa/local-infra';
import { SESSION_COOKIE } from '../session.js';

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

/** A private PostgreSQL cluster and a JetStream nats-server in a temp dir, on free ports. */
export async function startTestInfra(): Promise<TestInfra> {
  const dir = await mkdtemp(join(tmpdir(), 'nsa-test-'));
  // The cluster runs as an unprivileged user, which must reach its data dir.
  await chmod(dir, 0o755);
  const [pgPort, natsPort] = [await freePort(), await freePort()];
  const natsOpts = { storeDir: join(dir, 'nats'), port: natsPort, logFile: join(dir, 'nats.log') };
  const [pg, initialNats] = await Promise.all([
    startPostgres({ dataDir: join(dir, 'pg'), port: pgPort, logFile: join(dir, 'pg.log') }),
    startNats(natsOpts),
  ]);
  let nats = initialNats;
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

/** The environment a service gets from the launcher, pointed at the test infra. */
export async function serviceTestEnv(
  infra: { adminUrl: string; natsUrl: string },
  service: string,
  extra: Record<string, string> = {},
): Promise<NodeJS.ProcessEnv> {
  const url = await ensureServiceDatabase(infra.adminUrl, service);
  return {
    SERVICE_NAME: service,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    DB_SCHEMA: service,
    NATS_URL: infra.natsUrl,
    SESSION_SECRET: TEST_SESSION_SECRET,
    PUBLIC_BASE_URL: 'http://localhost:8080',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
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
export { serviceBasicsSuite } from './basics.js';

/** A session cookie sealed the way svc-identity seals it, for testing a service on its own. */
export async function testSessionCookie(
  user: { uid: number; role: 'admin' | 'provider'; name?: string; email?: string } = {
    uid: 1,
    role: 'admin',
  },
): Promise<string> {
  const now = Date.now();
  const sealed = await sealData(
    {
      uid: user.uid,
      role: user.role,
      name: user.name ?? 'Test Beheerder',
      email: user.email ?? 'beheer@test.nl',
      iat: now,
      seen: now,
    },
    { password: TEST_SESSION_SECRET, ttl: 12 * 3600 },
  );
  return `${SESSION_COOKIE}=${sealed}`;
}
export { testClient, until, type Answer, type TestClient } from './client.js';
