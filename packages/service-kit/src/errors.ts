import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import {
  ERROR_MESSAGES,
  MALFORMED_JSON,
  langFromAcceptLanguage,
  type ErrorBody,
  type ErrorCode,
  type Lang,
  type Localized,
} from '@nsa/contracts';
import type { Logger } from './logger.js';

export type Text = Localized | string;

/** The one error type of every service; the handler turns it into the body of R-API-ERROR-BODY. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly text?: Text,
    readonly fields?: Record<string, Text>,
    readonly headers?: Record<string, string>,
  ) {
    super(typeof text === 'string' ? text : (text?.en ?? code));
    this.name = 'AppError';
  }

  static notFound(text?: Text): AppError {
    return new AppError('NOT_FOUND', 404, text);
  }
  static conflict(text?: Text, code: ErrorCode = 'CONFLICT'): AppError {
    return new AppError(code, 409, text);
  }
  static forbidden(text?: Text, code: ErrorCode = 'FORBIDDEN'): AppError {
    return new AppError(code, 403, text);
  }
  static unauthenticated(text?: Text): AppError {
    return new AppError('UNAUTHENTICATED', 401, text);
  }
  static badRequest(text?: Text): AppError {
    return new AppError('BAD_REQUEST', 400, text);
  }
  static validation(fields: Record<string, Text>, text?: Text): AppError {
    return new AppError('VALIDATION_FAILED', 400, text, fields);
  }
}

export function localize(text: Text, lang: Lang): string {
  return typeof text === 'string' ? text : text[lang];
}

export function requestLang(req: Request): Lang {
  return langFromAcceptLanguage(req.headers['accept-language']);
}

export function errorBody(err: AppError, lang: Lang): ErrorBody {
  const body: ErrorBody = {
    message: localize(err.text ?? ERROR_MESSAGES[err.code], lang),
    code: err.code,
  };
  if (err.fields) {
    body.fields = Object.fromEntries(
      Object.entries(err.fields).map(([k, v]) => [k, localize(v, lang)]),
    );
  }
  return body;
}

/** body-parser and other http-errors carry a client status; map them to our codes. */
function fromClientError(err: unknown): AppError | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { status?: number; statusCode?: number; type?: string };
  const status = e.status ?? e.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (e.type === 'entity.parse.failed') return new AppError('BAD_REQUEST', 400, MALFORMED_JSON);
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 413);
  if (status === 404) return new AppError('NOT_FOUND', 404);
  return new AppError('BAD_REQUEST', 400);
}

const UNAVAILABLE_NAMES =
  /^Sequelize(Connection|ConnectionRefused|ConnectionTimedOut|ConnectionAcquireTimeout|HostNotFound|HostNotReachable|InvalidConnection)Error$/;
// admin_shutdown, crash_shutdown, cannot_connect_now; connection exceptions; too many connections
const UNAVAILABLE_SQLSTATES = /^(57P0[123]|08\d{3}|53300)$/;
const UNAVAILABLE_MESSAGES = /Connection terminated|not queryable|ECONNREFUSED|ECONNRESET/;

/**
 * The database is unreachable or restarting: a temporary outage, not a fault of the request,
 * so it answers 503 with Retry-After (as the gateway does for a service that is down).
 */
function fromUnavailable(err: unknown): AppError | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { name?: string; parent?: { code?: unknown; message?: unknown } };
  const code = typeof e.parent?.code === 'string' ? e.parent.code : '';
  const message = typeof e.parent?.message === 'string' ? e.parent.message : '';
  const fromDatabase =
    UNAVAILABLE_NAMES.test(e.name ?? '') ||
    (e.name?.startsWith('Sequelize') === true &&
      (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_MESSAGES.test(message)));
  if (!fromDatabase) return undefined;
  return new AppError('SERVICE_UNAVAILABLE', 503, undefined, undefined, { 'Retry-After': '5' });
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(AppError.notFound());
};

/** Answers every error as R-API-ERROR-BODY says; unknown errors are logged with the request id. */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const appError =
      err instanceof AppError
        ? err
        : (fromClientError(err) ?? fromUnavailable(err) ?? new AppError('INTERNAL', 500));
    if (appError.code === 'INTERNAL') {
      logger.error({ err, reqId: req.id }, 'unhandled error');
    } else if (appError.code === 'SERVICE_UNAVAILABLE') {
      logger.warn({ err: (err as Error).message, reqId: req.id }, 'database unavailable');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [k, v] of Object.entries(appError.headers ?? {})) res.setHeader(k, v);
    const body = errorBody(appError, requestLang(req));
    res.status(appError.status).json(decorateBody(req, body));
  };
}

type BodyDecorator = (req: Request, body: ErrorBody) => object;

/**
 * Some routes add fields to the error body (POST /api/registrations carries
 * `success` and `error`); they register a decorator on their app instead of
 * writing a second error handler.
 */
export function addErrorBodyDecorator(
  app: { locals: Record<string, unknown> },
  decorator: BodyDecorator,
): void {
  const list = (app.locals.errorBodyDecorators ??= []) as BodyDecorator[];
  list.push(decorator);
}

function decorateBody(req: Request, body: ErrorBody): object {
  const list = (req.app.locals.errorBodyDecorators ?? []) as BodyDecorator[];
  return list.reduce<object>((b, d) => ({ ...b, ...d(req, body) }), body);
}
