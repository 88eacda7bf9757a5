import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import {
  derivePorts,
  loadConfig,
  natsRoutePasswordFile,
  SERVICE_NAMES,
  serviceEnv,
  serviceNodeOptions,
} from '../local/config.js';
import { consoleLine } from '../local/output.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ports', () => {
  it('derive from the gateway port, so copies 30 or more ports apart never collide', () => {
    const a = derivePorts({}, 8080);
    expect(a).toEqual({
      gateway: 8080,
      gatewayStatus: 18083,
      postgres: 18081,
      nats: 18082,
      services: { catalog: 18091, registrations: 18092, identity: 18093, notify: 18094 },
      replicaPorts: {
        catalog: [18091],
        registrations: [18092],
        identity: [18093],
        notify: [18094],
      },
      natsNodes: [{ client: 18082, route: 18086, monitor: 18089 }],
      mailSmtp: 18105,
      mailWeb: 18106,
    });
    const b = derivePorts({}, 8110);
    const all = (p: typeof a) => [p.gateway, p.postgres, p.nats, ...Object.values(p.services)];
    expect(all(a).filter((p) => all(b).includes(p))).toEqual([]);
  });

  it('give every process of REPLICAS=3 and NATS_NODES=3 its own port in the same window', () => {
    const every = (p: ReturnType<typeof derivePorts>) => [
      p.gateway,
      p.gatewayStatus,
      p.postgres,
      p.mailSmtp,
      p.mailWeb,
      ...Object.values(p.replicaPorts).flat(),
      ...p.natsNodes.flatMap((n) => [n.client, n.route, n.monitor]),
    ];
    const a = derivePorts({}, 8080, { replicas: 3, natsNodes: 3 });
    expect(a.replicaPorts.catalog).toEqual([18091, 18095, 18099]);
    expect(a.natsNodes.map((n) => n.client)).toEqual([18082, 18084, 18085]);
    expect(new Set(every(a)).size).toBe(every(a).length);
    expect(every(a).every((p) => p === 8080 || (p >= 18080 && p < 18110))).toBe(true);
    const b = derivePorts({}, 8110, { replicas: 3, natsNodes: 3 });
    expect(every(a).filter((p) => every(b).includes(p))).toEqual([]);
  });

  it('refuse a two-node NATS cluster and more than three replicas', () => {
    const data = path.join(dir, 'counts');
    const load = (env: NodeJS.ProcessEnv) => loadConfig({ env, repoRoot: dir, dataDir: data });
    expect(() => load({ NATS_NODES: '2' })).toThrow(/NATS_NODES must be 1 or 3/);
    expect(() => load({ REPLICAS: '4' })).toThrow(/REPLICAS/);
    expect(load({ REPLICAS: '2', NATS_NODES: '3' })).toMatchObject({ replicas: 2, natsNodes: 3 });
  });

  it('can each be overridden, and stay in range near the top', () => {
    expect(derivePorts({ PG_PORT: '6000', NOTIFY_PORT: '6001' }, 8080)).toMatchObject({
      postgres: 6000,
      services: { notify: 6001 },
    });
    expect(derivePorts({}, 60000).mailWeb).toBe(50026);
    expect(() => derivePorts({ NATS_PORT: 'x' }, 8080)).toThrow(/NATS_PORT/);
  });
});

describe('loadConfig', () => {
  // R-RUN-DEMO-DATA: demo data is on by default for npm start.
  it('applies the R-RUN-ENV defaults and keeps one generated session secret', () => {
    const data = path.join(dir, 'a');
    const c = loadConfig({ env: {}, repoRoot: dir, dataDir: data });
    expect(c).toMatchObject({
      dataDir: data,
      publicBaseUrl: 'http://localhost:8080',
      loginRateLimit: 10,
      signupRateLimit: 60,
      demoData: '1',
      admin2faRequired: '0',
    });
    expect(c.sessionSecret).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(fs.statSync(path.join(data, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ env: {}, repoRoot: dir, dataDir: data }).sessionSecret).toBe(
      c.sessionSecret,
    );
  });

  it('generates the NATS cluster route password once into DATA_DIR, for NATS_NODES=3 only (R-NATS-ROUTES)', () => {
    const data = path.join(dir, 'routes');
    expect(loadConfig({ env: {}, repoRoot: dir, dataDir: data }).natsRoutePassword).toBe(undefined);
    expect(fs.existsSync(natsRoutePasswordFile(data))).toBe(false);
    const env = { NATS_NODES: '3' };
    const c = loadConfig({ env, repoRoot: dir, dataDir: data });
    expect(c.natsRoutePassword).toMatch(/^[A-Za-z0-9_-]{48}$/);
    expect(fs.statSync(natsRoutePasswordFile(data)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ env, repoRoot: dir, dataDir: data }).natsRoutePassword).toBe(
      c.natsRoutePassword,
    );
    // Rotated by removing the file: the next start makes a new one.
    fs.rmSync(natsRoutePasswordFile(data));
    expect(loadConfig({ env, repoRoot: dir, dataDir: data }).natsRoutePassword).not.toBe(
      c.natsRoutePassword,
    );
    // An external NATS has routes of its own.
    const external = { ...env, NATS_URL: 'nats://127.0.0.1:4222' };
    expect(loadConfig({ env: external, repoRoot: dir, dataDir: data }).natsRoutePassword).toBe(
      undefined,
    );
  });

  it('resolves a relative DATA_DIR from the repository root', () => {
    const c = loadConfig({ env: { DATA_DIR: 'rel', GATEWAY_PORT: '9000' }, repoRoot: dir });
    expect(c.dataDir).toBe(path.join(dir, 'rel'));
    expect(c.publicBaseUrl).toBe('http://localhost:9000');
  });

  it('fails fast on bad values', () => {
    const env = (e: NodeJS.ProcessEnv) => () => loadConfig({ env: e, repoRoot: dir, dataDir: 'b' });
    expect(env({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(env({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
    expect(env({ LOGIN_RATE_LIMIT: '-1' })).toThrow(/LOGIN_RATE_LIMIT/);
    expect(env({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('gives each service its own environment', () => {
    const c = loadConfig({
      env: { BOOTSTRAP_ADMIN_EMAIL: 'a@b.nl', SIGNUP_RATE_LIMIT: '0' },
      repoRoot: dir,
      dataDir: 'c',
    });
    const env = serviceEnv(c, 'identity', {
      database: 'postgres://x',
      migrationDatabase: 'postgres://x-owner',
      nats: 'nats://y',
      smtp: 'smtp://z',
    });
    expect(env).toMatchObject({
      PORT: '18093',
      HOST: '127.0.0.1',
      SERVICE_NAME: 'identity',
      DB_SCHEMA: 'identity',
      DATABASE_URL: 'postgres://x',
      MIGRATION_DATABASE_URL: 'postgres://x-owner',
      SIGNUP_RATE_LIMIT: '0',
      BOOTSTRAP_ADMIN_EMAIL: 'a@b.nl',
      HEALTH_PEERS:
        'catalog=http://127.0.0.1:18091,registrations=http://127.0.0.1:18092,' +
        'identity=http://127.0.0.1:18093,notify=http://127.0.0.1:18094',
    });
    expect(env).not.toHaveProperty('BOOTSTRAP_ADMIN_PASSWORD');
  });

  it("bounds each service's young generation too, as the k8s config does", () => {
    const c = loadConfig({ env: {}, repoRoot: dir, dataDir: 'c' });
    const k8sDir = path.join(import.meta.dirname, '../k8s/base');
    const shared = /^NODE_OPTIONS=(.*)$/m.exec(
      fs.readFileSync(path.join(k8sDir, 'config.env'), 'utf8'),
    )?.[1];
    for (const name of SERVICE_NAMES) {
      const local = serviceEnv(c, name, { database: 'd', nats: 'n', smtp: 's' }).NODE_OPTIONS;
      expect(local, name).toBe(serviceNodeOptions(name));
      // The deployment's own NODE_OPTIONS, else the shared config's.
      const own = /- name: NODE_OPTIONS\n\s+value: (.*)$/m.exec(
        fs.readFileSync(path.join(k8sDir, 'services', `${name}.yaml`), 'utf8'),
      )?.[1];
      expect(own ?? shared, `${name} in k8s`).toBe(local);
    }
    const NODE_OPTIONS = serviceNodeOptions('registrations');
    // Garbage with a window that lives a while, as requests in flight: without a limit the
    // young generation grows to 128 MB (Node 24) and stays.
    const script = `
      const v8 = require('node:v8');
      const ring = new Array(20000);
      let max = 0;
      for (let i = 0; i < 2000000; i++) {
        ring[i % ring.length] = { i, s: 'x'.repeat(20) + i, a: [i, i + 1, i + 2] };
        if (i % 10000 === 0) {
          const n = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
          max = Math.max(max, n.space_size);
        }
      }
      console.log(max / 2 ** 20);`;
    const youngMb = Number(
      execFileSync(process.execPath, ['-e', script], {
        env: { ...process.env, NODE_OPTIONS },
        encoding: 'utf8',
      }),
    );
    expect(youngMb).toBeGreaterThan(0);
    expect(youngMb).toBeLessThanOrEqual(24);
  });
});

describe('consoleLine', () => {
  it('shows plain lines, warnings and start-up info, but not request logs', () => {
    expect(consoleLine('identity', 'Demo admin: a@b / pw')).toBe('[identity] Demo admin: a@b / pw');
    expect(consoleLine('catalog', '{"level":30,"msg":"listening"}')).toBe('[catalog] listening');
    expect(
      consoleLine('catalog', '{"level":30,"msg":"request completed","req":{}}'),
    ).toBeUndefined();
    expect(consoleLine('catalog', '{"level":20,"msg":"debug"}')).toBeUndefined();
    expect(
      consoleLine('notify', '{"level":50,"msg":"send failed","err":{"message":"ECONNREFUSED"}}'),
    ).toBe('[notify] ERROR send failed: ECONNREFUSED');
    expect(consoleLine('notify', '   ')).toBeUndefined();
  });
});
