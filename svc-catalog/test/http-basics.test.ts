import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningService } from '@nsa/service-kit';
import { serviceTestEnv } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('catalog HTTP basics', () => {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await start({
      env: await serviceTestEnv(infra, 'catalog', {
        // Only this service runs: its peers point at a closed port.
        HEALTH_PEERS:
          'registrations=http://127.0.0.1:1,identity=http://127.0.0.1:1,notify=http://127.0.0.1:1',
      }),
    });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('reports database and NATS ready on /health', async () => {
    const res = await fetch(`${svc.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      service: 'catalog',
      checks: { db: 'ok', nats: 'ok' },
    });
  });

  it('marks unreachable services down on /api/health with 503', async () => {
    const res = await fetch(`${svc.url}/api/health`);
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({
      ok: false,
      services: { registrations: 'down', identity: 'down', notify: 'down' },
    });
  });

  // R-API-STATUS: malformed JSON is 400.
  it('answers malformed JSON with 400 and the contract body, in Dutch by default', async () => {
    const res = await fetch(`${svc.url}/api/schools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'De gegevens zijn geen geldige JSON.',
    });
  });

  it('answers in English when Accept-Language asks for it', async () => {
    const res = await fetch(`${svc.url}/api/schools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-GB,en;q=0.8' },
      body: '{oops',
    });
    expect(await res.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'The body is not valid JSON.',
    });
  });

  // R-API-STATUS
  it('answers a body over 64 KiB with 413', async () => {
    const res = await fetch(`${svc.url}/api/schools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(100 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  // R-API-STATUS
  it('answers an unknown route with a JSON 404', async () => {
    const res = await fetch(`${svc.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Niet gevonden' });
  });

  it('carries the gateway request id back', async () => {
    const res = await fetch(`${svc.url}/api/nothing-here`, {
      headers: { 'x-request-id': 'abcdef12-3456' },
    });
    expect(res.headers.get('x-request-id')).toBe('abcdef12-3456');
  });
});
