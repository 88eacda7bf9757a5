import fs from 'node:fs';
import path from 'node:path';
import { ensureServiceUrls, spawnManaged, waitForTcp, type ServiceUrls } from '@nsa/local-infra';
import { servicePortVariable, serviceSpec } from '@nsa/contracts';
import { loadConfig, SERVICE_NAMES, serviceEnv, type Ports } from './config.js';
import { abortable, assertPortsFree, childBaseEnv, findRepoRoot } from './infra.js';
import {
  databaseName,
  ownCommandLine,
  serviceEntry,
  startData,
  startGateway,
  startMail,
  waitHealthy,
  type Keep,
} from './parts.js';
import { demoSeedWatch, seedDemoSignups } from './demo-signups.js';
import { consoleLine, demoAnnouncement } from './output.js';
import { PidFiles, pidsDir } from './pidfiles.js';
import { makeDataDirPrivate } from './private.js';
export { killLeftovers, pidsDir } from './pidfiles.js';
import { Supervised } from './supervisor.js';

export interface StartStackOptions {
  /** Default: GATEWAY_PORT from env, else 8080. */
  gatewayPort?: number;
  /** Default: DATA_DIR from env, else `.data`; relative paths are taken from the repo root. */
  dataDir?: string;
  /** R-RUN-ENV variables; merged over process.env. */
  env?: NodeJS.ProcessEnv;
  repoRoot?: string;
  /** Console output of the launcher and the services' notable lines. */
  log?: (line: string) => void;
  /** How long the services may take to become healthy (default 180 s). */
  healthTimeoutMs?: number;
  /** Aborting it during start-up stops what was started and rejects. */
  signal?: AbortSignal;
  /**
   * With demo data on an empty install, also seed made-up sign-ups and print a provider link
   * once the demo school exists (R-RUN-DEMO-SIGNUPS); `npm start` asks for it, tests do not.
   */
  demoSignups?: boolean;
  /** More settings for the local PostgreSQL (`name=value`); the benchmark's diagnostics use it. */
  postgresSettings?: string[];
  /**
   * A service run from another checkout's build (that checkout's root, holding `svc-<name>/`
   * built with its own node_modules) instead of this one: the version-skew test runs a
   * service's last release beside the current others this way (R-OPS-SKEW).
   */
  serviceRoots?: Partial<Record<(typeof SERVICE_NAMES)[number], string>>;
}

export interface Stack {
  /** http://localhost:PORT/ */
  url: string;
  publicBaseUrl: string;
  smtpUrl: string;
  /** The mail catcher's web UI and REST API (GET /api/email), when it runs. */
  mailWebUrl?: string;
  ports: Ports;
  dataDir: string;
  stop(): Promise<void>;
}

interface Part {
  name: string;
  stop(): Promise<void>;
}

/** Everything `npm start` runs (R-RUN-START), in the foreground of this process. */
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
  makeDataDirPrivate(dataDir);
  const logs = path.join(dataDir, 'logs');
  const gatewayDir = path.join(dataDir, 'gateway');
  fs.mkdirSync(logs, { recursive: true });
  fs.mkdirSync(path.join(gatewayDir, 'logs'), { recursive: true });

  const pids = new PidFiles(pidsDir(dataDir));
  const survivors = pids.survivors();
  if (survivors.length > 0) {
    const list = survivors.map((s) => `${s.name} (pid ${s.pid})`).join(', ');
    throw new Error(
      `another copy of the product runs on ${dataDir}: ${list}. ` +
        'Stop it first (Ctrl-C in its terminal), or use another DATA_DIR and GATEWAY_PORT.',
    );
  }
  const rootOf = (s: (typeof SERVICE_NAMES)[number]) => opts.serviceRoots?.[s] ?? repoRoot;
  const scripts = SERVICE_NAMES.map((s) => serviceEntry(rootOf(s), s));
  const missing = scripts.filter((s) => !fs.existsSync(s));
  if (missing.length > 0) {
    throw new Error(`not built: ${missing.join(', ')}; run npm run build:backend`);
  }
  const replicaPorts = (s: (typeof SERVICE_NAMES)[number], variable: string) =>
    Object.fromEntries(
      ports.replicaPorts[s].map((p, i) => [
        i === 0 ? variable : `${variable} (replica ${i + 1})`,
        p,
      ]),
    );
  await assertPortsFree({
    GATEWAY_PORT: ports.gateway,
    GATEWAY_STATUS_PORT: ports.gatewayStatus,
    ...(config.databaseUrl ? {} : { PG_PORT: ports.postgres }),
    ...(config.natsUrl
      ? {}
      : Object.fromEntries(
          ports.natsNodes.flatMap((n, i) => [
            [i === 0 ? 'NATS_PORT' : `NATS_PORT (node ${i + 1})`, n.client],
            ...(ports.natsNodes.length > 1
              ? [
                  [`NATS cluster route (node ${i + 1})`, n.route],
                  [`NATS monitoring (node ${i + 1})`, n.monitor],
                ]
              : []),
          ]),
        )),
    ...Object.assign({}, ...SERVICE_NAMES.map((s) => replicaPorts(s, servicePortVariable(s)))),
    ...(config.smtpUrl ? {} : { MAIL_SMTP_PORT: ports.mailSmtp, MAIL_WEB_PORT: ports.mailWeb }),
  });
  pids.write('launcher', process.pid, ownCommandLine());

  // Started parts, in start order; stopped in reverse: gateway, services, mail, NATS, PostgreSQL.
  const parts: Part[] = [];
  // Start-ups still spawning processes; an abort must not stop the stack before they are known.
  const spawning = new Set<Promise<unknown>>();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([...spawning]);
    for (const part of parts.reverse()) {
      try {
        await part.stop();
      } catch (err) {
        log(`stopping ${part.name} failed: ${(err as Error).message}`);
      }
    }
    pids.remove('launcher');
  };
  // Every process runs supervised (R-RUN-REPLICAS): killed from outside, it is started again.
  const keep: Keep = async (name, launch, { signature, logFile }) => {
    const sup = new Supervised(name, launch, {
      log,
      logFile,
      onStart: (proc) => pids.write(name, proc.pid, signature),
    });
    parts.push({
      name,
      stop: async () => {
        await sup.stop();
        pids.remove(name);
      },
    });
    return sup.start();
  };
  try {
    const step = <T>(p: Promise<T>) => abortable(p, opts.signal);
    const spawn = <T>(p: Promise<T>) => {
      spawning.add(p);
      void p.catch(() => undefined).finally(() => spawning.delete(p));
      return step(p);
    };
    // The mail catcher needs nothing else, so it starts alongside PostgreSQL and NATS.
    const [data, mail] = await spawn(
      Promise.allSettled([
        startData(config, keep, log, opts.postgresSettings),
        startMail(config, env, keep, log),
      ]),
    );
    if (data.status === 'rejected') throw data.reason;
    if (mail.status === 'rejected') throw mail.reason;
    const { adminUrl, natsUrl } = data.value;
    const { smtpUrl, mailWebUrl } = mail.value;

    const database = databaseName(config.databaseUrl);
    const urls: Record<string, ServiceUrls> = {};
    for (const s of SERVICE_NAMES) {
      urls[s] = await step(
        ensureServiceUrls(adminUrl, s, {
          database,
          auditRetentionMonths: config.retentionMonths,
        }),
      );
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
    fs.writeFileSync(
      path.join(gatewayDir, 'app-config.json'),
      `${JSON.stringify({ organisation: config.organisation }, null, 2)}\n`,
    );

    const demoWatch = demoSeedWatch();
    // REPLICAS processes of each service, each with its own port, all behind the gateway's
    // upstream group of that service. Registered before the first start, so that a failing
    // spawn still stops the others; stopped together.
    const services: Supervised[] = [];
    parts.push({
      name: 'services',
      stop: async () => {
        await Promise.all(services.map((s) => s.stop()));
        for (const s of services) pids.remove(s.name);
      },
    });
    for (const [i, name] of SERVICE_NAMES.entries()) {
      const script = scripts[i]!;
      for (let replica = 1; replica <= config.replicas; replica++) {
        const part = `${name}-${replica}`;
        // One process: the console names it as before; more: by replica.
        const label = config.replicas > 1 ? part : name;
        const logFile = path.join(logs, config.replicas > 1 ? `${part}.log` : `${name}.log`);
        const serviceOptions = {
          cwd: path.join(rootOf(name), serviceSpec(name).folder),
          env: withNodeOptions(
            childBaseEnv(env),
            serviceEnv(
              config,
              name,
              {
                database: urls[name]!.url,
                migrationDatabase: urls[name]!.migrationUrl,
                nats: natsUrl,
                smtp: smtpUrl,
              },
              replica,
            ),
          ),
          logFile,
          onOutput: (line: string) => {
            const out = consoleLine(label, line);
            if (out) log(out);
            const demo = demoAnnouncement(config, line);
            if (demo) log(demo);
            demoWatch.note(line);
          },
        };
        const sup = new Supervised(
          part,
          async () => spawnManaged(part, process.execPath, [script], serviceOptions),
          { log, logFile, onStart: (proc) => pids.write(part, proc.pid, script) },
        );
        services.push(sup);
        await sup.start();
      }
    }

    await spawn(startGateway(config, { registryFile, gatewayDir, logs, keep, log }));
    // Asking the gateway before any service listens would get them all marked failed for a
    // while (max_fails); their own ports tell first.
    const healthTimeoutMs = opts.healthTimeoutMs ?? 180_000;
    for (const s of SERVICE_NAMES) {
      for (const port of ports.replicaPorts[s]) {
        await step(waitForTcp('127.0.0.1', port, { timeoutMs: healthTimeoutMs }));
      }
    }
    const health = `http://127.0.0.1:${ports.gateway}/api/health`;
    await step(waitHealthy(health, healthTimeoutMs, logs));
    if (opts.demoSignups && config.demoData === '1') {
      const seed = {
        baseUrl: `http://127.0.0.1:${ports.gateway}`,
        publicBaseUrl: config.publicBaseUrl,
        admin: { email: config.demo.adminEmail, password: config.demo.adminPassword },
        schoolToken: config.demo.schoolToken,
        registrationsDatabaseUrl: urls.registrations!.url,
        log,
      };
      void demoWatch.ready(60_000).then(async (fresh) => {
        if (fresh) await seedDemoSignups(seed);
      });
    }
    return {
      url: `http://localhost:${ports.gateway}/`,
      publicBaseUrl: config.publicBaseUrl,
      smtpUrl,
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

/** The service's environment over the inherited one; NODE_OPTIONS from both, the service's last. */
function withNodeOptions(base: NodeJS.ProcessEnv, own: Record<string, string>): NodeJS.ProcessEnv {
  const nodeOptions = [base.NODE_OPTIONS, own.NODE_OPTIONS].filter(Boolean).join(' ');
  return { ...base, ...own, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) };
}
