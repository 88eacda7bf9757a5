// The bench's reading of a service's /metrics: every series of a name summed, comments and
// histogram buckets kept apart by name, lines that are not a sample ignored.
import { expect, test } from 'vitest';
import { parseTotals } from '../src/lib/metrics.js';

test('sums the series of each metric name', () => {
  const text = [
    '# HELP nsa_http_requests_total Requests by route and status',
    '# TYPE nsa_http_requests_total counter',
    'nsa_http_requests_total{service="catalog",method="GET",route="/api/blocks",status="200"} 12',
    'nsa_http_requests_total{service="catalog",method="POST",route="/api/schools",status="201"} 3',
    'nsa_outbox_backlog{service="catalog"} 0',
    'nsa_http_request_duration_seconds_bucket{le="0.1"} 7',
    'process_resident_memory_bytes 123456',
    'not a sample line',
    '',
  ].join('\n');
  expect(parseTotals(text)).toEqual({
    nsa_http_requests_total: 15,
    nsa_outbox_backlog: 0,
    nsa_http_request_duration_seconds_bucket: 7,
    process_resident_memory_bytes: 123456,
  });
});
