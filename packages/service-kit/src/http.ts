import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from './logger.js';
import { createErrorHandler, notFoundHandler } from './errors.js';
import { csrfOriginCheck, type Sessions } from './session.js';

export const BODY_LIMIT = '64kb';
const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The Express app every service uses: request ids from the gateway, JSON
 * bodies up to 64 KiB, the service's routes, then 404 and the one error handler.
 */
export function createHttpApp(
  logger: Logger,
  opts: { publicBaseUrl: string; sessions: Sessions },
  mount: (app: Express) => void,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // nginx on loopback is the only proxy; req.ip is then the address nginx saw.
  app.set('trust proxy', 'loopback');
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Query strings can hold tokens, and bodies personal data: log neither.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          path: req.url.split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug',
      autoLogging: { ignore: (req) => req.url === '/health' },
    }),
  );
  app.use(csrfOriginCheck(opts.publicBaseUrl));
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(opts.sessions.middleware());
  mount(app);
  app.use(notFoundHandler);
  app.use(createErrorHandler(logger));
  return app;
}

/** The request id pino-http assigned (from the gateway's X-Request-Id). */
export function requestId(req: object): string | undefined {
  const id = (req as { id?: unknown }).id;
  return id === undefined ? undefined : String(id);
}
