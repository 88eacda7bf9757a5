import fs from 'node:fs';
import path from 'node:path';
import {
  ensureServiceDatabase,
  spawnManaged,
  startNats,
  startPostgres,
  waitForHttp,
  waitForTcp,
  type Managed,
} from '@nsa/local-infra';
import { renderGatewayConfig } from 'gateway';
import { loadConfig, SERVICE_NAMES, serviceEnv, type Ports, type StackConfig } from './config.js';
import {
  abortable,
  assertPortsFree,
  childBaseEnv,
  findRepoRoot,
  maildevScript,
  nginxBinary,
} from './infra.js';
import { consoleLine } from './output.js';
import { PidFiles } from './pidfiles.js';
import { Supervised } from './supervisor.js';

export interface StartStackOptions {
  /** Default: GATEWAY_PORT from env, else 8080. */
  gatewayPort?: number;
  /** Default: DATA_DIR from env, else `.data`; relative paths are taken from the repo root. */
  dataDir?: string;
  /** CONTRACT §1 variables; merged over process.env. */
  env?: NodeJS.ProcessEnv;
  repoRoot?: string;
  /** Console output of the launcher and the services' notable lines. */
  log?: (line: string) => void;
  /** How long the services may take to become healthy (default 180 s). */
  healthTimeoutMs?: number;
  /** Aborting it during start-up stops what was started and rejects. */
  signal?: AbortSignal;
}

export interface Stack {
  /** http://localhost:PORT/ */
  url: string;
  publicBaseUrl: string;
  smtpUrl: string;
  /** The mail catcher's web UI and REST API (GET /email), when it runs. */
  mailWebUrl?: string;
  ports: Ports;
  dataDir: string;
  stop(): Promise<void>;
}

interface Part {
  name: string;
  stop(): Promise<void>;
}

/** Everything CONTRACT §1 `npm start` runs, in the foreground of this process. */
export async function startStack(opts: StartStackOptions = {}): Promise<Stack> {
  const env = { ...process.env, ...opts.env };
  const repoRoot = opts.repoRoot ?? findRepoRoot();
  const log = opts.log ?? ((line: string) => console.log(`[naschool] ${line}`));
  const config = loadConfig({
    env,
    repoRoot,
    gatewayPort: opts.gatewayPort,
    dataDir: opts.dataDir,
  });
  const { dataDir, ports } = config;
  const logs = path.join(dataDir, 'logs');
  const gatewayDir = path.join(dataDir, 'gateway');
  fs.mkdirSync(logs, { recursive: true });
  fs.mkdirSync(path.join(gatewayDir, 'logs'), { recursive: true });

  const pids = new PidFiles(path.join(dataDir, 'run'));
  const survivors = pids.survivors();
  if (survivors.length > 0) {
    const list = survivors.map((s) => `${s.name} (pid ${s.pid})`).join(', ');
    throw new Error(
      `another copy of the product runs on ${dataDir}: ${list}. ` +
        'Stop it first (Ctrl-C in its terminal), or use another DATA_DIR and GATEWAY_PORT.',
    );
  }
  const scripts = SERVICE_NAMES.map((s) => path.join(repoRoot, `svc-${s}`, 'dist', 'main.js'));
  const missing = scripts.filter((s) => !fs.existsSync(s));
  if (missing.length > 0) {
    throw new Error(`not built: ${missing.join(', ')}; run npm run build:backend`);
  }
  await assertPortsFree({
    GATEWAY_PORT: ports.gateway,
    ...(config.databaseUrl ? {} : { PG_PORT: ports.postgres }),
    ...(config.natsUrl ? {} : { NATS_PORT: ports.nats }),
    CATALOG_PORT: ports.services.catalog,
    REGISTRATIONS_PORT: ports.services.registrations,
    IDENTITY_PORT: ports.services.identity,
    NOTIFY_PORT: ports.services.notify,
    ...(config.smtpUrl ? {} : { MAIL_SMTP_PORT: ports.mailSmtp, MAIL_WEB_PORT: ports.mailWeb }),
  });
  pids.write('launcher', process.pid, process.argv[1] ?? process.execPath);

  // Started parts, in start order; stopped in reverse: gateway, services, mail, NATS, PostgreSQL.
  const parts: Part[] = [];
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const part of parts.reverse()) {
      try {
        await part.stop();
      } catch (err) {
        log(`stopping ${part.name} failed: ${(err as Error).message}`);
      }
    }
    pids.remove('launcher');
  };
  const track = (proc: Managed, signature: string) => {
    pids.write(proc.name, proc.pid, signature);
    void proc.exited.then((code) => {
      if (!stopping) log(`${proc.name} exited unexpectedly (code ${code}); see ${logs}`);
    });
    parts.push({
      name: proc.name,
      stop: async () => {
        await proc.stop();
        pids.remove(proc.name);
      },
    });
  };

  try {
    const step = <T>(p: Promise<T>) => abortable(p, opts.signal);
    const { adminUrl, natsUrl } = await step(startData(config, track, log));

    const database = databaseName(config.databaseUrl);
    const urls: Record<string, string> = {};
    for (const s of SERVICE_NAMES) {
      urls[s] = await step(ensureServiceDatabase(adminUrl, s, { database }));
    }

    let smtpUrl = config.smtpUrl;
    let mailWebUrl: string | undefined;
    if (!smtpUrl) {
      const mailDir = path.join(dataDir, 'mail');
      const proc = spawnManaged(
        'maildev',
        process.execPath,
        [maildevScript(), '--smtp', String(ports.mailSmtp), '--web', String(ports.mailWeb)].concat([
          '--ip',
          '127.0.0.1',
          '--web-ip',
          '127.0.0.1',
          '--mail-directory',
          mailDir,
        ]),
        { logFile: path.join(logs, 'maildev.log'), env: childBaseEnv(env) },
      );
      track(proc, mailDir);
      const abort = proc.exited;
      await step(waitForTcp('127.0.0.1', ports.mailSmtp, { abort }));
      await step(waitForTcp('127.0.0.1', ports.mailWeb, { abort }));
      smtpUrl = `smtp://127.0.0.1:${ports.mailSmtp}`;
      mailWebUrl = `http://127.0.0.1:${ports.mailWeb}/`;
      log(`mail catcher: ${mailWebUrl} (SMTP ${smtpUrl})`);
    }

    const registryFile = path.join(gatewayDir, 'mfe-registry.json');
    if (!fs.existsSync(registryFile)) {
      const registry = {
        mfe_public: '/mfe/public/mf-manifest.json',
        mfe_admin: '/mfe/admin/mf-manifest.json',
        mfe_provider: '/mfe/provider/mf-manifest.json',
      };
      fs.writeFileSync(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
    }

    const services = SERVICE_NAMES.map((name, i) => {
      const script = scripts[i]!;
      const sup = new Supervised(
        name,
        process.execPath,
        [script],
        {
          cwd: path.dirname(path.dirname(script)),
          env: {
            ...childBaseEnv(env),
            ...serviceEnv(config, name, { database: urls[name]!, nats: natsUrl, smtp: smtpUrl! }),
          },
          logFile: path.join(logs, `${name}.log`),
          onOutput: (line) => {
            const out = consoleLine(name, line);
            if (out) log(out);
          },
        },
        { log, onStart: (proc) => pids.write(name, proc.pid, script) },
      );
      sup.start();
      return sup;
    });
    parts.push({
      name: 'services',
      stop: async () => {
        await Promise.all(services.map((s) => s.stop()));
        for (const s of SERVICE_NAMES) pids.remove(s);
      },
    });

    await step(startGateway(config, { registryFile, gatewayDir, logs, track, log }));
    const health = `http://127.0.0.1:${ports.gateway}/api/health`;
    await step(waitHealthy(health, opts.healthTimeoutMs ?? 180_000, logs));
    return {
      url: `http://localhost:${ports.gateway}/`,
      publicBaseUrl: config.publicBaseUrl,
      smtpUrl: smtpUrl!,
      mailWebUrl,
      ports,
      dataDir,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** PostgreSQL and NATS, local or external, started side by side. */
async function startData(
  config: StackConfig,
  track: (proc: Managed, signature: string) => void,
  log: (line: string) => void,
): Promise<{ adminUrl: string; natsUrl: string }> {
  const logs = path.join(config.dataDir, 'logs');
  const pgData = path.join(config.dataDir, 'postgres', 'data');
  const natsStore = path.join(config.dataDir, 'nats');
  const [pg, nats] = await Promise.allSettled([
    config.databaseUrl
      ? undefined
      : startPostgres({
          dataDir: pgData,
          port: config.ports.postgres,
          logFile: path.join(logs, 'postgres.log'),
        }),
    config.natsUrl
      ? undefined
      : startNats({
          storeDir: natsStore,
          port: config.ports.nats,
          logFile: path.join(logs, 'nats.log'),
        }),
  ]);
  // Track whatever did start before reporting a failure, so that it is stopped too.
  if (pg.status === 'fulfilled' && pg.value) track(pg.value.proc, pgData);
  if (nats.status === 'fulfilled' && nats.value) track(nats.value.proc, natsStore);
  if (pg.status === 'rejected') throw pg.reason;
  if (nats.status === 'rejected') throw nats.reason;
  const adminUrl = config.databaseUrl ?? pg.value!.adminUrl;
  const natsUrl = config.natsUrl ?? nats.value!.url;
  log(
    config.databaseUrl
      ? 'PostgreSQL: external DATABASE_URL'
      : `PostgreSQL: 127.0.0.1:${config.ports.postgres}`,
  );
  log(config.natsUrl ? `NATS: ${natsUrl}` : `NATS (JetStream): ${natsUrl}`);
  return { adminUrl, natsUrl };
}

/**
 * The services' database: an external DATABASE_URL naming an application database is used
 * as it is (its owner may not be allowed to create databases); otherwise `naschool`.
 */
function databaseName(databaseUrl: string | undefined): string {
  const name = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : '';
  return name && !['postgres', 'template0', 'template1'].includes(name) ? name : 'naschool';
}

async function startGateway(
  config: StackConfig,
  ctx: {
    registryFile: string;
    gatewayDir: string;
    logs: string;
    track: (proc: Managed, signature: string) => void;
    log: (line: string) => void;
  },
): Promise<void> {
  const { repoRoot, ports } = config;
  const staticRoots = {
    shell: path.join(repoRoot, 'shell', 'dist'),
    mfe_public: path.join(repoRoot, 'mfe-public', 'dist'),
    mfe_admin: path.join(repoRoot, 'mfe-admin', 'dist'),
    mfe_provider: path.join(repoRoot, 'mfe-provider', 'dist'),
  };
  const unbuilt = Object.values(staticRoots).filter((d) => !fs.existsSync(d));
  if (unbuilt.length > 0) ctx.log(`not built (pages will be missing): ${unbuilt.join(', ')}`);
  const conf = path.join(ctx.gatewayDir, 'nginx.conf');
  const text = renderGatewayConfig({
    port: ports.gateway,
    dataDir: ctx.gatewayDir,
    services: Object.fromEntries(
      SERVICE_NAMES.map((s) => [s, `127.0.0.1:${ports.services[s]}`]),
    ) as Record<(typeof SERVICE_NAMES)[number], string>,
    staticRoots,
    registryFile: ctx.registryFile,
    publicBaseUrl: config.publicBaseUrl,
    signupRateLimit: config.signupRateLimit,
    loginRateLimit: config.loginRateLimit,
    // Started as root, nginx would drop its workers to `nobody`, who may not be able to enter
    // the checkout (a 0700 home or temp directory). It listens on loopback only.
    user: process.getuid?.() === 0 ? 'root' : undefined,
  });
  fs.writeFileSync(conf, text);
  const errorLog = path.join(ctx.gatewayDir, 'logs', 'error.log');
  const proc = spawnManaged(
    'nginx',
    nginxBinary(),
    ['-c', conf, '-p', ctx.gatewayDir, '-e', errorLog],
    {
      logFile: path.join(ctx.logs, 'nginx.log'),
    },
  );
  ctx.track(proc, conf);
  await waitForTcp('127.0.0.1', ports.gateway, { abort: proc.exited, timeoutMs: 15_000 });
}

async function waitHealthy(url: string, timeoutMs: number, logs: string): Promise<void> {
  try {
    await waitForHttp(url, { timeoutMs });
  } catch (err) {
    let detail = '';
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      detail = ` — last answer ${res.status} ${await res.text()}`;
    } catch {
      // the timeout message already says what happened
    }
    throw new Error(`${(err as Error).message}${detail}; service logs are in ${logs}`);
  }
}
