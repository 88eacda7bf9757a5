// deploy/grafana: the dashboard an operator imports (R-OPS-METRICS) parses, lays out its panels
// without overlap, and asks only for series the product exports: every nsa_* name is one the
// services register, every nginx_* one the gateway's exporter answers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registeredMetricNames } from './metric-names.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dashboard = JSON.parse(
  fs.readFileSync(path.join(repo, 'deploy', 'grafana', 'naschool-services.json'), 'utf8'),
) as {
  uid: string;
  panels: Array<{
    title: string;
    gridPos: { x: number; y: number; w: number; h: number };
    targets: Array<{ expr: string }>;
  }>;
};

// What nginx-prometheus-exporter derives from stub_status.
const NGINX = [
  'nginx_up',
  'nginx_connections_active',
  'nginx_connections_accepted',
  'nginx_connections_handled',
  'nginx_connections_reading',
  'nginx_connections_writing',
  'nginx_connections_waiting',
  'nginx_http_requests_total',
];

describe('Grafana dashboard', () => {
  it('has panels that do not overlap, each with a query', () => {
    expect(dashboard.uid).toBe('naschool-services');
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(8);
    const cells = new Set<string>();
    for (const p of dashboard.panels) {
      expect(p.targets.length, p.title).toBeGreaterThan(0);
      expect(p.gridPos.x + p.gridPos.w, p.title).toBeLessThanOrEqual(24);
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x += 1)
        for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y += 1) {
          expect(cells.has(`${x},${y}`), `${p.title} overlaps at ${x},${y}`).toBe(false);
          cells.add(`${x},${y}`);
        }
    }
  });

  it('asks only for series the services and the gateway export', () => {
    const known = registeredMetricNames(repo);
    expect(known).toContain('nsa_http_requests_total');
    const used = dashboard.panels.flatMap((p) =>
      p.targets.flatMap((t) =>
        [...t.expr.matchAll(/\b((?:nsa|nginx)_[a-z_]+)\b/g)].map((m) => m[1]!),
      ),
    );
    expect(used.length).toBeGreaterThan(10);
    for (const name of used) {
      if (name.startsWith('nginx_')) expect(NGINX, name).toContain(name);
      else expect(known, name).toContain(name.replace(/_(bucket|count|sum)$/, ''));
    }
    // The things an operator must see: latency, outbox, consumer lag, failed emails, jobs.
    for (const must of [
      'nsa_http_request_duration_seconds_bucket',
      'nsa_outbox_backlog',
      'nsa_consumer_pending',
      'nsa_consumer_redeliveries_total',
      'nsa_notify_deliveries_failed',
      'nsa_job_runs_total',
      'nginx_connections_active',
    ])
      expect(used).toContain(must);
  });
});
