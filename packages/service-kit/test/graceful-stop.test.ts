// Graceful stop (R-OPS-ROLLING), on a small service run by the kit against a real PostgreSQL and
// nats-server: once stop() begins, /readyz answers 503 at once while the process keeps serving
// for SHUTDOWN_GRACE_MS, every answer closing its connection; then no new connection is taken,
// and a request already in flight still gets its answer.
import http from 'node:http';
import { ensureServiceDatabase } from '@nsa/local-infra';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openService, type RunningService } from '../src/service.js';
import {
  TEST_SESSION_SECRET,
  firstOrganisationOnly,
  startTestInfra,
  type TestInfra,
} from '../src/testing/index.js';

const GRACE_MS = 1500;
let infra: TestInfra;
let running: RunningService;
let base = '';
let releaseSlow: () => void = () => undefined;

beforeAll(async () => {
  infra = await startTestInfra();
  const url = await ensureServiceDatabase(infra.adminUrl, 'kit_stop');
  const opened = await openService(
    {
      name: 'kit-stop',
      version: '1.0.0',
      migrations: [],
      organisationSource: firstOrganisationOnly,
    },
    {
      env: {
        DATABASE_URL: url,
        DB_SCHEMA: 'kit_stop',
        NATS_URL: infra.natsUrl,
        SESSION_SECRET: TEST_SESSION_SECRET,
        LOG_LEVEL: 'silent',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
    },
  );
  running = await opened.run({
    routes: (app) => {
      const r = Router();
      r.get('/api/slow', async (_req, res) => {
        await new Promise<void>((resolve) => (releaseSlow = resolve));
        res.json({ done: true });
      });
      r.get('/api/quick', (_req, res) => {
        res.json({ ok: true });
      });
      app.use(r);
    },
  });
  base = running.url;
});

afterAll(async () => {
  await running?.stop();
  await infra?.stop();
});

/** A GET on a fresh connection; resolves with the status and the Connection header. */
function get(path: string): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
      );
    });
    req.on('error', reject);
  });
}

describe('graceful stop', () => {
  it('says not ready at once, serves through the grace period, finishes what is in flight, then refuses', async () => {
    expect((await get('/readyz')).status).toBe(200);
    const slow = get('/api/slow');
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    const stopped = running.stop();

    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body).checks.accepting).toBe('down');
    const during = await get('/api/quick');
    expect(during.status).toBe(200);
    expect(during.connection).toBe('close');

    // After the grace period: the in-flight request still holds the server open, but no new
    // connection is taken.
    await new Promise((r) => setTimeout(r, GRACE_MS + 300));
    await expect(get('/api/quick')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    releaseSlow();
    expect(await slow).toMatchObject({ status: 200, body: '{"done":true}' });
    await stopped;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(GRACE_MS);
  });
});
