// Every service's probes and metrics, on a small service run by the kit against a real
// PostgreSQL and nats-server (R-OPS-PROBES, R-OPS-METRICS): /livez answers while the process
// runs, /readyz only once the database and NATS answer and the consumers caught up with a
// backlog; /metrics counts requests by route pattern and status, and shows the outbox backlog,
// the consumer's pending events and redeliveries, and background jobs' results.
import { randomUUID } from 'node:crypto';
import { ensureServiceDatabase } from '@nsa/local-infra';
import { EVENT_TYPES, type ServiceHealth } from '@nsa/contracts';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.js';
import { createLogger } from '../src/logger.js';
import { Metrics } from '../src/metrics.js';
import { connectNats } from '../src/nats.js';
import { openService, type RunningService } from '../src/service.js';
import { publishEvent } from './kit-world.js';
import {
  TEST_SESSION_SECRET,
  firstOrganisationOnly,
  startTestInfra,
  until,
  type TestInfra,
} from '../src/testing/index.js';

const BACKLOG = 300;
let infra: TestInfra;
let running: RunningService;
let base = '';
let openGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => (openGate = resolve));
let failOnce = '';

beforeAll(async () => {
  infra = await startTestInfra();
  const url = await ensureServiceDatabase(infra.adminUrl, 'kit_probe');
  const feed = await connectNats(infra.natsUrl, 'feed', createLogger('feed', 'silent'));
  const opened = await openService(
    {
      name: 'kit-probe',
      version: '9.9.9',
      migrations: [],
      organisationSource: firstOrganisationOnly,
    },
    {
      env: {
        DATABASE_URL: url,
        DB_SCHEMA: 'kit_probe',
        NATS_URL: infra.natsUrl,
        SESSION_SECRET: TEST_SESSION_SECRET,
        LOG_LEVEL: 'silent',
      },
    },
  );
  // A backlog waiting for the consumer, as after a restart; the first event is held until
  // the test opens the gate, and one event fails until redelivered.
  const ids = Array.from({ length: BACKLOG }, () => randomUUID());
  failOnce = ids[1]!;
  for (const id of ids) {
    await publishEvent(feed, EVENT_TYPES.registrationCreated, { id, data: { registrationId: 1 } });
  }
  await feed.close();
  let failures = 0;
  running = await opened.run({
    consumers: [
      {
        stream: 'REGISTRATIONS',
        durable: 'kit-probe',
        ackWaitMs: 2000,
        handlers: {
          [EVENT_TYPES.registrationCreated]: {
            versions: [1],
            handle: async (event) => {
              await gate;
              // Fails in its batch and once more alone: then it is nak'ed and redelivered.
              if (event.id === failOnce && failures < 2) {
                failures += 1;
                throw new Error('fails twice');
              }
            },
          },
        },
      },
    ],
    routes: (app) => {
      const things = Router();
      things.get('/:id', (req, res) => void res.json({ id: req.params.id }));
      things.get('/:id/broken', () => {
        throw new AppError('CONFLICT', 409, 'Conflict');
      });
      app.use('/api/things', things);
    },
  });
  base = running.url;
}, 90_000);

afterAll(async () => {
  openGate();
  await running?.stop();
  await infra?.stop();
}, 60_000);

const get = (path: string) => fetch(`${base}${path}`);
const metricsText = async () => {
  const res = await get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
/** The value of one series, or undefined when absent. */
function value(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const have = Object.fromEntries(
      [...(m[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[2]);
  }
  return undefined;
}

describe('probes (R-OPS-PROBES)', () => {
  it('/readyz is 503 naming the consumers while they have a backlog, and /livez is 200', async () => {
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as ServiceHealth;
    expect(body).toMatchObject({
      ok: false,
      service: 'kit-probe',
      version: '9.9.9',
      checks: { db: 'ok', nats: 'ok', consumers: 'down' },
    });
    const live = await get('/livez');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({
      ok: true,
      service: 'kit-probe',
      version: '9.9.9',
      checks: { process: 'ok' },
    });
  });

  it('shows the backlog as pending events, then /readyz turns 200 once caught up', async () => {
    const before = await metricsText();
    // Fetched ahead into the consumer's buffer (ack pending) or still in the stream (pending).
    const waiting =
      value(before, 'nsa_consumer_pending', { durable: 'kit-probe' })! +
      value(before, 'nsa_consumer_ack_pending', { durable: 'kit-probe' })!;
    expect(waiting).toBeGreaterThan(BACKLOG / 2);
    expect(value(before, 'nsa_consumer_info_up', { durable: 'kit-probe' })).toBe(1);
    openGate();
    await until(async () => (await get('/readyz')).status === 200, 30_000);
    const body = (await (await get('/readyz')).json()) as ServiceHealth;
    expect(body.checks).toEqual({ accepting: 'ok', db: 'ok', nats: 'ok', consumers: 'ok' });
    // Handled, with the failed one retried and redelivered once.
    await until(async () => {
      const text = await metricsText();
      return value(text, 'nsa_consumer_events_total', { result: 'handled' }) === BACKLOG;
    }, 30_000);
    const after = await metricsText();
    expect(value(after, 'nsa_consumer_pending', { durable: 'kit-probe' })).toBe(0);
    expect(value(after, 'nsa_consumer_ack_pending', { durable: 'kit-probe' })).toBe(0);
    expect(value(after, 'nsa_consumer_events_total', { result: 'retried' })).toBeGreaterThan(0);
    expect(
      value(after, 'nsa_consumer_redeliveries_total', { durable: 'kit-probe' }),
    ).toBeGreaterThan(0);
  });
});

describe('/metrics (R-OPS-METRICS)', () => {
  it('counts requests by route pattern and status, never by the raw path', async () => {
    await get('/api/things/4711');
    await get('/api/things/4712');
    await get('/api/things/4713/broken');
    await get('/api/nothing-here/secret-token');
    const text = await metricsText();
    const common = { service: 'kit-probe', method: 'GET' };
    expect(
      value(text, 'nsa_http_requests_total', {
        ...common,
        route: '/api/things/:id',
        status: '200',
      }),
    ).toBe(2);
    // An error answered by the kit's error handler still carries the route's full pattern.
    expect(
      value(text, 'nsa_http_requests_total', {
        ...common,
        route: '/api/things/:id/broken',
        status: '409',
      }),
    ).toBe(1);
    expect(
      value(text, 'nsa_http_requests_total', { ...common, route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(
      value(text, 'nsa_http_request_duration_seconds_count', {
        ...common,
        route: '/api/things/:id',
        status: '200',
      }),
    ).toBe(2);
    expect(text).not.toContain('4711');
    expect(text).not.toContain('secret-token');
    // Node.js process numbers come with it.
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('shows the outbox backlog and its age, and counts what the relay published', async () => {
    const { outbox, sequelize } = running.ctx;
    const published = (t: string) => value(t, 'nsa_outbox_published_total') ?? 0;
    const start = published(await metricsText());
    // The relay is held while rows wait, as when NATS is away.
    await outbox.stop();
    await sequelize.transaction(async (tx) => {
      for (let i = 0; i < 3; i += 1) {
        await sequelize.query(
          `INSERT INTO outbox (id, subject, type, version, occurred_at, data)
           VALUES (:id, 'registrations.probe', 'registrations.probe', 1, now() - interval '5 seconds', '{}')`,
          { replacements: { id: randomUUID() }, transaction: tx },
        );
      }
    });
    const waiting = await metricsText();
    expect(value(waiting, 'nsa_outbox_backlog')).toBe(3);
    expect(value(waiting, 'nsa_outbox_oldest_unpublished_seconds')).toBeGreaterThanOrEqual(5);
    outbox.start();
    await until(async () => value(await metricsText(), 'nsa_outbox_backlog') === 0, 10_000);
    const done = await metricsText();
    expect(published(done) - start).toBe(3);
    expect(value(done, 'nsa_outbox_oldest_unpublished_seconds')).toBe(0);
  });

  it('reports a background job by result and items, through the metrics domain code gets', async () => {
    const { metrics } = running.ctx;
    metrics.jobRun('draw-publish', 'ok', 120);
    metrics.jobRun('draw-publish', 'failed');
    metrics.counter('nsa_test_things_total', 'Things', ['kind']).inc({ kind: 'a' });
    // Asking again answers the same counter.
    metrics.counter('nsa_test_things_total', 'Things', ['kind']).inc({ kind: 'a' });
    const text = await metricsText();
    expect(value(text, 'nsa_job_runs_total', { job: 'draw-publish', result: 'ok' })).toBe(1);
    expect(value(text, 'nsa_job_runs_total', { job: 'draw-publish', result: 'failed' })).toBe(1);
    expect(value(text, 'nsa_job_items_total', { job: 'draw-publish' })).toBe(120);
    expect(
      value(text, 'nsa_job_last_run_timestamp_seconds', { job: 'draw-publish', result: 'ok' }),
    ).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(value(text, 'nsa_test_things_total', { kind: 'a' })).toBe(2);
    expect(() => metrics.gauge('nsa_test_things_total', 'Things')).toThrow(/another type/);
  });

  it('keeps each service its own registry', async () => {
    const other = new Metrics('other', { defaultMetrics: false });
    other.counter('nsa_test_things_total', 'Things', ['kind']).inc({ kind: 'b' });
    expect(value(await other.text(), 'nsa_test_things_total', { kind: 'b' })).toBe(1);
    expect(value(await metricsText(), 'nsa_test_things_total', { kind: 'b' })).toBeUndefined();
  });
});

describe('metrics on a port of their own (R-OPS-METRICS, R-TRUST-PROXY)', () => {
  let own: RunningService | undefined;
  afterAll(async () => {
    await own?.stop();
  });

  it('serves /metrics only on METRICS_PORT, and nothing else there, when it is set', async () => {
    const url = await ensureServiceDatabase(infra.adminUrl, 'kit_metrics_port');
    const opened = await openService(
      {
        name: 'kit-metrics-port',
        version: '9.9.9',
        migrations: [],
        organisationSource: firstOrganisationOnly,
      },
      {
        env: {
          DATABASE_URL: url,
          DB_SCHEMA: 'kit_metrics_port',
          NATS_URL: infra.natsUrl,
          SESSION_SECRET: TEST_SESSION_SECRET,
          METRICS_PORT: '0',
          LOG_LEVEL: 'silent',
        },
      },
    );
    own = await opened.run({});
    expect(own.metricsPort).toBeGreaterThan(0);
    expect(own.metricsPort).not.toBe(own.port);
    // The API's port, where the gateway's X-Forwarded-For is trusted, has no metrics.
    expect((await fetch(`${own.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${own.url}/livez`)).status).toBe(200);
    const metrics = `http://127.0.0.1:${own.metricsPort}`;
    const res = await fetch(`${metrics}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^# HELP nsa_http_requests_total /m);
    for (const path of ['/livez', '/readyz', '/health', '/api/things/1']) {
      expect((await fetch(`${metrics}${path}`)).status, path).toBe(404);
    }
  });
});

describe('an outage of the database (R-OPS-PROBES)', () => {
  it('makes /readyz 503 naming db, while /livez stays 200 so the pod is not restarted', async () => {
    await infra.postgres.stop();
    await until(async () => (await get('/readyz')).status === 503, 10_000);
    const body = (await (await get('/readyz')).json()) as ServiceHealth;
    expect(body.checks.db).toBe('down');
    expect(body.checks.nats).toBe('ok');
    expect((await get('/livez')).status).toBe(200);
    // /metrics still answers (the backlog gauge has no number to give).
    expect((await get('/metrics')).status).toBe(200);
  }, 30_000);
});
