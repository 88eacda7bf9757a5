// Benchmark 1: a burst of public sign-ups through nginx with autocannon, every request a
// different child over 20 activities, against the product and against the minimal
// Express + pg baseline behind an identically configured nginx.
import autocannon from 'autocannon';
import { signUpBody } from '../lib/api.js';

export interface BurstResult {
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Status code → count, for the answers that were not 2xx. */
  statusCodes: Record<string, number>;
  /** Requests sent; those neither answered nor counted as errors were cut off at the end. */
  sent: number;
  /** Ids of the sign-ups answered 201. */
  createdIds: number[];
}

export async function burst(opts: {
  base: string;
  activities: Array<{ id: number; token: string }>;
  connections: number;
  durationS: number;
  /** Makes every child of this run different from every other run's. */
  tag: string;
}): Promise<BurstResult> {
  let n = 0;
  const createdIds: number[] = [];
  const { activities, tag } = opts;
  const result = await autocannon({
    url: opts.base,
    connections: opts.connections,
    duration: opts.durationS,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/registrations',
        setupRequest: (req) => {
          const i = n++;
          const a = activities[i % activities.length]!;
          return {
            ...req,
            headers: {
              ...req.headers,
              'content-type': 'application/json',
              'x-school-token': a.token,
            },
            body: JSON.stringify(signUpBody(i, a.id, tag)),
          };
        },
        onResponse: (status, body) => {
          if (status !== 201) return;
          const id = (JSON.parse(body) as { registration?: { id?: number } }).registration?.id;
          if (typeof id === 'number') createdIds.push(id);
        },
      },
    ],
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith('2')) statusCodes[code] = (count as { count: number }).count;
  }
  return {
    connections: opts.connections,
    durationS: opts.durationS,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    sent: n,
    createdIds,
  };
}
