// Runs the rendered config in a real nginx against stand-in services and static files.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '../../packages/contracts/src/services.mjs';
import { renderGatewayConfig } from '../render.mjs';
import { cleanupDirs, fakeService, freePort, options, runNginx, tempDir } from './helpers.mjs';

// Every service of the table of services, each a fake answering its routes.
const names = SERVICE_NAMES;
let base;
let dir;
let services;
let stopNginx;
let statusBase;

function write(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

beforeAll(async () => {
  dir = tempDir();
  services = Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await fakeService(n)])),
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const statusPort = await freePort();
  statusBase = `http://127.0.0.1:${statusPort}`;
  const opts = options(dir, {
    port,
    services: Object.fromEntries(names.map((n) => [n, services[n].address])),
    signupRateLimit: 2,
    user: process.getuid?.() === 0 ? 'root' : undefined,
    releasesRoot: path.join(dir, 'releases'),
    statusListen: `127.0.0.1:${statusPort}`,
  });
  write(path.join(dir, 'releases', 'public', '1.2.0', 'remoteEntry.js'), 'var released;');
  write(path.join(dir, 'releases', 'public', '1.2.0', 'chunk.89abcdef.js'), 'var chunk2;');
  // The shell's production index.html, reduced to what the gateway composes (SSI).
  write(
    path.join(opts.staticRoots.shell, 'index.html'),
    '<!doctype html><html lang="<!--# echo var="gw_page_lang" default="nl" -->" dir="<!--# echo var="gw_page_dir" default="ltr" -->" data-header="<!--# echo var="gw_page_header" -->"><title>shell</title>' +
      '<div id="content"><!--# include virtual="/.gw-first-view" --></div>',
  );
  write(path.join(opts.staticRoots.shell, 'index.html.gz'), 'not the page');
  // The public remote's first views: its own build, and a released version.
  const fragment = (text) =>
    `<link rel="stylesheet" href="<!--# echo var="gw_fv_base" default="/mfe/public/" -->app.css"><p class="lead">${text}</p>`;
  for (const [file, text] of [
    ['fragment.landing.nl.html', 'Welkom'],
    ['fragment.landing.en.html', 'Welcome'],
    ['fragment.landing.ar.html', 'مرحبًا'],
    ['fragment.landing.pl.html', 'Witamy'],
    ['fragment.school.nl.html', 'Bekijk de activiteiten'],
  ]) {
    write(path.join(opts.staticRoots.mfe_public, file), fragment(text));
  }
  write(
    path.join(dir, 'releases', 'public', '1.2.0', 'fragment.landing.nl.html'),
    fragment('Welkom, versie 1.2.0'),
  );
  write(
    path.join(opts.staticRoots.shell, 'main.0123abcd.js'),
    `console.log(${'"x",'.repeat(500)}1);`,
  );
  write(path.join(opts.staticRoots.mfe_public, 'remoteEntry.js'), 'var remote;');
  write(path.join(opts.staticRoots.mfe_public, 'mf-manifest.json'), '{}');
  write(path.join(opts.staticRoots.mfe_public, 'chunk.0123abcd4567.js'), 'var chunk;');
  write(opts.registryFile, '{"mfe_public":"/mfe/public/mf-manifest.json"}');
  stopNginx = await runNginx(renderGatewayConfig(opts), opts.dataDir, port);
});

afterAll(async () => {
  await stopNginx?.();
  await Promise.all(Object.values(services ?? {}).map((s) => s.close()));
  cleanupDirs();
});

async function get(p, init) {
  const res = await fetch(`${base}${p}`, init);
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

function expectSecurityHeaders(headers) {
  expect(headers.get('content-security-policy')).toContain("script-src 'self';");
  expect(headers.get('content-security-policy')).not.toContain('unsafe-eval');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('permissions-policy')).toContain('camera=()');
  expect(headers.get('strict-transport-security')).toBeNull();
  expect(headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
}

describe('gateway in nginx', () => {
  it.each([
    ['/api/auth/login', 'identity'],
    ['/api/admin/users/3', 'identity'],
    ['/api/admin/audit?action=login.failed', 'identity'],
    ['/api/schools/by-token/x', 'catalog'],
    ['/api/blocks', 'catalog'],
    ['/api/providers/1', 'catalog'],
    ['/api/activities?schoolId=1', 'catalog'],
    ['/api/admin/activities/1/provider-token', 'catalog'],
    ['/api/admin/schools/1/qrcode', 'catalog'],
    ['/api/qr/block/1', 'catalog'],
    ['/api/registrations', 'registrations'],
    ['/api/admin/registrations/export', 'registrations'],
    ['/api/provider/1/participants?token=abc', 'registrations'],
    ['/api/admin/privacy/export?email=a%40b.nl', 'registrations'],
    ['/api/admin/privacy/retention/run', 'registrations'],
  ])('routes %s to %s', async (p, service) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.json.service).toBe(service);
    expect(res.json.url).toBe(p);
  });

  // R-RATE-GATEWAY: the services get the client address nginx saw, not one the client sent.
  it('forwards the client address and one request id, and owns the security headers', async () => {
    const res = await get('/api/blocks', { headers: { 'X-Forwarded-For': '6.6.6.6' } });
    const sent = res.json.headers;
    expect(sent['x-real-ip']).toBe('127.0.0.1');
    expect(sent['x-forwarded-for']).toBe('127.0.0.1');
    expect(sent['x-forwarded-proto']).toBe('http');
    expect(sent.host).toBe(new URL(base).host);
    expect(sent['x-request-id']).toBe(res.headers.get('x-request-id'));
    expectSecurityHeaders(res.headers);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  // R-ORG-HOST: the organisation is found by the host name alone; no client header chooses one.
  it('forwards the host name for the organisation and drops a client-sent organisation', async () => {
    const { port } = new URL(base);
    const sent = async (headers) =>
      JSON.parse(
        await new Promise((resolve, reject) => {
          const req = http.request(
            { host: '127.0.0.1', port, path: '/api/blocks', headers },
            (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (c) => (body += c));
              res.on('end', () => resolve(body));
            },
          );
          req.on('error', reject);
          req.end();
        }),
      ).headers;
    const named = await sent({
      Host: `Welzijn.EXAMPLE:${port}`,
      'X-Organisation-Host': 'other.example',
      'X-Organisation-Id': '2',
    });
    expect(named['x-organisation-host']).toBe('welzijn.example');
    expect(named).not.toHaveProperty('x-organisation-id');
    // The port is never part of it.
    const local = await sent({ 'X-Organisation-Host': 'other.example' });
    expect(local['x-organisation-host']).toBe('127.0.0.1');
  });

  it('answers unknown /api paths with a JSON 404 in the caller language', async () => {
    const nl = await get('/api/nothing/here');
    expect(nl.status).toBe(404);
    expect(nl.headers.get('content-type')).toContain('application/json');
    expect(nl.json).toEqual({ message: 'Niet gevonden', code: 'NOT_FOUND' });
    expectSecurityHeaders(nl.headers);
    const en = await get('/api/nothing', { headers: { 'Accept-Language': 'en-GB,en;q=0.9' } });
    expect(en.json).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  // R-LANG-API: the gateway's own answers follow Accept-Language in the product's six languages.
  it.each([
    ['tr-TR,tr;q=0.9,en;q=0.8', 'Bulunamadı'],
    ['ar-MA,ar;q=0.9', 'غير موجود'],
    ['de-DE,de;q=0.9,pl;q=0.8,en;q=0.7', 'Nie znaleziono'],
    ['en;q=0, uk', 'Не знайдено'],
    ['fr-FR,fr;q=0.9', 'Niet gevonden'],
  ])('answers a 404 for Accept-Language %s with %s', async (acceptLanguage, message) => {
    const res = await get('/api/nothing', { headers: { 'Accept-Language': acceptLanguage } });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message, code: 'NOT_FOUND' });
  });

  it('answers a missing static file or a folder with the JSON 404, never an HTML page', async () => {
    for (const p of ['/missing.js', '/mfe/public/missing.js', '/mfe/public/']) {
      const res = await get(p, { headers: { 'Accept-Language': 'uk-UA,uk;q=0.9' } });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toContain('application/json');
      expect(res.json, p).toEqual({ message: 'Не знайдено', code: 'NOT_FOUND' });
      expectSecurityHeaders(res.headers);
    }
  });

  it('answers a request it refuses with a JSON 400 in the caller language, never an HTML page', async () => {
    // A method a static file does not take (nginx's 405).
    const post = await get('/main.0123abcd.js', {
      method: 'POST',
      body: 'x',
      headers: { 'Accept-Language': 'pl-PL,pl;q=0.9' },
    });
    expect(post.status).toBe(400);
    expect(post.json).toEqual({ message: 'Żądanie jest nieprawidłowe', code: 'BAD_REQUEST' });
    // Bad syntax and too long a URI, which nginx refuses before choosing a location.
    const raw = (request) =>
      new Promise((resolve, reject) => {
        const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () =>
          socket.end(request),
        );
        const chunks = [];
        socket.on('data', (c) => chunks.push(c));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
      });
    const bad = await raw(
      'GET /api/schools HTTP/1.1\r\nHost: x\r\nAccept-Language: ar\r\nContent-Length: nope\r\n\r\n',
    );
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    expect(bad).toContain('{"message":"الطلب غير صالح","code":"BAD_REQUEST"}');
    const long = await raw(
      `GET /${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\nAccept-Language: tr\r\nConnection: close\r\n\r\n`,
    );
    // Refused on its first line, before nginx reads Accept-Language: in Dutch.
    expect(long).toMatch(/^HTTP\/1\.1 400 /);
    expect(long).toContain('{"message":"Het verzoek is ongeldig","code":"BAD_REQUEST"}');
    expect(long).not.toContain('<html');
  });

  // R-OPS-METRICS: the services answer these on their own port; through the gateway nothing
  // reaches them, whatever the spelling, and nginx's own numbers are on another listener.
  it.each([
    '/metrics',
    '/metrics/',
    '/livez',
    '/readyz',
    '/stub_status',
    '/api/metrics',
    '/api/schools/metrics',
    '/api/registrations/metrics',
    '/api/admin/registrations/readyz',
    '/api/auth/livez',
    '/api/schools/%6detrics',
    '/api/schools/x/../metrics',
    '/mfe/public/metrics',
  ])('refuses %s with a JSON 404, asking no service', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Niet gevonden', code: 'NOT_FOUND' });
    expectSecurityHeaders(res.headers);
  });

  it('answers nginx stub_status on its own listener only', async () => {
    const status = await fetch(`${statusBase}/stub_status`);
    expect(status.status).toBe(200);
    expect(await status.text()).toMatch(/^Active connections: \d+/);
    expect((await fetch(`${statusBase}/api/health`)).status).toBe(404);
    expect((await get('/stub_status')).status).toBe(404);
    // /api/health still reaches the services.
    expect((await get('/api/health')).status).toBe(200);
  });

  // R-API-STATUS
  it('refuses a body over 64 KiB with a JSON 413', async () => {
    const res = await get('/api/schools', { method: 'POST', body: 'x'.repeat(65 * 1024) });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('PAYLOAD_TOO_LARGE');
    expect(res.json.message).toBe('Verzoek is te groot (maximaal 64 KiB)');
    const tr = await get('/api/schools', {
      method: 'POST',
      body: 'x'.repeat(65 * 1024),
      headers: { 'Accept-Language': 'tr' },
    });
    expect(tr.json).toEqual({
      message: 'İstek çok büyük (en fazla 64 KiB)',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expectSecurityHeaders(res.headers);
    const ok = await get('/api/schools', { method: 'POST', body: 'x'.repeat(60 * 1024) });
    expect(ok.status).toBe(200);
  });

  it('serves the shell with an SPA fallback, but 404 for missing static files', async () => {
    const page = await get('/activities/0123456789abcdef0123456789abcdef');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>shell</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(page.headers);
    expect((await get('/missing.js')).status).toBe(404);
    expect((await get('/missing.css')).status).toBe(404);
    const hashed = await get('/main.0123abcd.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(hashed.headers);
  });

  // Server-side composition (docs/architecture.md).
  describe('the public pages first view', () => {
    const TOKEN = '0123456789abcdef0123456789abcdef';
    const slot = (page) => /<div id="content">([\s\S]*)<\/div>/.exec(page.text)?.[1].trim();
    const lang = (page) => /<html lang="([^"]*)"/.exec(page.text)?.[1];
    const direction = (page) => /<html [^>]*dir="([^"]*)"/.exec(page.text)?.[1];
    const header = (page) => /<html [^>]*data-header="([^"]*)"/.exec(page.text)?.[1];

    it('puts the landing page into the shell, in Dutch by default, with its stylesheet', async () => {
      const page = await get('/', { headers: { 'Accept-Language': 'en-GB,en;q=0.9' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(lang(page)).toBe('nl');
      expect(slot(page)).toBe(
        '<link rel="stylesheet" href="/mfe/public/app.css"><p class="lead">Welkom</p>',
      );
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('vary')).toContain('Cookie');
      expectSecurityHeaders(page.headers);
    });

    it('is in English with the nsa_lang cookie or ?lng=en, and ?lng= wins', async () => {
      for (const [p, cookie, expected] of [
        ['/', 'nsa_lang=en', 'en'],
        ['/?lng=en', '', 'en'],
        ['/?x=1&lng=EN', 'nsa_lang=nl', 'en'],
        ['/?lng=nl', 'nsa_lang=en', 'nl'],
        ['/?lng=fr', 'nsa_lang=en', 'en'],
        ['/', 'other=1; nsa_lang=fr', 'nl'],
        ['/', 'nsa_lang=nl', 'nl'],
      ]) {
        const page = await get(p, { headers: cookie ? { Cookie: cookie } : {} });
        expect(lang(page), `${p} ${cookie}`).toBe(expected);
        expect(slot(page), `${p} ${cookie}`).toContain(expected === 'en' ? 'Welcome' : 'Welkom');
      }
    });

    it('is in Turkish, Arabic (right to left), Polish or Ukrainian by ?lng= or the cookie (R-LANG-PUBLIC)', async () => {
      for (const [p, cookie, expected, rtl] of [
        ['/', 'nsa_lang=ar', 'ar', 'rtl'],
        ['/?lng=AR', 'nsa_lang=nl', 'ar', 'rtl'],
        ['/?lng=pl', '', 'pl', 'ltr'],
        ['/my-signup', 'nsa_lang=uk', 'uk', 'ltr'],
        ['/loting?lng=tr', 'nsa_lang=ar', 'tr', 'ltr'],
      ]) {
        const page = await get(p, { headers: cookie ? { Cookie: cookie } : {} });
        expect(lang(page), `${p} ${cookie}`).toBe(expected);
        expect(direction(page), `${p} ${cookie}`).toBe(rtl);
        expect(header(page), `${p} ${cookie}`).toBe(`public-${expected}`);
      }
      expect(slot(await get('/', { headers: { Cookie: 'nsa_lang=ar' } }))).toContain('مرحبًا');
      expect(slot(await get('/?lng=pl'))).toContain('Witamy');
    });

    it('keeps admin and provider pages in Dutch or English, whatever else was chosen', async () => {
      for (const [p, cookie, expected] of [
        ['/admin', 'nsa_lang=ar', 'nl'],
        ['/admin/registrations?lng=uk', 'nsa_lang=en', 'nl'],
        ['/login', 'nsa_lang=en', 'en'],
        ['/reset-password?token=x&lng=en', 'nsa_lang=tr', 'en'],
        ['/provider/12?token=abc', 'nsa_lang=pl', 'nl'],
        // R-PLATFORM-SCREENS: the platform administrators' pages are staff pages too.
        ['/platform', 'nsa_lang=en', 'en'],
        ['/platform/login?lng=ar', 'nsa_lang=tr', 'nl'],
      ]) {
        const page = await get(p, { headers: cookie ? { Cookie: cookie } : {} });
        expect(lang(page), `${p} ${cookie}`).toBe(expected);
        expect(direction(page), `${p} ${cookie}`).toBe('ltr');
        expect(header(page), `${p} ${cookie}`).toBe(`staff-${expected}`);
      }
    });

    // R-PUBLIC-SCHOOL-ROUTE: /schools/{token} and /activities/{token} are a school's page.
    it('puts the school page frame into a school route, whichever school', async () => {
      for (const p of [`/schools/${TOKEN}`, `/activities/${TOKEN}?x=1`]) {
        expect(slot(await get(p))).toContain('<p class="lead">Bekijk de activiteiten</p>');
      }
    });

    it('leaves the slot empty, never with an error page, when there is no fragment', async () => {
      // No English school fragment in this build: as if the remote's file were missing.
      const missing = await get(`/schools/${TOKEN}`, { headers: { Cookie: 'nsa_lang=en' } });
      expect(missing.status).toBe(200);
      expect(slot(missing)).toBe('');
      expect(lang(missing)).toBe('en');
      for (const p of ['/admin', '/schools/not-a-token', `/schools/${TOKEN}/x`, '/my-signup']) {
        const page = await get(p);
        expect(page.status).toBe(200);
        expect(slot(page), p).toBe('');
      }
    });

    it('compresses the composed page, never the stale index.html.gz', async () => {
      const page = await get('/', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(slot(page)).toContain('Welkom');
      expect(page.text).not.toContain('not the page');
    });

    it('follows the registry: the fragment of the released version, none for a missing one', async () => {
      const original = fs.readFileSync(options(dir).registryFile, 'utf8');
      const registry = (entry) =>
        write(
          options(dir).registryFile,
          `{\n  "mfe_admin": "/mfe/admin/mf-manifest.json",\n  "mfe_public": "${entry}"\n}\n`,
        );
      try {
        registry('/mfe/public/1.2.0/mf-manifest.json');
        expect(slot(await get('/'))).toBe(
          '<link rel="stylesheet" href="/mfe/public/1.2.0/app.css"><p class="lead">Welkom, versie 1.2.0</p>',
        );
        registry('/mfe/public/9.9.9/mf-manifest.json');
        expect(slot(await get('/'))).toBe('');
        registry('https://cdn.example.nl/mfe/public/1.2.0/mf-manifest.json');
        expect(slot(await get('/'))).toBe('');
      } finally {
        write(options(dir).registryFile, original);
      }
      expect(slot(await get('/'))).toContain('Welkom');
    });

    it('keeps its internal locations from the outside', async () => {
      for (const p of [
        '/.gw-first-view',
        '/.gw-fragment/mfe/public/fragment.landing.nl.html',
        '/.gw-fragment/mfe/public/1.2.0/fragment.landing.nl.html',
        '/.gw-fragment/index.html',
      ]) {
        const res = await get(p);
        expect([204, 404], p).toContain(res.status);
        expect(res.text, p).not.toContain('Welkom');
      }
    });
  });

  it('keeps the referrer off provider and reset-password pages', async () => {
    const provider = await get('/provider/1?token=abc');
    expect(provider.headers.get('referrer-policy')).toBe('no-referrer');
    const reset = await get('/reset-password?token=abc');
    expect(reset.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('serves remotes and the registry with the right caching', async () => {
    const entry = await get('/mfe/public/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/mfe/public/mf-manifest.json')).headers.get('cache-control')).toBe(
      'no-cache',
    );
    const chunk = await get('/mfe/public/chunk.0123abcd4567.js');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/mfe/public/nope.js')).status).toBe(404);
    const registry = await get('/mfe-registry.json');
    expect(registry.json).toEqual({ mfe_public: '/mfe/public/mf-manifest.json' });
    expect(registry.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(registry.headers);
  });

  it('serves released versions of a remote next to its dev build', async () => {
    const entry = await get('/mfe/public/1.2.0/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.text).toBe('var released;');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(entry.headers);
    const chunk = await get('/mfe/public/1.2.0/chunk.89abcdef.js');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/mfe/public/1.2.0/missing.js')).status).toBe(404);
    expect((await get('/mfe/public/9.9.9/remoteEntry.js')).status).toBe(404);
    // The unversioned path still is the package's own dist.
    expect((await get('/mfe/public/remoteEntry.js')).text).toBe('var remote;');
  });

  // R-API-DOC: the API's description and its docs page, from the gateway's own files.
  it('serves the API description at /api/openapi.json and its docs page at /api/docs', async () => {
    const doc = await get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toContain('application/json');
    expect(doc.headers.get('cache-control')).toBe('no-cache');
    expect(doc.json.openapi).toBe('3.1.0');
    expect(doc.json.paths['/api/registrations'].post.description).toBeTruthy();
    expectSecurityHeaders(doc.headers);

    const page = await get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expectSecurityHeaders(page.headers);
    // Everything the page loads is the gateway's own: no other origin, no inline script.
    const loaded = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((m) => m[1])
      .filter((url) => url !== 'data:,'); // no icon asked for
    expect(loaded).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/openapi.json',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/docs.js',
    ]);
    expect(page.text).not.toMatch(/<script>/);
    for (const file of loaded) {
      const res = await get(file);
      expect(res.status, file).toBe(200);
      expect(res.text.length, file).toBeGreaterThan(200);
    }
    expect((await get('/api/docs/docs.js')).text).toContain("url: '/api/openapi.json'");
    // Nothing else of the renderer's package (its demo page) is served.
    expect((await get('/api/docs/index.html')).status).toBe(404);
    expect((await get('/api/docs/swagger-initializer.js')).status).toBe(404);
  });

  it('answers its own liveness on /healthz without asking a service', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
  });

  it('compresses JavaScript', async () => {
    const res = await fetch(`${base}/main.0123abcd.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    await res.arrayBuffer();
  });

  it('passes the aggregated health answer through, 503 included', async () => {
    expect((await get('/api/health')).status).toBe(200);
    for (const s of names) services[s].state.healthStatus = 503;
    const down = await get('/api/health');
    expect(down.status).toBe(503);
    expect(down.json.service).toBeDefined();
    for (const s of names) services[s].state.healthStatus = 200;
  });

  // R-RATE-GATEWAY
  it('rate-limits sign-ups per address with a JSON 429, at twice the service limit', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await get('/api/registrations', { method: 'POST', body: '{}' })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await get('/api/registrations', {
      method: 'POST',
      body: '{}',
      headers: { 'Accept-Language': 'ar' },
    });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({
      message: 'طلبات كثيرة جدًا، يُرجى المحاولة مرة أخرى لاحقًا',
      code: 'RATE_LIMITED',
    });
    expectSecurityHeaders(limited.headers);
    // Reading the list is not a sign-up.
    expect((await get('/api/registrations')).status).toBe(200);
  });

  // R-RATE-GATEWAY
  it('rate-limits the auth paths only above 120 requests a minute', async () => {
    const statuses = [];
    for (let i = 0; i < 121; i++) statuses.push((await get('/api/auth/me')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('keeps query strings and school tokens out of the access log', async () => {
    await get('/api/provider/1/participants?token=supersecret');
    await get('/api/schools/by-token/0123456789abcdef0123456789abcdef');
    await new Promise((r) => setTimeout(r, 200));
    const log = fs.readFileSync(path.join(dir, 'data', 'logs', 'access.log'), 'utf8');
    expect(log).toContain('/api/provider/1/participants');
    expect(log).toContain('/api/schools/by-token/[token]');
    expect(log).not.toContain('supersecret');
    expect(log).not.toContain('0123456789abcdef0123456789abcdef');
    const line = JSON.parse(log.trim().split('\n').at(-1));
    expect(line.request_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers 503 JSON when a service is down, while health still reaches the others', async () => {
    await services.catalog.close();
    const res = await get('/api/schools', { headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.json.message).toMatch(/unavailable/);
    expectSecurityHeaders(res.headers);
    for (const [acceptLanguage, message] of [
      ['pl', 'Usługa jest chwilowo niedostępna, spróbuj ponownie za chwilę'],
      ['uk', 'Сервіс тимчасово недоступний, спробуйте ще раз трохи згодом'],
    ]) {
      const answer = await get('/api/schools', { headers: { 'Accept-Language': acceptLanguage } });
      expect(answer.json).toEqual({ message, code: 'SERVICE_UNAVAILABLE' });
    }
    for (let i = 0; i < 8; i++) expect((await get('/api/health')).status).toBe(200);
  });

  // R-RATE-GATEWAY (last: it uses up this address's allowance on the link paths)
  it('rate-limits /api/my-signup/ and /api/provider/ per address with a JSON 429, keyed requests too, above what a page sends', async () => {
    // Sends `n` requests one after another; answers their statuses.
    const send = async (n, p, init) => {
      const statuses = [];
      for (let i = 0; i < n; i++) statuses.push((await get(p, init)).status);
      return statuses;
    };
    // A parent's page: at most a handful of calls; the burst (30) holds five pages at once.
    const parent = await send(25, '/api/my-signup', { headers: { 'X-Manage-Token': 'wrong' } });
    expect(parent.every((s) => s === 200)).toBe(true);
    const flood = await send(20, '/api/my-signup/withdraw', {
      method: 'POST',
      headers: { 'X-Manage-Token': 'wrong', 'Idempotency-Key': 'k-1' },
    });
    expect(flood).toContain(429);
    const limited = await get('/api/my-signup/erase', {
      method: 'POST',
      headers: { 'X-Manage-Token': 'wrong', 'Accept-Language': 'en' },
    });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('RATE_LIMITED');
    expectSecurityHeaders(limited.headers);
    // A provider's page: the list, the attendance and a whole class marked at once, with room
    // to spare under the burst (60), which earlier tests' provider calls may still hold a part of.
    const provider = await send(50, '/api/provider/1/attendance?token=wrong');
    expect(provider.every((s) => s === 200)).toBe(true);
    const guesses = await send(20, '/api/provider/1/participants?token=guess');
    expect(guesses).toContain(429);
    const refused = await get('/api/provider/2/participants?token=guess');
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('RATE_LIMITED');
    // The service's other paths are counted apart (catalog is down since the test before).
    expect((await get('/api/admin/registrations')).status).toBe(200);
  });
});
