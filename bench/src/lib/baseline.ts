// Starts the sign-up baseline (baseline-server.ts) behind a second nginx whose configuration is
// the gateway's own, rendered by gateway/render.mjs with the registrations upstream pointing at
// the baseline: same location, keepalive upstream, headers, logs and limits as the product.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { renderGatewayConfig } from 'gateway';
import {
  ensureServiceDatabase,
  spawnManaged,
  waitForTcp,
  which,
  type Managed,
} from '@nsa/local-infra';
import type { BenchStack } from './stack.js';
import { repoRoot } from './stack.js';

const SCHEMA = 'bench_baseline';

const TABLES = `
  CREATE TABLE IF NOT EXISTS registrations (
    id serial PRIMARY KEY,
    activity_id integer NOT NULL,
    child_first_name text NOT NULL,
    child_last_name text NOT NULL,
    child_date_of_birth date,
    child_group text,
    parent_name text NOT NULL,
    email text NOT NULL,
    phone text NOT NULL,
    status text NOT NULL DEFAULT 'new',
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS outbox (
    seq bigserial PRIMARY KEY,
    id uuid NOT NULL UNIQUE,
    subject text NOT NULL,
    data jsonb NOT NULL,
    published_at timestamptz
  );`;

export interface Baseline {
  /** http://127.0.0.1:PORT of the baseline's nginx. */
  url: string;
  /** Process group ids (= pids) of the baseline app and its nginx. */
  pids: { app: number; nginx: number };
  rowCount(): Promise<number>;
  stop(): Promise<void>;
}

export async function startBaseline(
  s: BenchStack,
  opts: { gatewayPort: number; appPort: number; poolMax: number },
): Promise<Baseline> {
  const dbUrl = await ensureServiceDatabase(s.adminDbUrl, SCHEMA);
  const db = new pg.Client({ connectionString: dbUrl, options: `-c search_path=${SCHEMA}` });
  await db.connect();
  await db.query(TABLES);

  const dir = path.join(s.dataDir, 'baseline');
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const started: Managed[] = [];
  const pids = { app: 0, nginx: 0 };
  const stop = async () => {
    for (const p of started.reverse()) await p.stop();
    await db.end().catch(() => undefined);
  };
  try {
    const script = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '..',
      'baseline-server.js',
    );
    const app = spawnManaged('baseline', process.execPath, [script], {
      logFile: path.join(dir, 'logs', 'baseline.log'),
      env: {
        PATH: process.env.PATH,
        PORT: String(opts.appPort),
        DATABASE_URL: dbUrl,
        DB_SCHEMA: SCHEMA,
        DB_POOL_MAX: String(opts.poolMax),
        NODE_ENV: 'production',
      },
    });
    started.push(app);
    pids.app = app.pid;
    await waitForTcp('127.0.0.1', opts.appPort, { abort: app.exited, timeoutMs: 20_000 });

    const p = s.stack.ports.services;
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      renderGatewayConfig({
        port: opts.gatewayPort,
        dataDir: dir,
        // Every service of the stack, but registrations: the bare app instead.
        services: {
          ...Object.fromEntries(
            Object.entries(p).map(([name, port]) => [name, `127.0.0.1:${port}`]),
          ),
          registrations: `127.0.0.1:${opts.appPort}`,
        },
        staticRoots: {
          shell: path.join(repoRoot, 'shell', 'dist'),
          mfe_public: path.join(repoRoot, 'mfe-public', 'dist'),
          mfe_admin: path.join(repoRoot, 'mfe-admin', 'dist'),
          mfe_provider: path.join(repoRoot, 'mfe-provider', 'dist'),
        },
        registryFile: path.join(s.dataDir, 'gateway', 'mfe-registry.json'),
        publicBaseUrl: `http://localhost:${opts.gatewayPort}`,
        signupRateLimit: 0,
        loginRateLimit: 0,
        user: process.getuid?.() === 0 ? 'root' : undefined,
      }),
    );
    const nginx = which('nginx') ?? '/usr/sbin/nginx';
    const proxy = spawnManaged(
      'baseline-nginx',
      nginx,
      ['-c', conf, '-p', dir, '-e', path.join(dir, 'logs', 'error.log')],
      { logFile: path.join(dir, 'logs', 'nginx.log') },
    );
    started.push(proxy);
    pids.nginx = proxy.pid;
    await waitForTcp('127.0.0.1', opts.gatewayPort, { abort: proxy.exited, timeoutMs: 15_000 });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `http://127.0.0.1:${opts.gatewayPort}`,
    pids,
    rowCount: async () =>
      Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM registrations')).rows[0]!.n),
    stop,
  };
}
