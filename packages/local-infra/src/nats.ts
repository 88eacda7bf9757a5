import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { which } from './binaries.js';
import { sleep } from './ports.js';
import { spawnManaged, type Managed } from './process.js';

/**
 * `sync_interval: always` makes JetStream fsync every write, so an acknowledged event survives
 * a machine crash. The option arrived in nats-server 2.10; 2.9.x (Debian 12) rejects it as an
 * unknown field. There the file store still writes each message to the OS before acking
 * (it survives a crash of nats-server itself) and fsyncs every two minutes, so only a power or
 * kernel failure can lose recent messages. We probe with `-t` rather than parse versions.
 */
function supportsSyncAlways(bin: string, dir: string): boolean {
  const probe = path.join(dir, '.sync-probe.conf');
  fs.writeFileSync(probe, 'jetstream {\n  sync_interval: always\n}\n');
  try {
    execFileSync(bin, ['-c', probe, '-t'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

/**
 * R-EVENT-REPLAY: when JetStream fsyncs. One node fsyncs every write before acknowledging it:
 * it is the only copy. A node of a three-node cluster fsyncs once a second: a write is
 * acknowledged once two nodes have it, fsyncing every write on all three is the cluster's
 * largest cost per sign-up (bench/README.md, "JetStream fsync interval"), and what every node
 * could lose in that second to a power failure the services' outboxes publish again after they
 * reconnect (docs/architecture.md, "Two of everything").
 */
export function syncIntervalOf(cluster: NatsClusterNode | undefined): string {
  return cluster ? '1s' : 'always';
}

/**
 * The oldest nats-server the product runs on: 2.10.23 fixed the stream loss after process kills
 * that Jepsen found (2025) and is past CVE-2023-47090 (authentication bypass, fixed in 2.9.23).
 */
export const NATS_MIN_VERSION = '2.10.23';

/** `nats-server --version` of the binary on PATH, e.g. `2.10.27`; undefined when absent. */
export function natsServerVersion(bin = which('nats-server')): string | undefined {
  if (!bin) return undefined;
  const out = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return /v?(\d+\.\d+\.\d+)/.exec(out)?.[1];
}

/** Whether a version (`2.10.27`) is at least `min`, part by part. */
export function versionAtLeast(version: string, min: string): boolean {
  const a = version.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

/** A NATS user with its permissions, as nats-server's `authorization.users` takes it. */
export interface NatsUser {
  user: string;
  password: string;
  permissions?: {
    publish?: { allow?: string[]; deny?: string[] };
    subscribe?: { allow?: string[]; deny?: string[] };
    /** Answers to questions delivered to the user: how many per question, for how long. */
    allow_responses?: boolean | { max?: number; expires?: string };
  };
}

/**
 * R-NATS-ROUTES: the user and password every node of a cluster asks of a route connecting to
 * it and gives on its own routes. A server without them cannot join the cluster.
 */
export interface NatsRouteAuth {
  user: string;
  /** URL-safe (it travels in the route URLs); `generateSecret` makes one. */
  password: string;
}

/** One node of a JetStream cluster: its name, its route port and its peers' route ports. */
export interface NatsClusterNode {
  /** Unique per node (JetStream needs it): `nats-1`, `nats-2`… */
  serverName: string;
  /** The cluster's name, the same on every node. */
  name: string;
  /** Where this node listens for its peers' routes (127.0.0.1). */
  routePort: number;
  /** Every node's route port, this node's own included (its config names only its peers'). */
  routePorts: number[];
  /** HTTP monitoring port: `/healthz` tells when JetStream has its meta leader. */
  monitorPort: number;
  /** The cluster's route credentials, the same on every node (R-NATS-ROUTES). */
  routeAuth: NatsRouteAuth;
}

/**
 * The nodes of one cluster on 127.0.0.1 (`nats-1`, `nats-2`…), each routing to all the others
 * with the cluster's credentials: what the launcher's NATS_NODES=3 starts.
 */
export function natsClusterNodes(opts: {
  name: string;
  nodes: { route: number; monitor: number }[];
  routeAuth: NatsRouteAuth;
}): NatsClusterNode[] {
  return opts.nodes.map((node, i) => ({
    serverName: `nats-${i + 1}`,
    name: opts.name,
    routePort: node.route,
    routePorts: opts.nodes.map((n) => n.route),
    monitorPort: node.monitor,
    routeAuth: opts.routeAuth,
  }));
}

/** A route URL that carries the cluster's credentials. */
function routeUrl(auth: NatsRouteAuth, port: number): string {
  const user = encodeURIComponent(auth.user);
  return `nats-route://${user}:${encodeURIComponent(auth.password)}@127.0.0.1:${port}`;
}

function renderConfig(
  storeDir: string,
  port: number,
  syncInterval: string | undefined,
  users: NatsUser[] | undefined,
  noAuthUser: string | undefined,
  cluster: NatsClusterNode | undefined,
): string {
  return [
    '# Generated by @nsa/local-infra on every start; edits are overwritten.',
    `listen: "127.0.0.1:${port}"`,
    ...(cluster
      ? [
          `server_name: ${JSON.stringify(cluster.serverName)}`,
          `http: "127.0.0.1:${cluster.monitorPort}"`,
          'cluster {',
          `  name: ${JSON.stringify(cluster.name)}`,
          `  listen: "127.0.0.1:${cluster.routePort}"`,
          // R-NATS-ROUTES: a route without these credentials is refused, so only a server that
          // has them joins the cluster (and sees its events). The clear password is here anyway,
          // in the routes to the peers: a bcrypt hash below would protect nothing more.
          `  authorization: ${JSON.stringify({ user: cluster.routeAuth.user, password: cluster.routeAuth.password })}`,
          // Its peers only (its own address is no route). Started side by side, two nodes
          // sometimes form the JetStream meta group without the third, which then stays out;
          // that happened less often so, and waitForNatsCluster restarts a node left out.
          `  routes: ${JSON.stringify(
            cluster.routePorts
              .filter((p) => p !== cluster.routePort)
              .map((p) => routeUrl(cluster.routeAuth, p)),
          )}`,
          '}',
        ]
      : []),
    // Without users anyone on the machine may connect; with them, only those users, each
    // limited to its permissions (a connection without credentials is refused).
    ...(users ? [`authorization: ${JSON.stringify({ users })}`] : []),
    // A connection without credentials counts as this user (tests' own connections).
    ...(users && noAuthUser ? [`no_auth_user: ${JSON.stringify(noAuthUser)}`] : []),
    'jetstream {',
    `  store_dir: ${JSON.stringify(storeDir)}`,
    ...(syncInterval
      ? [`  sync_interval: ${syncInterval}`]
      : ['  # sync_interval is not supported by this nats-server (needs 2.10+)']),
    '}',
    '',
  ].join('\n');
}

/** nats-server with JetStream, its store in `storeDir`, listening on 127.0.0.1 only. */
export async function startNats(opts: {
  storeDir: string;
  port: number;
  logFile: string;
  /** When given, only these users may connect (R-NATS-USERS). */
  users?: NatsUser[];
  /** One of `users` that a connection without credentials is taken for (tests only). */
  noAuthUser?: string;
  /** This server as one node of a cluster (R-RUN-REPLICAS's NATS_NODES=3). */
  cluster?: NatsClusterNode;
  /**
   * Resolve once the process listens rather than once JetStream is ready: a cluster's nodes
   * start side by side and elect a meta leader together (`waitForNatsCluster`).
   */
  noWait?: boolean;
}): Promise<{ url: string; proc: Managed }> {
  const bin = which('nats-server');
  if (!bin) throw new Error('nats-server not found: apt-get install -y nats-server');
  const storeDir = path.resolve(opts.storeDir);
  fs.mkdirSync(storeDir, { recursive: true, mode: 0o700 });
  const conf = path.join(storeDir, 'nats-server.conf');
  fs.writeFileSync(
    conf,
    renderConfig(
      storeDir,
      opts.port,
      supportsSyncAlways(bin, storeDir) ? syncIntervalOf(opts.cluster) : undefined,
      opts.users,
      opts.noAuthUser,
      opts.cluster,
    ),
    { mode: 0o600 },
  );
  // It holds passwords: only this user reads it, whatever an older version left behind.
  fs.chmodSync(conf, 0o600);

  const proc = spawnManaged(
    'nats',
    bin,
    // The store dir lives only in the config: nats-server calls `-sd` plus `store_dir` a duplicate.
    ['-c', conf, '-a', '127.0.0.1', '-p', String(opts.port), '-js'],
    { logFile: opts.logFile },
  );
  try {
    if (opts.noWait) await waitForListen(opts.port, proc, 30_000);
    else await waitForJetStream(opts.port, proc, 30_000);
  } catch (err) {
    await proc.stop();
    throw new Error(`${(err as Error).message}; see ${opts.logFile}`);
  }
  return { url: `nats://127.0.0.1:${opts.port}`, proc };
}

async function waitForListen(port: number, proc: Managed, timeoutMs: number): Promise<void> {
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while ((await readInfo(port)) === undefined) {
    if (exited) throw new Error('nats-server exited while starting');
    if (Date.now() > deadline) throw new Error('nats-server did not start');
    await sleep(100);
  }
}

/**
 * Waits until every node of a cluster answers `/healthz` with 200: JetStream is on, the node
 * knows the meta leader and is current with it, so streams can be created with 3 replicas.
 */
export async function waitForNatsCluster(
  monitorPorts: number[],
  timeoutMs = 60_000,
  /**
   * Starts the node of `monitorPorts[index]` again (its supervisor does, once it is stopped).
   * Given, a node left out of the meta group the others formed is restarted once: it then
   * joins (nats-server 2.10 does not add a node that was routed but late to the bootstrap).
   */
  restartNode?: (index: number) => void | Promise<void>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const startedAt = Date.now();
  const restarted = new Set<number>();
  /** Starts a node again, once: `restartNode` is given and it has not been yet. */
  const restartOnce = async (i: number) => {
    if (!restartNode || restarted.has(i)) return;
    restarted.add(i);
    await restartNode(i);
  };
  const pending = new Set(monitorPorts);
  let last = '';
  while (pending.size > 0) {
    for (const port of [...pending]) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
          signal: AbortSignal.timeout(1000),
        });
        if (res.ok) pending.delete(port);
        else last = `${port}: ${res.status} ${(await res.text()).slice(0, 200)}`;
      } catch (err) {
        last = `${port}: ${(err as Error).message}`;
      }
    }
    if (pending.size === 0) break;
    if (Date.now() > deadline) throw new Error(`NATS cluster not ready: ${last}`);
    // Others healthy, these not, for 15 s ("not current with the meta leader"): started again.
    if (pending.size < monitorPorts.length && Date.now() - startedAt > 15_000) {
      for (const port of pending) await restartOnce(monitorPorts.indexOf(port));
    }
    await sleep(200);
  }
  // Healthy nodes can still have formed a meta group without one of them: then no stream of 3
  // replicas can be placed. Ready once every node names one leader for a cluster of all of
  // them, and the leader sees every other node current.
  const healthyAt = Date.now();
  for (;;) {
    const views = await Promise.all(
      monitorPorts.map((port) =>
        fetch(`http://127.0.0.1:${port}/jsz`, { signal: AbortSignal.timeout(1000) })
          .then((r) => r.json() as Promise<JszMeta>)
          .catch(() => undefined),
      ),
    );
    const metas = views.map((v) => v?.meta_cluster);
    const leader = metas[0]?.leader;
    const agreed =
      leader && metas.every((m) => m?.leader === leader && m.cluster_size === monitorPorts.length);
    const leaderView = metas.find((m) => (m?.replicas?.length ?? 0) > 0);
    const current =
      (leaderView?.replicas ?? []).filter((r) => r.current).length === monitorPorts.length - 1;
    if (agreed && current) return;
    last = JSON.stringify(metas);
    if (Date.now() > deadline) throw new Error(`NATS cluster has no full meta group: ${last}`);
    // One leader for all, but a group smaller than the cluster, for 10 s: the node outside it
    // is started again, once.
    if (restartNode && leader && Date.now() - healthyAt > 10_000) {
      const inGroup = new Set([leader, ...(leaderView?.replicas ?? []).map((r) => r.name)]);
      const names = await Promise.all(
        monitorPorts.map((port) =>
          fetch(`http://127.0.0.1:${port}/varz`, { signal: AbortSignal.timeout(1000) })
            .then((r) => r.json() as Promise<{ server_name?: string }>)
            .then((v) => v.server_name)
            .catch(() => undefined),
        ),
      );
      for (const [i, name] of names.entries()) {
        if (name && !inGroup.has(name)) await restartOnce(i);
      }
    }
    await sleep(200);
  }
}

interface JszMeta {
  meta_cluster?: {
    leader?: string;
    cluster_size?: number;
    replicas?: Array<{ name: string; current: boolean }>;
  };
}

async function waitForJetStream(port: number, proc: Managed, timeoutMs: number): Promise<void> {
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error('nats-server exited while starting');
    const info = await readInfo(port);
    if (info?.jetstream === true) return;
    if (Date.now() > deadline) {
      throw new Error(
        info ? 'nats-server is up but JetStream is not enabled' : 'nats-server did not start',
      );
    }
    await sleep(100);
  }
}

/** The server's INFO line, sent on connect; it says whether JetStream is on. */
function readInfo(port: number): Promise<{ jetstream?: boolean } | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let buf = '';
    const done = (v: { jetstream?: boolean } | undefined) => {
      socket.destroy();
      resolve(v);
    };
    socket.setTimeout(1000, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      const end = buf.indexOf('\r\n');
      if (end < 0) return;
      const line = buf.slice(0, end);
      try {
        done(line.startsWith('INFO ') ? JSON.parse(line.slice(5)) : undefined);
      } catch {
        done(undefined);
      }
    });
  });
}
