import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@nsa/local-infra';
import { SERVICE_NAMES } from '../../packages/contracts/src/services.mjs';

const dirs = [];

export function cleanupDirs() {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}
export function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-'));
  dirs.push(d);
  return d;
}

export function options(dir, overrides = {}) {
  return {
    port: 18080,
    dataDir: path.join(dir, 'data'),
    // Each service of the table of services: 127.0.0.1:18091, 18092, … in its order.
    services: Object.fromEntries(SERVICE_NAMES.map((n, i) => [n, `127.0.0.1:${18091 + i}`])),
    staticRoots: {
      shell: path.join(dir, 'shell'),
      mfe_public: path.join(dir, 'mfe-public'),
      mfe_admin: path.join(dir, 'mfe-admin'),
      mfe_provider: path.join(dir, 'mfe-provider'),
    },
    registryFile: path.join(dir, 'data', 'mfe-registry.json'),
    publicBaseUrl: 'http://localhost:18080',
    signupRateLimit: 60,
    loginRateLimit: 10,
    ...overrides,
  };
}

/** Writes the config and runs `nginx -t` on it; returns nginx's verdict (it writes to stderr). */
export function nginxTest(conf, dataDir) {
  fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  const file = path.join(dataDir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  const res = spawnSync(
    'nginx',
    ['-t', '-c', file, '-p', dataDir, '-e', path.join(dataDir, 'logs', 'error.log')],
    { encoding: 'utf8' },
  );
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

/**
 * A port nothing listens on, below the kernel's ephemeral range (packages/local-infra): a port of
 * `listen(0)` could be taken by another process's outgoing connection before nginx binds it.
 */
export { freePort };

/** A stand-in service that echoes what reached it, so routing and headers can be checked. */
export async function fakeService(name) {
  const state = { healthStatus: 200 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const status = req.url === '/api/health' ? state.healthStatus : 200;
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-frame-options': 'SAMEORIGIN',
      });
      res.end(
        JSON.stringify({ service: name, method: req.method, url: req.url, headers: req.headers }),
      );
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    state,
    address: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Starts nginx in the foreground in its own process group; returns a stop function. */
export async function runNginx(conf, dataDir, port) {
  fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  const file = path.join(dataDir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  const child = spawn(
    'nginx',
    ['-c', file, '-p', dataDir, '-e', path.join(dataDir, 'logs', 'error.log')],
    { detached: true, stdio: 'inherit' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch (err) {
      if (Date.now() > deadline || child.exitCode !== null) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return async () => {
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
}
