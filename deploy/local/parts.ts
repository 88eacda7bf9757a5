import fs from 'node:fs';
import path from 'node:path';
import {
  NATS_MIN_VERSION,
  natsServerVersion,
  spawnManaged,
  natsClusterNodes,
  startNats,
  startPostgres,
  waitForHttp,
  waitForNatsCluster,
  waitForTcp,
  versionAtLeast,
  type Managed,
} from '@nsa/local-infra';
import { natsPermissions, serviceSpec } from '@nsa/contracts';
import { renderGatewayConfig } from 'gateway';
import { SERVICE_NAMES, type StackConfig } from './config.js';
import { childBaseEnv, maildevScript, nginxBinary } from './infra.js';

// The pieces of the stack other than the supervised services, each started on its own.

/**
 * Starts one process of the stack under supervision (started again when killed from outside,
 * R-RUN-REPLICAS), writing its pid file `<name>.pid`; resolves with its first start.
 */
export type Keep = (
  name: string,
  launch: () => Promise<Managed>,
  opts: { signature: string; logFile: string },
) => Promise<Managed>;

/** PostgreSQL and NATS (one node or a three-node cluster), local or external, side by side. */
export async function startData(
  config: StackConfig,
  keep: Keep,
  log: (line: string) => void,
  postgresSettings?: string[],
): Promise<{ adminUrl: string; natsUrl: string }> {
  const logs = path.join(config.dataDir, 'logs');
  const pgData = path.join(config.dataDir, 'postgres', 'data');
  // The product runs on nats-server 2.10.23 or later (no stream loss after process kills, no
  // CVE-2023-47090); `npm start` installs it from Debian trixie when run as root.
  const natsVersion = config.natsUrl ? undefined : natsServerVersion();
  if (natsVersion !== undefined && !versionAtLeast(natsVersion, NATS_MIN_VERSION)) {
    throw new Error(
      `nats-server ${natsVersion} is older than ${NATS_MIN_VERSION}: run npm start as root once ` +
        'to install it from Debian trixie (docs/deploy.md), or set NATS_URL',
    );
  }
  let adminUrl = config.databaseUrl;
  const startPg = async () => {
    const pg = await startPostgres({
      dataDir: pgData,
      port: config.ports.postgres,
      logFile: path.join(logs, 'postgres.log'),
      settings: postgresSettings,
    });
    adminUrl = pg.adminUrl;
    return pg.proc;
  };
  const [pg, nats] = await Promise.allSettled([
    config.databaseUrl
      ? undefined
      : keep('postgres-1', startPg, {
          signature: pgData,
          logFile: path.join(logs, 'postgres.log'),
        }),
    config.natsUrl ? undefined : startNatsNodes(config, keep),
  ]);
  // Whatever did start is stopped by the caller with the rest; report the first failure.
  if (pg.status === 'rejected') throw pg.reason;
  if (nats.status === 'rejected') throw nats.reason;
  const natsUrl = config.natsUrl ?? nats.value!;
  log(
    config.databaseUrl
      ? 'PostgreSQL: external DATABASE_URL'
      : `PostgreSQL: 127.0.0.1:${config.ports.postgres}`,
  );
  const nodes = config.natsNodes > 1 ? `, ${config.natsNodes}-node cluster, streams ×3` : '';
  log(
    config.natsUrl
      ? `NATS: ${natsUrl}`
      : `NATS (JetStream, nats-server ${natsVersion ?? '?'}${nodes}): ${natsUrl}`,
  );
  return { adminUrl: adminUrl!, natsUrl };
}

/**
 * One nats-server, or NATS_NODES=3: three nodes of one JetStream cluster, each with its own
 * store, started side by side and ready once each knows the meta leader. The services get
 * every node's URL and fail over between them.
 */
async function startNatsNodes(config: StackConfig, keep: Keep): Promise<string> {
  const logs = path.join(config.dataDir, 'logs');
  const nodes = config.ports.natsNodes;
  const clustered = nodes.length > 1;
  const users = SERVICE_NAMES.map((name) => ({
    user: name,
    password: config.natsPasswords[name],
    permissions: natsPermissions(name),
  }));
  // R-NATS-ROUTES: the nodes route to each other with the password generated into DATA_DIR.
  const cluster = clustered
    ? natsClusterNodes({
        name: 'naschool',
        nodes,
        routeAuth: { user: 'route', password: config.natsRoutePassword! },
      })
    : undefined;
  const procs = await Promise.all(
    nodes.map((node, i) => {
      const name = `nats-${i + 1}`;
      // A single node keeps the store where earlier versions of the launcher had it.
      const storeDir = path.join(config.dataDir, clustered ? name : 'nats');
      const logFile = path.join(logs, clustered ? `${name}.log` : 'nats.log');
      const launch = async () =>
        (
          await startNats({
            storeDir,
            port: node.client,
            logFile,
            users,
            noWait: clustered,
            cluster: cluster?.[i],
          })
        ).proc;
      return keep(name, launch, { signature: storeDir, logFile });
    }),
  );
  if (clustered) {
    // A node left out of the meta group is stopped; its keeper starts it again, and it joins.
    await waitForNatsCluster(
      nodes.map((n) => n.monitor),
      60_000,
      (i) => void procs[i]!.stop('SIGKILL').catch(() => undefined),
    );
  }
  return nodes.map((n) => `nats://127.0.0.1:${n.client}`).join(',');
}

export async function startMail(
  config: StackConfig,
  env: NodeJS.ProcessEnv,
  keep: Keep,
  log: (line: string) => void,
): Promise<{ smtpUrl: string; mailWebUrl?: string }> {
  if (config.smtpUrl) return { smtpUrl: config.smtpUrl };
  const { ports } = config;
  const mailDir = path.join(config.dataDir, 'mail');
  const logFile = path.join(config.dataDir, 'logs', 'maildev.log');
  const launch = async () => {
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
      { logFile, env: childBaseEnv(env) },
    );
    try {
      await waitForTcp('127.0.0.1', ports.mailSmtp, { abort: proc.exited });
      await waitForTcp('127.0.0.1', ports.mailWeb, { abort: proc.exited });
    } catch (err) {
      await proc.stop();
      throw err;
    }
    return proc;
  };
  await keep('maildev-1', launch, { signature: mailDir, logFile });
  const smtpUrl = `smtp://127.0.0.1:${ports.mailSmtp}`;
  const mailWebUrl = `http://127.0.0.1:${ports.mailWeb}/`;
  log(`mail catcher: ${mailWebUrl} (SMTP ${smtpUrl})`);
  return { smtpUrl, mailWebUrl };
}

/** The service's built entry: its package.json `main`, else dist/main.js. */
export function serviceEntry(repoRoot: string, name: string): string {
  const dir = path.join(repoRoot, serviceSpec(name).folder);
  let main = 'dist/main.js';
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      main?: string;
    };
    if (pkg.main) main = pkg.main;
  } catch {
    // no package.json: the conventional path
  }
  return path.resolve(dir, main);
}

export function ownCommandLine(): string {
  try {
    return fs.readFileSync('/proc/self/cmdline', 'utf8').split('\0').join(' ').trim();
  } catch {
    return process.argv.join(' ');
  }
}

/**
 * The services' database: an external DATABASE_URL naming an application database is used
 * as it is (its owner may not be allowed to create databases); otherwise `naschool`.
 */
export function databaseName(databaseUrl: string | undefined): string {
  const name = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : '';
  return name && !['postgres', 'template0', 'template1'].includes(name) ? name : 'naschool';
}

export async function startGateway(
  config: StackConfig,
  ctx: {
    registryFile: string;
    gatewayDir: string;
    logs: string;
    keep: Keep;
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
  // `npm run release:mfe` publishes remote versions here; the gateway serves
  // /mfe/<name>/<version>/ from it (deploy/release/mfe-release.mjs).
  const releasesRoot = path.join(config.dataDir, 'mfe');
  fs.mkdirSync(releasesRoot, { recursive: true });
  const text = renderGatewayConfig({
    port: ports.gateway,
    dataDir: ctx.gatewayDir,
    services: Object.fromEntries(
      SERVICE_NAMES.map((s) => [s, ports.replicaPorts[s].map((p) => `127.0.0.1:${p}`)]),
    ),
    staticRoots,
    releasesRoot,
    registryFile: ctx.registryFile,
    publicBaseUrl: config.publicBaseUrl,
    signupRateLimit: config.signupRateLimit,
    loginRateLimit: config.loginRateLimit,
    statusListen: `127.0.0.1:${ports.gatewayStatus}`,
    // Started as root, nginx would drop its workers to `nobody`, who may not be able to enter
    // the checkout (a 0700 home or temp directory). It listens on loopback only.
    user: process.getuid?.() === 0 ? 'root' : undefined,
  });
  fs.writeFileSync(conf, text);
  const errorLog = path.join(ctx.gatewayDir, 'logs', 'error.log');
  const logFile = path.join(ctx.logs, 'nginx.log');
  const launch = async () => {
    const proc = spawnManaged(
      'nginx',
      nginxBinary(),
      ['-c', conf, '-p', ctx.gatewayDir, '-e', errorLog],
      { logFile },
    );
    try {
      await waitForTcp('127.0.0.1', ports.gateway, { abort: proc.exited, timeoutMs: 15_000 });
    } catch (err) {
      await proc.stop();
      throw err;
    }
    return proc;
  };
  await ctx.keep('nginx-1', launch, { signature: conf, logFile });
}

export async function waitHealthy(url: string, timeoutMs: number, logs: string): Promise<void> {
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
