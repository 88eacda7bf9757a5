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

/** One sign-up of a burst as the client saw it, for benchmarks that watch single requests. */
export interface SignUpRecord {
  activityId: number;
  /** performance.now() when autocannon built the request, just before writing it. */
  start: number;
  /** performance.now() when its answer was complete; undefined while unanswered. */
  answered?: number;
  status?: number;
  /** The error body's `code`, for answers other than 201. */
  code?: string;
}

export interface BurstOptions {
  base: string;
  activities: Array<{ id: number; token: string }>;
  connections: number;
  durationS: number;
  /** Makes every child of this run different from every other run's. */
  tag: string;
  /** When given, every request is pushed here as it starts and filled in when answered. */
  record?: SignUpRecord[];
}

export async function burst(opts: BurstOptions): Promise<BurstResult> {
  return startBurst(opts).done;
}

/**
 * The burst, with a handle to end it before `durationS` (a benchmark that runs beside it sets
 * a long duration and stops it when done).
 */
export function startBurst(opts: BurstOptions): { stop(): void; done: Promise<BurstResult> } {
  let n = 0;
  const createdIds: number[] = [];
  const { activities, tag, record } = opts;
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: opts.base,
        connections: opts.connections,
        duration: opts.durationS,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: '/api/registrations',
            // With one request per connection in flight (no pipelining), the context is this
            // request's from here until its answer.
            setupRequest: (req, context) => {
              const i = n++;
              const a = activities[i % activities.length]!;
              if (record) {
                const rec: SignUpRecord = { activityId: a.id, start: performance.now() };
                record.push(rec);
                (context as { rec?: SignUpRecord }).rec = rec;
              }
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
            onResponse: (status, body, context) => {
              const rec = (context as { rec?: SignUpRecord } | undefined)?.rec;
              if (rec) {
                rec.answered = performance.now();
                rec.status = status;
              }
              if (status !== 201) {
                if (rec) rec.code = errorCode(body);
                return;
              }
              const id = (JSON.parse(body) as { registration?: { id?: number } }).registration?.id;
              if (typeof id === 'number') createdIds.push(id);
            },
          },
        ],
      },
      (err, result) => (err ? reject(err as Error) : resolve(result)),
    );
  }).then((result): BurstResult => {
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
  });
  return { stop: () => instance?.stop(), done };
}

function errorCode(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}
