// The launcher's stack with stand-in services: real PostgreSQL, nats-server, maildev and nginx.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES } from '@nsa/contracts';
import { freePort, isAlive } from '@nsa/local-infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../local/stack.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVICES = SERVICE_NAMES;
let repo: string;
let dataDir: string;
let env: Record<string, string>;
let gatewayPort: number;
const lines: string[] = [];
const log = (line: string) => lines.push(line);

/** A repository with the layout the launcher expects, whose services are the stand-in. */
function fakeRepo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-stack-'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true,"workspaces":[]}');
  for (const s of SERVICES) {
    fs.mkdirSync(path.join(dir, `svc-${s}`, 'dist', 'src'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, `svc-${s}`, 'package.json'),
      '{"type":"module","main":"./dist/src/main.js"}',
    );
    fs.copyFileSync(
      path.join(here, 'fake-service.mjs'),
      path.join(dir, `svc-${s}`, 'dist', 'src', 'main.js'),
    );
  }
  fs.mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'shell', 'dist', 'index.html'), '<title>fake shell</title>');
  return dir;
}

function pidOf(name: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'pids', `${name}.pid`), 'utf8').split('\n')[0]);
}

async function ports(): Promise<Record<string, string>> {
  const names = [
    'PG_PORT',
    'NATS_PORT',
    'GATEWAY_STATUS_PORT',
    'MAIL_SMTP_PORT',
    'MAIL_WEB_PORT',
  ].concat(SERVICES.map((s) => `${s.toUpperCase()}_PORT`));
  const out: Record<string, string> = {};
  for (const n of names) out[n] = String(await freePort());
  return out;
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The `sync_interval` a nats-server's generated config sets. */
const natsSync = (storeDir: string) =>
  /sync_interval: (\S+)/.exec(
    fs.readFileSync(path.join(storeDir, 'nats-server.conf'), 'utf8'),
  )?.[1];

const asRoot = process.getuid?.() === 0;

/** One message to the mail catcher, in plain SMTP. */
async function sendMail(port: number): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  const reply = () =>
    new Promise<string>((resolve, reject) => {
      const done = () => {
        const m = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(buffer);
        if (!m) return;
        socket.off('data', onData);
        const code = m[1]!;
        buffer = '';
        if (code.startsWith('4') || code.startsWith('5')) reject(new Error(`SMTP ${code}`));
        else resolve(code);
      };
      const onData = (chunk: string) => {
        buffer += chunk;
        done();
      };
      socket.on('data', onData);
      socket.once('error', reject);
      done();
    });
  await reply();
  for (const line of [
    'EHLO test',
    'MAIL FROM:<noreply@example.org>',
    'RCPT TO:<parent@example.org>',
    'DATA',
    'Subject: private\r\n\r\nA link only the parent may read.\r\n.',
    'QUIT',
  ]) {
    socket.write(`${line}\r\n`);
    await reply();
  }
  socket.end();
}

const health = async () =>
  (await fetch(`http://127.0.0.1:${gatewayPort}/api/health`).catch(() => undefined))?.status;

beforeAll(async () => {
  repo = fakeRepo();
  dataDir = path.join(repo, '.data');
  gatewayPort = await freePort();
  env = { ...(await ports()), DEMO_DATA: '1' };
});

afterAll(() => {
  fs.rmSync(repo, { recursive: true, force: true });
});

describe('startStack', () => {
  let stack: Stack;
  let firstPids: number[] = [];

  // R-RUN-START: the whole product in the foreground, healthy through the gateway.
  it('starts everything and becomes healthy through the gateway', async () => {
    stack = await startStack({ repoRoot: repo, dataDir, gatewayPort, env, log });
    expect(stack.url).toBe(`http://localhost:${gatewayPort}/`);
    expect(await health()).toBe(200);
    const page = await fetch(`http://127.0.0.1:${gatewayPort}/some/page`);
    expect(await page.text()).toContain('fake shell');
    const registry = await fetch(`http://127.0.0.1:${gatewayPort}/mfe-registry.json`);
    expect(await registry.json()).toMatchObject({ mfe_admin: '/mfe/admin/mf-manifest.json' });
    const api = (await (await fetch(`http://127.0.0.1:${gatewayPort}/api/blocks`)).json()) as {
      service: string;
      database: string;
    };
    expect(api.service).toBe('catalog');
    expect(new URL(api.database).username).toBe('svc_catalog');
    expect(lines).toContain('[identity] Demo admin: demo@example.org / demo-password');
    expect(stack.mailWebUrl).toBe(`http://127.0.0.1:${env.MAIL_WEB_PORT}/`);
    // R-EVENT-REPLAY: the only copy of a stream fsyncs every write before acknowledging it.
    expect(natsSync(path.join(dataDir, 'nats'))).toBe('always');
    firstPids = ['postgres', 'nats', 'maildev', 'nginx', ...SERVICES].map((n) => pidOf(`${n}-1`));
    expect(firstPids.every(isAlive)).toBe(true);
  });

  // R-RUN-DATA-PRIVATE
  it("keeps DATA_DIR private: nothing in it open to other users, the mail catcher's messages 0600", async () => {
    await sendMail(Number(env.MAIL_SMTP_PORT));
    const mailDir = path.join(dataDir, 'mail');
    await until(async () => fs.readdirSync(mailDir).some((f) => f.endsWith('.eml')), 10_000);
    expect(fs.statSync(mailDir).mode & 0o777).toBe(0o700);
    for (const f of fs.readdirSync(mailDir).filter((n) => n.endsWith('.eml')))
      expect(fs.statSync(path.join(mailDir, f)).mode & 0o777, f).toBe(0o600);

    // Only DATA_DIR and its postgres folder may let a group pass (search only): as root, the
    // group of the postgres user, which PostgreSQL runs as.
    const passable = new Set([dataDir, path.join(dataDir, 'postgres')]);
    const postgresGid = asRoot
      ? Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
      : undefined;
    const open: string[] = [];
    const check = (p: string) => {
      const st = fs.lstatSync(p);
      if (st.isSymbolicLink()) return;
      const mode = st.mode & 0o777;
      const group = passable.has(p) && (!asRoot || st.gid === postgresGid) ? 0o060 : 0o070;
      if (mode & (0o007 | group))
        open.push(`${path.relative(dataDir, p) || '.'} ${mode.toString(8)}`);
      if (st.isDirectory()) for (const e of fs.readdirSync(p)) check(path.join(p, e));
    };
    check(dataDir);
    expect(open).toEqual([]);
  });

  it('refuses a second copy on the same data directory', async () => {
    const other = { ...env, ...(await ports()) };
    await expect(
      startStack({ repoRoot: repo, dataDir, gatewayPort: await freePort(), env: other, log }),
    ).rejects.toThrow(/another copy of the product runs on/);
    expect(await health()).toBe(200);
  });

  it('restarts a service that dies, the gateway showing it down meanwhile', async () => {
    process.kill(pidOf('catalog-1'), 'SIGKILL');
    await until(async () => (await health()) === 503, 5000);
    await until(async () => (await health()) === 200, 10_000);
    expect(lines.some((l) => /catalog-1 exited unexpectedly .*restarting in 1 s/.test(l))).toBe(
      true,
    );
    firstPids.push(pidOf('catalog-1'));
  });

  // R-RUN-START: a stop ends every process it started.
  it('stops every process it started and frees every port', async () => {
    await stack.stop();
    for (const pid of firstPids) {
      expect(isAlive(pid), `pid ${pid}`).toBe(false);
    }
    for (const port of [gatewayPort, ...Object.values(env).map(Number).filter(Boolean)]) {
      const free = await new Promise<boolean>((resolve) => {
        const srv = net.createServer().once('error', () => resolve(false));
        srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
      });
      expect(free, `port ${port}`).toBe(true);
    }
    expect(fs.readdirSync(path.join(dataDir, 'pids'))).toEqual([]);
  });

  it('reuses the data on a second start', async () => {
    const secret = fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8');
    const again = await startStack({ repoRoot: repo, dataDir, gatewayPort, env, log });
    try {
      expect(await health()).toBe(200);
      expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(secret);
    } finally {
      await again.stop();
    }
  });
});

const REPLICAS_GATEWAY_PORT = 19620;

describe('startStack with REPLICAS=2 and NATS_NODES=3 (R-RUN-REPLICAS)', () => {
  let stack: Stack | undefined;
  let replicaDir: string;
  let port: number;

  afterAll(async () => {
    await stack?.stop();
  });

  const pidIn = (name: string) =>
    Number(fs.readFileSync(path.join(replicaDir, 'pids', `${name}.pid`), 'utf8').split('\n')[0]);

  it('runs two of each service and a three-node NATS cluster, one pid file each', async () => {
    replicaDir = path.join(repo, '.data-replicas');
    // A port of this test's own below the kernel's ephemeral range: the ports derived from it
    // that ports() does not name (replicas, the second and third nats-server's client, route
    // and monitoring ports) then cannot be taken by another program's outgoing connection.
    port = REPLICAS_GATEWAY_PORT;
    stack = await startStack({
      repoRoot: repo,
      dataDir: replicaDir,
      gatewayPort: port,
      env: { ...(await ports()), REPLICAS: '2', NATS_NODES: '3' },
      log,
    });
    // R-EVENT-REPLAY: each of three nodes fsyncs once a second.
    expect(['nats-1', 'nats-2', 'nats-3'].map((n) => natsSync(path.join(replicaDir, n)))).toEqual([
      '1s',
      '1s',
      '1s',
    ]);
    // R-NATS-ROUTES: the nodes' routes ask for the password generated into DATA_DIR (0600),
    // which no log holds.
    const routePassword = fs.readFileSync(path.join(replicaDir, 'nats-route-password'), 'utf8');
    expect(fs.statSync(path.join(replicaDir, 'nats-route-password')).mode & 0o777).toBe(0o600);
    for (const n of ['nats-1', 'nats-2', 'nats-3']) {
      const conf = path.join(replicaDir, n, 'nats-server.conf');
      expect(fs.statSync(conf).mode & 0o077, n).toBe(0);
      expect(fs.readFileSync(conf, 'utf8'), n).toContain(
        `authorization: {"user":"route","password":${JSON.stringify(routePassword)}}`,
      );
    }
    for (const log of fs.readdirSync(path.join(replicaDir, 'logs')))
      expect(fs.readFileSync(path.join(replicaDir, 'logs', log), 'utf8'), log).not.toContain(
        routePassword,
      );
    const names = fs.readdirSync(path.join(replicaDir, 'pids')).sort();
    expect(names).toEqual(
      [
        'launcher',
        'maildev-1',
        'nats-1',
        'nats-2',
        'nats-3',
        'nginx-1',
        'postgres-1',
        ...SERVICES.flatMap((s) => [`${s}-1`, `${s}-2`]),
      ]
        .map((n) => `${n}.pid`)
        .sort(),
    );
    // Both catalog processes take requests through the gateway; streams are kept on all three
    // nodes, and every service knows every node.
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const r = (await (await fetch(`http://127.0.0.1:${port}/api/blocks`)).json()) as {
        port: string;
        streamReplicas: string;
        natsUrl: string;
      };
      seen.add(r.port);
      expect(r.streamReplicas).toBe('3');
      expect(r.natsUrl.split(',')).toHaveLength(3);
    }
    expect(seen.size).toBe(2);
  });

  it('starts a killed service process, nats-server, nginx and PostgreSQL again within 10 s', async () => {
    const victims = ['catalog-2', 'nats-2', 'nginx-1', 'postgres-1'];
    const before = victims.map(pidIn);
    const t0 = Date.now();
    for (const pid of before) process.kill(-pid, 'SIGKILL');
    await until(
      async () => victims.every((v, i) => pidIn(v) !== before[i] && isAlive(pidIn(v))),
      10_000,
    );
    expect(Date.now() - t0).toBeLessThan(10_000);
    await until(
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200,
      10_000,
    );
    await stack!.stop();
    stack = undefined;
    expect(fs.readdirSync(path.join(replicaDir, 'pids'))).toEqual([]);
  });
});
