// R-API-DOC: the pieces behind the API's description: the routes an Express app really
// registers (nested routers included), the document built from route lists (which refuses a
// route without a description), and the check of an answer against the repository's document.
import express, { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  documentedRoutes,
  healthApi,
  idPathParams,
  openApiDocument,
  operationId,
  registeredRoutes,
  serviceApi,
  type ApiRoute,
} from '../src/openapi.js';
import { apiAnswerProblem } from '../src/testing/api-doc.js';

const route = (over: Partial<ApiRoute> = {}): ApiRoute => ({
  method: 'get',
  path: '/api/things/{id}',
  summary: 'A thing',
  description: 'Answers one thing.',
  access: 'admin',
  params: idPathParams,
  responses: { 200: { description: 'The thing.', schema: z.object({ id: z.number() }) } },
  ...over,
});

describe('registeredRoutes', () => {
  it('finds routes on the app and in mounted routers, with path parameters in braces', () => {
    const app = express();
    app.get('/health', (_req, res) => void res.end());
    const things = Router();
    things.use((_req, _res, next) => next());
    things.get('/', (_req, res) => void res.end());
    things.put('/:id', (_req, res) => void res.end());
    things.post('/:id/approve', (_req, res) => void res.end());
    app.use('/api/things', things);
    app.post('/api/signup', (_req, _res, next) => next()); // a limiter before the handler
    app.post('/api/signup', (_req, res) => void res.end());
    expect(registeredRoutes(app)).toEqual([
      { method: 'get', path: '/health' },
      { method: 'get', path: '/api/things' },
      { method: 'put', path: '/api/things/{id}' },
      { method: 'post', path: '/api/things/{id}/approve' },
      { method: 'post', path: '/api/signup' },
    ]);
  });
});

describe('openApiDocument', () => {
  it('builds one OpenAPI 3.1 document with the error answers of each route', () => {
    const doc = openApiDocument([healthApi, serviceApi('things', 'Things.', [route()])], {
      version: '1.2.3',
    });
    expect(doc.openapi).toBe('3.1.0');
    const op = (doc.paths as Record<string, Record<string, Record<string, unknown>>>)[
      '/api/things/{id}'
    ]!.get!;
    expect(op.operationId).toBe('getThingsId');
    expect(op['x-service']).toBe('svc-things');
    expect(Object.keys(op.responses as object)).toEqual(['200', '401', '403', '503']);
    expect(documentedRoutes(doc).map((r) => `${r.method} ${r.path} ${r.service}`)).toEqual([
      'get /api/health every service',
      'get /api/things/{id} svc-things',
    ]);
  });

  it('refuses a route without a description, and a route listed twice', () => {
    expect(() =>
      openApiDocument([serviceApi('things', 'Things.', [route({ description: ' ' })])], {
        version: '1',
      }),
    ).toThrow('GET /api/things/{id} has no description');
    expect(() =>
      openApiDocument([serviceApi('things', 'Things.', [route(), route()])], { version: '1' }),
    ).toThrow('listed twice');
  });

  it('names operations after method and path', () => {
    expect(operationId({ method: 'post', path: '/api/admin/registrations/{id}/approve' })).toBe(
      'postAdminRegistrationsIdApprove',
    );
  });
});

describe('apiAnswerProblem (against gateway/api-docs/openapi.json)', () => {
  const school = {
    id: 1,
    name: 'De Regenboog',
    accessToken: '0123456789abcdef0123456789abcdef',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
  };
  const json = 'application/json; charset=utf-8';

  it('passes an answer that matches its documented status and schema', () => {
    expect(apiAnswerProblem('GET', '/api/schools', 200, json, [school])).toBeUndefined();
    expect(
      apiAnswerProblem('PUT', '/api/schools/7', 404, json, {
        message: 'Niet gevonden',
        code: 'NOT_FOUND',
      }),
    ).toBeUndefined();
    expect(apiAnswerProblem('GET', '/metrics', 200, 'text/plain', 'x')).toBeUndefined();
  });

  it('names a field the document does not have, a wrong type and a missing field', () => {
    expect(apiAnswerProblem('GET', '/api/schools', 200, json, [{ ...school, x: 1 }])).toContain(
      'additional properties',
    );
    expect(apiAnswerProblem('GET', '/api/schools', 200, json, [{ ...school, id: '1' }])).toContain(
      '/0/id must be integer',
    );
    const { accessToken: _, ...noToken } = school;
    expect(apiAnswerProblem('GET', '/api/schools', 200, json, [noToken])).toContain('accessToken');
  });

  it('refuses an undocumented status, content type or operation', () => {
    expect(apiAnswerProblem('GET', '/api/schools', 418, json, {})).toContain(
      'status 418 is not documented',
    );
    expect(apiAnswerProblem('GET', '/api/schools', 200, 'text/html', '<p>')).toContain(
      'answered text/html',
    );
    expect(apiAnswerProblem('GET', '/api/nothing', 200, json, {})).toContain('no such operation');
    expect(
      apiAnswerProblem('GET', '/api/nothing', 404, json, { message: 'x', code: 'NOPE' }),
    ).toContain('/code must be equal to one of the allowed values');
  });
});
