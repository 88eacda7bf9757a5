// R-NATS-ROUTES: the routes between the nodes of a NATS cluster authenticate. Three nodes start
// as the launcher starts NATS_NODES=3 (natsClusterNodes, startNats); a fourth nats-server that
// knows only a route port is refused, and one that has the route password joins.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  natsClusterNodes,
  spawnManaged,
  startNats,
  storedSecret,
  waitForNatsCluster,
  waitForTcp,
  which,
  type Managed,
  type NatsClusterNode,
} from '../src/index.js';

let dir: string;
const running: Managed[] = [];
const connections: NatsConnection[] = [];
let nodes: NatsClusterNode[];
let clientPorts: number[];
let password: string;

async function routez(monitorPort: number): Promise<{ num_routes: number; peers: string[] }> {
  const res = await fetch(`http://127.0.0.1:${monitorPort}/routez`, {
    signal: AbortSignal.timeout(2000),
  });
  const body = (await res.json()) as { num_routes: number; routes: { remote_name: string }[] };
  // nats-server 2.10 opens a pool of routes per peer: count the peers.
  return {
    num_routes: body.num_routes,
    peers: [...new Set(body.routes.map((r) => r.remote_name))].sort(),
  };
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/**
 * A fourth nats-server on its own ports, without JetStream, in the cluster of the same name,
 * whose one route goes to node 1 (with the given credentials, if any). It asks nothing of
 * routes to it: only what the cluster asks of it is tested.
 */
async function fourthServer(
  name: string,
  auth?: { user: string; password: string },
): Promise<{ client: number; monitor: number; log: string }> {
  const [client, monitor, route] = [await freePort(), await freePort(), await freePort()];
  const userinfo = auth
    ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@`
    : '';
  const conf = path.join(dir, `${name}.conf`);
  fs.writeFileSync(
    conf,
    [
      `listen: "127.0.0.1:${client}"`,
      `server_name: "${name}"`,
      `http: "127.0.0.1:${monitor}"`,
      'cluster {',
      `  name: ${JSON.stringify(nodes[0]!.name)}`,
      `  listen: "127.0.0.1:${route}"`,
      `  routes: ["nats-route://${userinfo}127.0.0.1:${nodes[0]!.routePort}"]`,
      '}',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  const log = path.join(dir, 'logs', `${name}.log`);
  const proc = spawnManaged(name, which('nats-server')!, ['-c', conf], { logFile: log });
  running.push(proc);
  await waitForTcp('127.0.0.1', monitor, { abort: proc.exited });
  return { client, monitor, log };
}

/** Whether a message published on `fromPort` reaches a subscriber on node 1 within 1.5 s. */
async function reaches(fromPort: number, subject: string): Promise<boolean> {
  const sub = await connect({ servers: `nats://127.0.0.1:${clientPorts[0]}` });
  const pub = await connect({ servers: `nats://127.0.0.1:${fromPort}` });
  connections.push(sub, pub);
  const got = sub.subscribe(subject, { max: 1 });
  await sub.flush();
  let received = false;
  const done = (async () => {
    for await (const _ of got) received = true;
  })();
  // Interest travels over the routes: publish again until it arrives or the time is up.
  const deadline = Date.now() + 1500;
  while (!received && Date.now() < deadline) {
    pub.publish(subject, 'privacy question');
    await pub.flush();
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!got.isClosed()) got.unsubscribe();
  await done;
  return received;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-routes-'));
  password = storedSecret(path.join(dir, 'nats-route-password'));
  const ports: { client: number; route: number; monitor: number }[] = [];
  for (let i = 0; i < 3; i++)
    ports.push({ client: await freePort(), route: await freePort(), monitor: await freePort() });
  clientPorts = ports.map((p) => p.client);
  nodes = natsClusterNodes({
    name: 'naschool',
    nodes: ports,
    routeAuth: { user: 'route', password },
  });
  const started = await Promise.allSettled(
    nodes.map((cluster, i) =>
      startNats({
        storeDir: path.join(dir, cluster.serverName),
        port: ports[i]!.client,
        logFile: path.join(dir, 'logs', `${cluster.serverName}.log`),
        cluster,
        noWait: true,
      }),
    ),
  );
  for (const r of started) if (r.status === 'fulfilled') running.push(r.value.proc);
  for (const r of started) if (r.status === 'rejected') throw r.reason;
  try {
    await waitForNatsCluster(ports.map((p) => p.monitor));
  } catch (err) {
    // Name what each node said, so a cluster that did not form can be read from the report.
    const tails = nodes.map((n) => {
      const log = path.join(dir, 'logs', `${n.serverName}.log`);
      const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '(no log)';
      return `${n.serverName}:\n${text.split('\n').slice(-15).join('\n')}`;
    });
    throw new Error(`${(err as Error).message}\n${tails.join('\n')}`, { cause: err });
  }
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.close().catch(() => undefined)));
  for (const p of running.reverse()) await p.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the routes of a NATS cluster (R-NATS-ROUTES)', () => {
  it('keep the route password in a file and a config only its user reads, and out of the logs', () => {
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'nats-route-password')).mode & 0o777).toBe(0o600);
    expect(storedSecret(path.join(dir, 'nats-route-password'))).toBe(password);
    for (const node of nodes) {
      const conf = path.join(dir, node.serverName, 'nats-server.conf');
      expect(fs.statSync(conf).mode & 0o077).toBe(0);
      expect(fs.readFileSync(conf, 'utf8')).toMatch(/cluster \{[^}]*authorization:/);
    }
  });

  it('refuse a nats-server that knows a route port but not the route credentials', async () => {
    const intruder = await fourthServer('intruder');
    // It tries at once and is told it is not authorised.
    const refused = () =>
      Promise.resolve(/Authorization Violation/.test(fs.readFileSync(intruder.log, 'utf8')));
    expect(await until(refused, 10_000)).toBe(true);
    // It keeps retrying, and between its connect and the refusal its own list shows the attempt
    // for a moment: what counts is that no node of the cluster ever takes it as a peer.
    for (let sample = 0; sample < 15; sample++) {
      for (const node of nodes) {
        const others = nodes.filter((n) => n !== node).map((n) => n.serverName);
        expect((await routez(node.monitorPort)).peers, node.serverName).toEqual(others);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // What it publishes never reaches the cluster's subscribers.
    expect(await reaches(intruder.client, 'registrations.probe')).toBe(false);
  });

  it('let a nats-server with the route credentials join (so the test above can see a join)', async () => {
    const member = await fourthServer('member', { user: 'route', password });
    // It routes to every node (node 1 tells it of the others), and every node to it.
    const joined = async () => {
      const peers = (await routez(member.monitor)).peers;
      return (
        nodes.every((n) => peers.includes(n.serverName)) &&
        (await Promise.all(nodes.map((n) => routez(n.monitorPort)))).every((r) =>
          r.peers.includes('member'),
        )
      );
    };
    expect(await until(joined, 10_000)).toBe(true);
    expect(await reaches(member.client, 'registrations.probe')).toBe(true);
  });

  it('never write the route password to a log', () => {
    const logs = fs.readdirSync(path.join(dir, 'logs'));
    expect(logs.length).toBe(5);
    for (const log of logs)
      expect(fs.readFileSync(path.join(dir, 'logs', log), 'utf8'), log).not.toContain(password);
  });
});
