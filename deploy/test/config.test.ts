import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { derivePorts, loadConfig, serviceEnv } from '../local/config.js';
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
      mailSmtp: 18105,
      mailWeb: 18106,
    });
    const b = derivePorts({}, 8110);
    const all = (p: typeof a) => [p.gateway, p.postgres, p.nats, ...Object.values(p.services)];
    expect(all(a).filter((p) => all(b).includes(p))).toEqual([]);
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
      nats: 'nats://y',
      smtp: 'smtp://z',
    });
    expect(env).toMatchObject({
      PORT: '18093',
      HOST: '127.0.0.1',
      SERVICE_NAME: 'identity',
      DB_SCHEMA: 'identity',
      DATABASE_URL: 'postgres://x',
      SIGNUP_RATE_LIMIT: '0',
      BOOTSTRAP_ADMIN_EMAIL: 'a@b.nl',
      HEALTH_PEERS:
        'catalog=http://127.0.0.1:18091,registrations=http://127.0.0.1:18092,' +
        'identity=http://127.0.0.1:18093,notify=http://127.0.0.1:18094',
    });
    expect(env).not.toHaveProperty('BOOTSTRAP_ADMIN_PASSWORD');
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
