// What an operator watches, on the running product (R-OPS-PROBES, R-OPS-METRICS): each service
// answers /livez, /readyz and /metrics on its own port, a request through the gateway shows
// in its service's counters by route pattern, nginx's stub status is on its own listener, and
// none of it is reachable through the public gateway.
import { expect, test } from './fixtures.js';

const SERVICES = { catalog: 11, registrations: 12, identity: 13, notify: 14 } as const;

/** The launcher's internal ports: GATEWAY_PORT + 10000 + offset (deploy/local/config.ts). */
const internal = (gatewayPort: number, offset: number) =>
  `http://127.0.0.1:${gatewayPort + 10_000 + offset}`;

/** The value of the series with exactly these labels (and the service's own), or 0. */
function series(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}

test('metrics, probes and stub status are not reachable through the public gateway', async ({
  request,
}) => {
  for (const path of [
    '/metrics',
    '/livez',
    '/readyz',
    '/stub_status',
    '/api/schools/metrics',
    '/api/registrations/metrics',
    '/api/auth/readyz',
    '/api/schools/%6Detrics',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.json(), path).toEqual({ message: 'Niet gevonden', code: 'NOT_FOUND' });
  }
  // The product's health still answers.
  expect((await request.get('/api/health')).status()).toBe(200);
});

test('every service answers /livez, /readyz and /metrics on its own port', async ({ stack }) => {
  for (const [name, offset] of Object.entries(SERVICES)) {
    const base = internal(stack.gatewayPort, offset);
    const live = await fetch(`${base}/livez`);
    expect(live.status, name).toBe(200);
    expect(await live.json()).toMatchObject({ ok: true, service: name });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status, name).toBe(200);
    expect(await ready.json()).toMatchObject({
      ok: true,
      checks: { db: 'ok', nats: 'ok', consumers: 'ok' },
    });
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = await metrics.text();
    expect(text, name).toContain(`nsa_outbox_backlog{service="${name}"}`);
    expect(text, name).toMatch(/^process_resident_memory_bytes\{/m);
  }
});

test('a request through the gateway is counted by its route pattern, without the token', async ({
  request,
  stack,
}) => {
  const metrics = () =>
    fetch(`${internal(stack.gatewayPort, SERVICES.catalog)}/metrics`).then((r) => r.text());
  const labels = { method: 'GET', route: '/api/schools/by-token/:token', status: '200' };
  const before = series(await metrics(), 'nsa_http_requests_total', labels);
  for (let i = 0; i < 3; i += 1) {
    expect((await request.get(`/api/schools/by-token/${stack.demoSchool.token}`)).status()).toBe(
      200,
    );
  }
  const after = await metrics();
  expect(series(after, 'nsa_http_requests_total', labels) - before).toBe(3);
  expect(series(after, 'nsa_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(
    3,
  );
  expect(after).not.toContain(stack.demoSchool.token);
});

test("nginx's stub status answers on the gateway's status listener only", async ({ stack }) => {
  const res = await fetch(`${internal(stack.gatewayPort, 3)}/stub_status`);
  expect(res.status).toBe(200);
  expect(await res.text()).toMatch(/^Active connections: \d+\s+server accepts handled requests/);
});
