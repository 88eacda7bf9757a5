// R-RUN-HEALTH and R-API-ERROR-BODY through the gateway, plus its headers (R-SEC-HEADERS).
import type { ErrorBody, ErrorCode, ProductHealth } from '@nsa/contracts';
import { expect, loginAsAdmin, test } from './fixtures.js';

function expectErrorBody(body: ErrorBody, code: ErrorCode) {
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
}

test('GET /api/health answers 200 with every service ok', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as ProductHealth;
  expect(body).toMatchObject({
    ok: true,
    services: { catalog: 'ok', registrations: 'ok', identity: 'ok', notify: 'ok' },
  });
  expect(typeof body.service).toBe('string');
  expect(typeof body.version).toBe('string');
});

// R-API-STATUS
test('malformed JSON gives 400 BAD_REQUEST with a Dutch message, English with Accept-Language: en', async ({
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  const post = (language?: string) =>
    request.post('/api/schools', {
      data: '{bad',
      headers: {
        'content-type': 'application/json',
        ...(language ? { 'accept-language': language } : {}),
      },
    });

  const nl = await post();
  expect(nl.status()).toBe(400);
  expect(nl.headers()['content-type']).toContain('application/json');
  const nlBody = (await nl.json()) as ErrorBody;
  expectErrorBody(nlBody, 'BAD_REQUEST');

  const en = await post('en');
  expect(en.status()).toBe(400);
  const enBody = (await en.json()) as ErrorBody;
  expectErrorBody(enBody, 'BAD_REQUEST');
  expect(enBody.message).not.toBe(nlBody.message);

  // Dutch is the default whatever else the client prefers.
  const de = await post('de-DE,de;q=0.9');
  expect(((await de.json()) as ErrorBody).message).toBe(nlBody.message);
});

// R-API-NO-5XX
test('malformed JSON on a public path gives 400 too, never a 5xx', async ({ request }) => {
  const res = await request.post('/api/auth/login', {
    data: '{"email": "a@b.nl", "password": ',
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status()).toBe(400);
  expectErrorBody((await res.json()) as ErrorBody, 'BAD_REQUEST');
});

// R-API-STATUS
test('a 100 KiB body gives 413 PAYLOAD_TOO_LARGE', async ({ request, stack }) => {
  await loginAsAdmin(request, stack);
  const data = JSON.stringify({ name: 'x'.repeat(100 * 1024) });
  const nl = await request.post('/api/schools', {
    data,
    headers: { 'content-type': 'application/json' },
  });
  expect(nl.status()).toBe(413);
  expect(nl.headers()['content-type']).toContain('application/json');
  const nlBody = (await nl.json()) as ErrorBody;
  expectErrorBody(nlBody, 'PAYLOAD_TOO_LARGE');

  const en = await request.post('/api/schools', {
    data,
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
  });
  expect(en.status()).toBe(413);
  const enBody = (await en.json()) as ErrorBody;
  expectErrorBody(enBody, 'PAYLOAD_TOO_LARGE');
  expect(enBody.message).not.toBe(nlBody.message);
});

// R-API-STATUS
test('an unknown /api path gives 404 NOT_FOUND "Niet gevonden" (English: "Not found")', async ({
  request,
}) => {
  for (const path of ['/api/unknown', '/api/unknown/deeper?x=1']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Niet gevonden' });
  }
  const en = await request.get('/api/unknown', { headers: { 'accept-language': 'en' } });
  expect(en.status()).toBe(404);
  expect(await en.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
});

test('the gateway sends its security headers on pages', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const headers = res.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');

  // Provider links carry an access token in the URL: it must not leak through Referer.
  const provider = await request.get('/provider/1?token=x');
  expect(provider.status()).toBe(200);
  expect(provider.headers()['referrer-policy']).toBe('no-referrer');
  expect(provider.headers()['content-security-policy']).toBe(csp);
});
