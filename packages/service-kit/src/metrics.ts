import type { Request, RequestHandler, Response, Router } from 'express';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/** Label values are strings; a label list names them. */
type Labels<L extends string> = Partial<Record<L, string | number>>;

/**
 * One service's metrics in Prometheus' text format (R-OPS-METRICS): each service has its own
 * registry, so several services in one test process never mix their numbers. Domain code gets
 * it from the composition root and records what an operator should see move:
 *
 *   const published = metrics.counter('nsa_draw_published_total', 'Draws published', ['block']);
 *   published.inc();
 *   metrics.jobRun('retention', 'ok', anonymised);   // a background job's outcome
 *
 * Asking twice for the same name answers the same metric, so a domain module may ask for its
 * counters where it needs them.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly jobRuns: Counter<'job' | 'result'>;
  private readonly jobItems: Counter<'job'>;
  private readonly jobLast: Gauge<'job' | 'result'>;

  constructor(service: string, opts: { defaultMetrics?: boolean } = {}) {
    this.registry.setDefaultLabels({ service });
    // Process and Node.js numbers (CPU, memory, event loop lag, handles, GC).
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.jobRuns = this.counter('nsa_job_runs_total', 'Runs of a background job by result', [
      'job',
      'result',
    ]);
    this.jobItems = this.counter(
      'nsa_job_items_total',
      'Items a background job handled (sign-ups drawn, records anonymised, ...)',
      ['job'],
    );
    this.jobLast = this.gauge(
      'nsa_job_last_run_timestamp_seconds',
      'When a background job last ended, by result (Unix time)',
      ['job', 'result'],
    );
  }

  counter<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
  ): Counter<L> {
    return (
      this.existing<Counter<L>>(name, Counter) ??
      new Counter<L>(this.config(name, help, labelNames))
    );
  }

  /** `collect` runs at each scrape, to set the gauge from where the truth is (a table, a stream). */
  gauge<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (gauge: Gauge<L>) => Promise<void> | void,
  ): Gauge<L> {
    const found = this.existing<Gauge<L>>(name, Gauge);
    if (found) return found;
    return new Gauge<L>({
      ...(this.config(name, help, labelNames) as GaugeConfiguration<L>),
      ...(collect
        ? {
            async collect(this: Gauge<L>) {
              await collect(this);
            },
          }
        : {}),
    });
  }

  histogram<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    buckets?: number[],
  ): Histogram<L> {
    return (
      this.existing<Histogram<L>>(name, Histogram) ??
      new Histogram<L>({
        ...(this.config(name, help, labelNames) as HistogramConfiguration<L>),
        ...(buckets ? { buckets } : {}),
      })
    );
  }

  /**
   * Records one run of a background job (the draw, the retention sweep, a resend...):
   * `nsa_job_runs_total{job,result}`, the items it handled, and when it last ended.
   */
  jobRun(job: string, result: 'ok' | 'failed', items = 0): void {
    this.jobRuns.inc({ job, result });
    if (items > 0) this.jobItems.inc({ job }, items);
    this.jobLast.set({ job, result }, Date.now() / 1000);
  }

  /** The exposition text, as `GET /metrics` answers it. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private config<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
  ): CounterConfiguration<L> {
    return { name, help, labelNames, registers: [this.registry] };
  }

  private existing<M>(
    name: string,
    kind: abstract new (...args: never[]) => unknown,
  ): M | undefined {
    const found = this.registry.getSingleMetric(name);
    if (!found) return undefined;
    if (!(found instanceof kind)) throw new Error(`metric ${name} exists with another type`);
    return found as M;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The route pattern that answered (mount path + route path), for metrics. */
    routePattern?: string;
  }
}

/**
 * Counts every request and times it by method, route pattern and status:
 * `nsa_http_requests_total` and `nsa_http_request_duration_seconds`. The route is Express's
 * pattern (`/api/schools/:token`), never the raw path, so tokens and ids neither reach the
 * metrics nor make a series each; a request no route took is `unmatched`.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  const labels = ['method', 'route', 'status'] as const;
  const requests = metrics.counter('nsa_http_requests_total', 'HTTP requests answered', labels);
  const duration = metrics.histogram(
    'nsa_http_request_duration_seconds',
    'Time to answer an HTTP request',
    labels,
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    notePatternOnRoute(Object.getPrototypeOf(req) as object);
    res.once('finish', () => {
      const values: Labels<(typeof labels)[number]> = {
        method: req.method,
        route: req.routePattern ?? 'unmatched',
        status: res.statusCode,
      };
      requests.inc(values);
      duration.observe(values, Number(process.hrtime.bigint() - start) / 1e9);
    });
    next();
  };
}

const ROUTE = Symbol('route');
const withRoutePattern = new WeakSet<object>();

/**
 * Express sets `req.route` when a route takes the request, with `req.baseUrl` then the router's
 * mount path; an error handled further out has the mount path reset, so the pattern is taken at
 * that moment. The accessor is defined once on the app's request prototype (what Express makes
 * every request inherit from), not on each request: an accessor defined on an object turns it
 * into a slow dictionary object for every later property access in Express.
 */
function notePatternOnRoute(proto: object): void {
  if (withRoutePattern.has(proto)) return;
  withRoutePattern.add(proto);
  type Req = Request & { [ROUTE]?: { path?: unknown } };
  Object.defineProperty(proto, 'route', {
    configurable: true,
    enumerable: true,
    get(this: Req) {
      return this[ROUTE];
    },
    set(this: Req, value: { path?: unknown } | undefined) {
      this[ROUTE] = value;
      if (value && typeof value.path === 'string') this.routePattern = this.baseUrl + value.path;
    },
  });
}

/** `GET /metrics`: the service's metrics for Prometheus; the gateway never routes it. */
export function mountMetrics(router: Router, metrics: Metrics): void {
  router.get('/metrics', async (_req: Request, res: Response) => {
    const text = await metrics.text();
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.contentType).send(text);
  });
}
