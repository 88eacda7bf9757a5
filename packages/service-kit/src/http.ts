import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from './logger.js';
import { createErrorHandler, notFoundHandler } from './errors.js';
import { csrfOriginCheck, type Sessions } from './session.js';
import { sessionActor } from './audit.js';
import { requestContext, withUser } from './context.js';
import { httpMetrics, type Metrics } from './metrics.js';
import { organisationContext, type OrganisationSource } from './organisation.js';

export const BODY_LIMIT = '64kb';
const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;
/** Asked every few seconds by probes and Prometheus: not worth a log line each. */
const PROBES = new Set(['/health', '/livez', '/readyz', '/metrics']);
/**
 * Belong to no organisation (R-ORG-HOST): the probes, and the product's health as the gateway
 * answers it on any host, which a suspended organisation's host must not hide.
 */
const NO_ORGANISATION = new Set([...PROBES, '/api/health']);
/** The platform administrators' calls, answered by svc-identity. */
export const PLATFORM_PATH = '/api/platform/';

/**
 * The Express app every service uses: request ids from the gateway, JSON
 * bodies up to 64 KiB, the service's routes, then 404 and the one error handler.
 * `beforeSession` mounts handlers that see a request with its body parsed but before its
 * session has been checked (they must decide nothing on it; e.g. announce a batch item).
 */
export function createHttpApp(
  logger: Logger,
  opts: {
    publicBaseUrl: string;
    sessions: Sessions;
    /** Each request runs as its host's organisation's work (R-ORG-HOST); probes as none. */
    organisations?: OrganisationSource;
    metrics?: Metrics;
    trustProxy?: string;
    beforeSession?: (app: Express) => void;
    /** True once the service is stopping: every answer then closes its connection. */
    stopping?: () => boolean;
  },
  mount: (app: Express) => void,
): Express {
  const app = express();
  app.disable('x-powered-by');
  // A stopping process ends each kept-alive connection after its answer, so the gateway opens
  // its next one to a process that stays (graceful stop, R-OPS-ROLLING).
  const stopping = opts.stopping;
  if (stopping) {
    app.use((_req, res, next) => {
      if (stopping()) res.setHeader('Connection', 'close');
      next();
    });
  }
  app.set('etag', false);
  // The gateway is the only proxy (R-TRUST-PROXY); req.ip is then the address nginx saw.
  app.set(
    'trust proxy',
    (opts.trustProxy ?? 'loopback').split(',').map((entry) => entry.trim()),
  );
  if (opts.metrics) app.use(httpMetrics(opts.metrics));
  app.use(requestLogging(logger));
  if (opts.organisations) {
    app.use(
      organisationContext(opts.organisations, {
        // R-PLATFORM-ACCOUNTS: the platform's calls are no organisation's work.
        skip: (path) => NO_ORGANISATION.has(path) || path.startsWith(PLATFORM_PATH),
      }),
    );
  }
  app.use(csrfOriginCheck(opts.publicBaseUrl));
  app.use(express.json({ limit: BODY_LIMIT }));
  opts.beforeSession?.(app);
  app.use(opts.sessions.middleware());
  app.use(requestActor);
  mount(app);
  app.use(notFoundHandler);
  app.use(createErrorHandler(logger));
  return app;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The gateway's X-Request-Id, or a new one. */
    id?: string;
  }
}

/**
 * Gives each request its id (the gateway's X-Request-Id, or a new one), answers it in
 * X-Request-Id, runs the rest of the request in its context (`currentRequestId()`), and logs
 * the outcome: 5xx as error, 4xx as info, the rest at debug. The line is only built when its
 * level is on, so a busy evening of sign-ups costs no logging. Query strings can hold tokens,
 * and bodies personal data: neither is logged.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (PROBES.has(req.url)) return requestContext.run({ requestId: id }, next);
    const start = performance.now();
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id, method: req.method, path: req.originalUrl.split('?')[0] },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - start),
        },
        'request completed',
      );
    });
    requestContext.run({ requestId: id }, next);
  };
}

/**
 * Runs the rest of a logged-in user's request with that user as its actor (`currentActor()`)
 * and its user (`currentUser()`), once the session is known.
 */
const requestActor: RequestHandler = (req, _res, next) => {
  if (req.sessionUser) withUser(req.sessionUser, sessionActor(req.sessionUser), next);
  else next();
};
