// The services' own numbers under the bench (R-OPS-METRICS): each service's /metrics on its
// internal port (GATEWAY_PORT + 10000 + offset, as the launcher gives them) is read before and
// after the benchmarks, and the counters an operator watches are reported as they moved.
import { serviceSpec } from '@nsa/contracts';
import type { ServiceName } from './stack.js';

/** Replica 1's port offset of a service (the table of services). */
const offset = (name: ServiceName): number => serviceSpec(name).portOffsets[0]!;

/** The series summed per metric name (all label sets together). */
export type MetricTotals = Record<string, number>;

/** Counters worth a row: requests served, events relayed and consumed, emails, jobs. */
export const WATCHED = [
  'nsa_http_requests_total',
  'nsa_outbox_published_total',
  'nsa_consumer_events_total',
  'nsa_notify_deliveries_failed',
  'nsa_job_runs_total',
] as const;

export function parseTotals(text: string): MetricTotals {
  const totals: MetricTotals = {};
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{[^}]*\})? (\S+)$/.exec(line);
    if (!m) continue;
    const value = Number(m[2]);
    if (Number.isFinite(value)) totals[m[1]!] = (totals[m[1]!] ?? 0) + value;
  }
  return totals;
}

/** Each service's totals now; a service that does not answer is left out. */
export async function readMetrics(
  gatewayPort: number,
  services: readonly ServiceName[],
): Promise<Partial<Record<ServiceName, MetricTotals>>> {
  const out: Partial<Record<ServiceName, MetricTotals>> = {};
  for (const name of services) {
    try {
      const res = await fetch(`http://127.0.0.1:${gatewayPort + 10_000 + offset(name)}/metrics`, {
        signal: AbortSignal.timeout(5000),
      });
      if (res.ok) out[name] = parseTotals(await res.text());
    } catch {
      // Not answering: no row for it.
    }
  }
  return out;
}
