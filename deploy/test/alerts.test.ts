// deploy/monitoring/alerts.yaml: the alerting rules parse, each alert has what an operator
// needs (a duration, a severity, a summary, a description and a runbook section that exists in
// docs/operations.md), and asks only for series that exist: every nsa_* name one the services
// register, every nginx_* one the gateway's exporter answers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { registeredMetricNames } from './metric-names.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rules = parse(
  fs.readFileSync(path.join(repo, 'deploy', 'monitoring', 'alerts.yaml'), 'utf8'),
) as {
  groups: Array<{
    name: string;
    rules: Array<{
      alert: string;
      expr: string;
      for?: string;
      labels?: Record<string, string>;
      annotations?: Record<string, string>;
    }>;
  }>;
};
const alerts = rules.groups.flatMap((g) => g.rules);

describe('alerting rules', () => {
  it('cover the outbox, consumers, failed emails, 5xx answers and readiness', () => {
    const exprs = alerts.map((a) => a.expr).join('\n');
    for (const series of [
      'nsa_outbox_oldest_unpublished_seconds',
      'nsa_consumer_pending',
      'nsa_notify_deliveries_failed',
      'nsa_http_requests_total{status=~"5.."}',
      'kube_deployment_status_replicas_available',
    ]) {
      expect(exprs).toContain(series);
    }
  });

  it('give every alert a duration, a severity, a summary, a description and a runbook section', () => {
    const operations = fs.readFileSync(path.join(repo, 'docs', 'operations.md'), 'utf8');
    const headings = new Set(
      [...operations.matchAll(/^#+\s+(.+)$/gm)].map((m) =>
        m[1]!
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    for (const a of alerts) {
      expect(a.for, a.alert).toMatch(/^\d+[smh]$/);
      expect(['page', 'ticket'], a.alert).toContain(a.labels?.severity);
      expect(a.annotations?.summary, a.alert).toBeTruthy();
      expect(a.annotations?.description, a.alert).toBeTruthy();
      const anchor = a.annotations?.runbook?.split('#')[1];
      expect(anchor, a.alert).toBe(a.alert.toLowerCase());
      expect(headings.has(anchor!), `docs/operations.md has a section ${a.alert}`).toBe(true);
    }
  });

  it('ask only for series the services, the gateway and the cluster export', () => {
    const known = registeredMetricNames(repo);
    const nginx = ['nginx_up', 'nginx_http_requests_total', 'nginx_connections_active'];
    for (const a of alerts) {
      for (const m of a.expr.matchAll(/\b((?:nsa|nginx|kube)_[a-z_]+)\b/g)) {
        const name = m[1]!;
        if (name.startsWith('kube_')) continue;
        const base = name.replace(/_(bucket|sum|count)$/, '');
        expect(known.has(base) || nginx.includes(name), `${a.alert}: ${name}`).toBe(true);
      }
    }
  });
});
