// R-GATEWAY-RETRY: two processes of a service behind the rendered config in a real nginx: a keyed
// request whose process dies mid-request is sent again to the other (R-IDEMPOTENCY); a POST
// without a key is never sent twice.
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderGatewayConfig } from '../render.mjs';
import { cleanupDirs, fakeService, freePort, options, runNginx, tempDir } from './helpers.mjs';

const names = ['catalog', 'identity', 'notify'];
let base;
let others;
let replicas;
let stopNginx;

/** A registrations process that either answers 201 or dies with the request in flight. */
async function replica(name) {
  const state = { dies: false, posts: [] };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') state.posts.push(req.url);
      if (state.dies && req.method === 'POST') {
        req.socket.destroy();
        return;
      }
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ replica: name, url: req.url }));
    });
  });
  // As the services do: longer than nginx keeps an idle upstream connection.
  server.keepAliveTimeout = 65_000;
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    state,
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

beforeAll(async () => {
  const dir = tempDir();
  others = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await fakeService(n)])));
  replicas = [await replica('a'), await replica('b')];
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const opts = options(dir, {
    port,
    services: {
      ...Object.fromEntries(names.map((n) => [n, others[n].address])),
      registrations: replicas.map((r) => r.address),
    },
    signupRateLimit: 0,
    user: process.getuid?.() === 0 ? 'root' : undefined,
  });
  stopNginx = await runNginx(renderGatewayConfig(opts), opts.dataDir, port);
});

afterAll(async () => {
  await stopNginx?.();
  await Promise.all([...Object.values(others ?? {}), ...(replicas ?? [])].map((s) => s.close()));
  cleanupDirs();
});

beforeEach(async () => {
  for (const r of replicas) {
    r.state.dies = false;
    r.state.posts = [];
  }
  // A process that failed is left out for 2 s (fail_timeout, counted in whole seconds): let
  // both take requests again.
  await new Promise((resolve) => setTimeout(resolve, 3100));
});

const post = (path, key) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: '{}',
  });
const posts = () => replicas.reduce((n, r) => n + r.state.posts.length, 0);

describe('two processes of a service behind the gateway', () => {
  it('spreads requests over both processes', async () => {
    const seen = new Set();
    for (let i = 0; i < 6; i++)
      seen.add((await (await post('/api/registrations', `k-${i}`)).json()).replica);
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('sends a keyed sign-up again to the other process when the first dies mid-request', async () => {
    replicas[0].state.dies = true;
    // Round robin over two: of two requests, one goes to the dying process first.
    for (const key of ['retry-1', 'retry-2']) {
      const res = await post('/api/registrations', key);
      expect(res.status).toBe(201);
      expect((await res.json()).replica).toBe('b');
    }
    expect(replicas[0].state.posts).toContain('/api/registrations');
    expect(replicas[1].state.posts).toEqual(['/api/registrations', '/api/registrations']);
  });

  it('repeats a keyed request on the other process: both die, so it reaches both, then 503', async () => {
    for (const r of replicas) r.state.dies = true;
    const res = await post('/api/my-signup/withdraw?token=t', 'both-die');
    expect(res.status).toBe(503);
    expect(replicas.map((r) => r.state.posts)).toEqual([
      ['/api/my-signup/withdraw?token=t'],
      ['/api/my-signup/withdraw?token=t'],
    ]);
  });

  it('never sends a POST without a key twice', async () => {
    for (const r of replicas) r.state.dies = true;
    const res = await post('/api/registrations');
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe('SERVICE_UNAVAILABLE');
    expect(posts()).toBe(1);
  });
});
