// Each request gets the gateway's id (or a new one); only 4xx and 5xx are logged at info and
// above, with the path but never the query string.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogging } from '../src/http.js';
import { createLogger } from '../src/logger.js';

const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kit-log-')), 'http.log');
let base = '';
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(requestLogging(createLogger('kit-test', 'info', logFile)));
  app.get('/ok', (req, res) => void res.json({ id: req.id }));
  app.get('/missing', (_req, res) => void res.status(404).json({}));
  app.get('/broken', (_req, res) => void res.status(500).json({}));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

const lines = () =>
  fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('requestLogging', () => {
  it('answers the gateway id, or a new one for a missing or malformed id', async () => {
    const given = await fetch(`${base}/ok`, { headers: { 'x-request-id': 'abcdef12-3456' } });
    expect(given.headers.get('x-request-id')).toBe('abcdef12-3456');
    expect(await given.json()).toEqual({ id: 'abcdef12-3456' });
    const bad = await fetch(`${base}/ok`, { headers: { 'x-request-id': 'no spaces <b>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs 4xx as info and 5xx as error with path and status, no query, and 2xx not at all', async () => {
    await fetch(`${base}/ok?token=geheim`, { headers: { 'x-request-id': 'ok-request-1' } });
    await fetch(`${base}/missing?token=geheim`, { headers: { 'x-request-id': 'missing-req-1' } });
    await fetch(`${base}/broken`, { headers: { 'x-request-id': 'broken-req-1' } });
    await new Promise((r) => setTimeout(r, 100));
    const logged = lines();
    expect(logged.some((l) => JSON.stringify(l).includes('ok-request-1'))).toBe(false);
    expect(logged.find((l) => (l.req as { id: string }).id === 'missing-req-1')).toMatchObject({
      level: 30,
      req: { method: 'GET', path: '/missing' },
      res: { statusCode: 404 },
    });
    expect(logged.find((l) => (l.req as { id: string }).id === 'broken-req-1')).toMatchObject({
      level: 50,
      res: { statusCode: 500 },
    });
    expect(fs.readFileSync(logFile, 'utf8')).not.toContain('geheim');
  });
});
