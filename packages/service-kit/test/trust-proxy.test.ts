// R-TRUST-PROXY: a service takes the client address from X-Forwarded-For only when the hop that
// sent it is a trusted proxy (TRUST_PROXY), so a client cannot choose its own address for the
// login and sign-up limits, and the gateway's pods in a cluster are believed.
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from '../src/config.js';
import { createHttpApp } from '../src/http.js';
import { createLogger } from '../src/logger.js';
import { Sessions } from '../src/session.js';

const sessions = new Sessions({
  secret: 'x'.repeat(32),
  idleMs: 60_000,
  absoluteMs: 60_000,
  secure: false,
  authority: { lookup: () => Promise.resolve(null) },
});

/** The address the app sees for a request from 127.0.0.1 that says it forwards 203.0.113.7. */
async function seenAddress(trustProxy: string | undefined): Promise<string | undefined> {
  const app = createHttpApp(
    createLogger('kit-test', 'silent'),
    { publicBaseUrl: 'http://localhost:8080', sessions, trustProxy },
    (a) => a.get('/ip', (req, res) => void res.json({ ip: req.ip })),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const port = (server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/ip`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    return ((await res.json()) as { ip?: string }).ip;
  } finally {
    server.close();
  }
}

describe('TRUST_PROXY', () => {
  it('believes the forwarded address from loopback by default and from a listed range', async () => {
    expect(await seenAddress(undefined)).toBe('203.0.113.7');
    expect(await seenAddress('uniquelocal, 127.0.0.0/8')).toBe('203.0.113.7');
  });

  it('ignores it from a hop that is not listed: the address is the peer itself', async () => {
    expect(await seenAddress('10.0.0.0/8')).toMatch(/127\.0\.0\.1$/);
  });

  it('is loopback unless set, and refuses a value that is not an address, range or name', () => {
    const env = {
      SERVICE_NAME: 'catalog',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
      DB_SCHEMA: 'catalog',
      NATS_URL: 'nats://127.0.0.1:4222',
      SESSION_SECRET: 'x'.repeat(32),
    };
    expect(loadConfig(baseConfigSchema, env).TRUST_PROXY).toBe('loopback');
    expect(
      loadConfig(baseConfigSchema, { ...env, TRUST_PROXY: 'loopback,uniquelocal,fd00::/8' })
        .TRUST_PROXY,
    ).toBe('loopback,uniquelocal,fd00::/8');
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0', 'true', '1.2.3.4/8/9']) {
      expect(() => loadConfig(baseConfigSchema, { ...env, TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY/,
      );
    }
  });
});
