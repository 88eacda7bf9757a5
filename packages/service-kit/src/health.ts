import type { Request, Response, Router } from 'express';
import {
  PRODUCT_SERVICE_NAME,
  SERVICE_NAMES,
  type CheckState,
  type ProductHealth,
  type ServiceHealth,
  type ServiceName,
} from '@nsa/contracts';

export type HealthCheck = () => Promise<boolean>;

export async function runCheck(check: HealthCheck, timeoutMs: number): Promise<CheckState> {
  try {
    const ok = await Promise.race([
      check(),
      new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs).unref()),
    ]);
    return ok ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

/**
 * `GET /health`: liveness and readiness of this service (its database and
 * NATS). `GET /api/health`: the product's health, which any live service can
 * answer by asking every peer, so it still answers while one service is down.
 */
export function mountHealth(
  router: Router,
  opts: {
    service: string;
    version: string;
    checks: Record<string, HealthCheck>;
    /** Each service's processes; a service is up while any of them answers 200. */
    peers: Record<string, string[]>;
    details?: () => Promise<Record<string, unknown>>;
  },
): void {
  router.get('/health', async (_req: Request, res: Response) => {
    const entries = await Promise.all(
      Object.entries(opts.checks).map(
        async ([name, check]) => [name, await runCheck(check, 1500)] as const,
      ),
    );
    const checks = Object.fromEntries(entries);
    const ok = entries.every(([, state]) => state === 'ok');
    const details = opts.details ? await opts.details().catch(() => undefined) : undefined;
    const body: ServiceHealth = {
      ok,
      service: opts.service,
      version: opts.version,
      checks,
      ...(details ? { details } : {}),
    };
    res.status(ok ? 200 : 503).json(body);
  });

  router.get('/api/health', async (_req: Request, res: Response) => {
    const states = await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        const urls = opts.peers[name] ?? [];
        if (urls.length === 0) return [name, 'down'] as const;
        const state = await runCheck(async () => {
          const answers = await Promise.all(
            urls.map((url) =>
              fetch(`${url}/health`, { signal: AbortSignal.timeout(1500) }).then(
                (r) => r.ok,
                () => false,
              ),
            ),
          );
          return answers.includes(true);
        }, 2000);
        return [name, state] as const;
      }),
    );
    const services = Object.fromEntries(states) as Record<ServiceName, CheckState>;
    const ok = states.every(([, s]) => s === 'ok');
    const body: ProductHealth = {
      ok,
      service: PRODUCT_SERVICE_NAME,
      version: opts.version,
      services,
    };
    res.setHeader('Cache-Control', 'no-store');
    res.status(ok ? 200 : 503).json(body);
  });
}

/**
 * The kubelet's probes (R-OPS-PROBES). `GET /livez`: the process answers, nothing else is
 * asked, so an outage of the database or NATS never restarts a pod. `GET /readyz`: the
 * database and NATS answer and the consumers have caught up with their streams since start
 * (`checks`), so a pod gets traffic only once it can serve it; 503 names what is not ready.
 */
export function mountProbes(
  router: Router,
  opts: { service: string; version: string; checks: Record<string, HealthCheck> },
): void {
  router.get('/livez', (_req: Request, res: Response) => {
    const body: ServiceHealth = {
      ok: true,
      service: opts.service,
      version: opts.version,
      checks: { process: 'ok' },
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  router.get('/readyz', async (_req: Request, res: Response) => {
    const entries = await Promise.all(
      Object.entries(opts.checks).map(
        async ([name, check]) => [name, await runCheck(check, 1500)] as const,
      ),
    );
    const ok = entries.every(([, state]) => state === 'ok');
    const body: ServiceHealth = {
      ok,
      service: opts.service,
      version: opts.version,
      checks: Object.fromEntries(entries),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.status(ok ? 200 : 503).json(body);
  });
}
