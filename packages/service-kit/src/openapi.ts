// The API's description (R-API-DOC): each service lists its /api routes once, next to the
// routes themselves (src/entry-points/http/api-doc.ts), with their zod schemas; this module
// turns the lists of all services into one OpenAPI 3.1 document, and finds the routes an
// Express app really answers so that a test can compare the two.
import type { Express } from 'express';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject } from 'zod-openapi';
import { MANAGE_TOKEN_HEADER, errorBodySchema, productHealthResponse } from '@nsa/contracts';
import { PLATFORM_SESSION_COOKIE, SESSION_COOKIE } from './session.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/**
 * Who may call a route: anyone; an admin session; a parent's page with its school's link
 * (X-School-Token); the parent's own link (X-Manage-Token); a provider's link (?token=); a
 * platform administrator's session (its own cookie).
 */
export type ApiAccess =
  'public' | 'session' | 'admin' | 'school-link' | 'manage-link' | 'provider-link' | 'platform';

export interface ApiAnswer {
  description: string;
  /** The JSON body; absent with `contentType` for a file. */
  schema?: z.ZodType;
  /** Other than application/json: a PNG, a calendar file. */
  contentType?: string;
}

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI style: `/api/schools/{id}`. */
  path: string;
  summary: string;
  /** What the call does and answers, for an integrator: never empty. */
  description: string;
  access: ApiAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The body may be left out (its fields have defaults). */
  optionalBody?: boolean;
  /** The success answers by status. */
  responses: Record<number, ApiAnswer>;
  /** Error statuses besides those of `access` and of a body (400), each with the error body. */
  errors?: number[];
}

/** One service's part of the API. */
export interface ServiceApi {
  service: string;
  /** A tag per service in the document, with this text. */
  description: string;
  routes: ApiRoute[];
  /** x-service of its operations; default `svc-<service>`. */
  answeredBy?: string;
}

export function serviceApi(service: string, description: string, routes: ApiRoute[]): ServiceApi {
  return { service, description, routes };
}

/** The body of every error answer (R-API-ERROR-BODY): its schema is the contracts'. */
export { errorBodySchema };

/** Routes service-kit mounts in every service (health.ts). */
export const EVERY_SERVICE = 'every service';
export const healthApi: ServiceApi = {
  service: 'health',
  description: 'The product’s health; every service answers it.',
  answeredBy: EVERY_SERVICE,
  routes: [
    {
      method: 'get',
      path: '/api/health',
      summary: 'Health of the product',
      description:
        'ok, version and service (naschool-api), and per service ok or down. Any live ' +
        'service answers by asking the others; 503 while one of them is down.',
      access: 'public',
      responses: {
        200: { description: 'Every service is up.', schema: productHealthResponse },
        503: { description: 'A service is down.', schema: productHealthResponse },
      },
    },
  ],
};

/** A path id: a positive database integer. */
export const idPathParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The id.' }),
});

const ERROR_TEXT: Record<number, string> = {
  400: 'The input is not valid (VALIDATION_FAILED with `fields`, or BAD_REQUEST).',
  401: 'No session, or it has ended (UNAUTHENTICATED).',
  403: 'Not allowed: another role, a wrong or revoked link, CSRF_REJECTED, or ORGANISATION_SUSPENDED on a suspended organisation’s hosts.',
  404: 'Not found (NOT_FOUND).',
  409: 'Refused in the current state (CONFLICT or a more specific code).',
  413: 'The body is larger than 64 KiB (PAYLOAD_TOO_LARGE).',
  429: 'Too many requests (RATE_LIMITED), with Retry-After.',
  503: 'A service this call needs cannot be reached (SERVICE_UNAVAILABLE), with Retry-After.',
};

const SECURITY: Record<ApiAccess, Array<Record<string, string[]>>> = {
  public: [],
  session: [{ session: [] }],
  admin: [{ session: [] }],
  'school-link': [{ schoolLink: [] }, { session: [] }],
  'manage-link': [{ manageLink: [] }],
  'provider-link': [{ providerLink: [] }],
  platform: [{ platformSession: [] }],
};

function errorStatuses(route: ApiRoute): number[] {
  const out = new Set(route.errors ?? []);
  if (route.access === 'admin' || route.access === 'session' || route.access === 'platform')
    out.add(401);
  // A suspended organisation's hosts answer 403 ORGANISATION_SUSPENDED to every call but the
  // platform's; the others are refused by their access too.
  if (route.access !== 'platform') out.add(403);
  if (route.body || route.query) out.add(400);
  if (route.body) out.add(413);
  if (route.method !== 'get') out.add(403); // CSRF_REJECTED for a cross-site change
  out.add(503);
  return [...out].sort((a, b) => a - b);
}

function operation(api: ServiceApi, route: ApiRoute): ZodOpenApiOperationObject {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    responses[status] = {
      description: answer.description,
      ...(answer.schema
        ? { content: { [answer.contentType ?? 'application/json']: { schema: answer.schema } } }
        : answer.contentType
          ? { content: { [answer.contentType]: { schema: z.string().meta({ format: 'binary' }) } } }
          : {}),
    };
  }
  for (const status of errorStatuses(route)) {
    responses[String(status)] ??= { $ref: `#/components/responses/Error${status}` };
  }
  const requestParams: ZodOpenApiOperationObject['requestParams'] = {};
  if (route.params) requestParams.path = route.params;
  if (route.query) requestParams.query = route.query;
  if (route.headers) requestParams.header = route.headers;
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: route.description,
    tags: [api.service],
    security: SECURITY[route.access],
    'x-service': api.answeredBy ?? `svc-${api.service}`,
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: !route.optionalBody,
            content: { 'application/json': { schema: route.body } },
          },
        }
      : {}),
    responses,
  } as ZodOpenApiOperationObject;
}

/** e.g. `post /api/admin/registrations/{id}/approve` → `postAdminRegistrationsIdApprove`. */
export function operationId(route: Pick<ApiRoute, 'method' | 'path'>): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return route.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

export interface DocumentInfo {
  version: string;
}

/** One OpenAPI 3.1 document of the whole /api from every service's list. */
export function openApiDocument(apis: ServiceApi[], info: DocumentInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const api of apis) {
    for (const route of api.routes) {
      if (!route.description.trim()) {
        throw new Error(`${route.method.toUpperCase()} ${route.path} has no description`);
      }
      const item = (paths[route.path] ??= {});
      if (item[route.method]) {
        throw new Error(`${route.method.toUpperCase()} ${route.path} is listed twice`);
      }
      item[route.method] = operation(api, route);
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Naschoolse activiteiten API',
      version: info.version,
      description:
        'The HTTP API of the sign-up product for after-school activities, as the gateway serves ' +
        'it under /api. Errors answer the same JSON body (ErrorBody) with a stable code; ' +
        'messages follow Accept-Language (nl, the default, en, tr, ar, pl or uk). Admin calls need the ' +
        `session cookie ${SESSION_COOKIE} from POST /api/auth/login; changes made with it must ` +
        'come from the product’s own origin (CSRF).',
    },
    servers: [{ url: '/' }],
    tags: apis.map((a) => ({ name: a.service, description: a.description })),
    components: {
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: errorBodySchema } } },
        ]),
      ),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        schoolLink: { type: 'apiKey', in: 'header', name: 'X-School-Token' },
        manageLink: { type: 'apiKey', in: 'header', name: MANAGE_TOKEN_HEADER },
        providerLink: { type: 'apiKey', in: 'query', name: 'token' },
        platformSession: { type: 'apiKey', in: 'cookie', name: PLATFORM_SESSION_COOKIE },
      },
    },
    paths: sorted,
  }) as unknown as Record<string, unknown>;
}

/** A route an Express app answers: `GET /api/schools/{id}`. */
export interface RegisteredRoute {
  method: HttpMethod;
  path: string;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const joinPath = (prefix: string, path: string) =>
  (prefix.replace(/\/$/, '') + (path === '/' ? '' : path)).replace(/\/$/, '') || '/';

/** Every route an Express app answers, with its full path in OpenAPI style. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string') {
        const path = joinPath(prefix, layer.route.path).replace(/:(\w+)/g, '{$1}');
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push({ method: method as HttpMethod, path });
        }
      } else if (layer.handle?.stack && typeof layer.rawPath === 'string') {
        walk(layer.handle.stack, joinPath(prefix, layer.rawPath));
      }
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(router.stack, '');
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false; // e.g. a rate limiter registered on the same path first
    seen.add(key);
    return true;
  });
}

/** The operations of a document, `GET /api/x` style keys, with their x-service. */
export function documentedRoutes(
  doc: Record<string, unknown>,
): Array<RegisteredRoute & { service: string; description: string }> {
  const out: Array<RegisteredRoute & { service: string; description: string }> = [];
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      out.push({
        method: method as HttpMethod,
        path,
        service: String(op['x-service'] ?? ''),
        description: String(op.description ?? ''),
      });
    }
  }
  return out;
}
