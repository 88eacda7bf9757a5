// R-API-DOC: the API's description that the gateway serves at /api/openapi.json. It is what the
// services' route lists give today, a valid OpenAPI 3.1 document, describes every call of the
// product, and sends each call to the service that answers it. (That every route a service
// answers is in it, and that the answers match it, is checked in each service's own tests.)
import fs from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from 'gateway';
import { documentFile, renderDocument } from '../../scripts/openapi.mjs';

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is untyped JSON */
type Doc = Record<string, any>;

/** The product's calls: the pages and admin screens use each of them. */
const PRODUCT_CALLS = [
  'GET /api/auth/me',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/request-reset',
  'POST /api/auth/reset',
  'GET /api/health',
  'GET /api/schools/by-token/{token}',
  'GET /api/schools',
  'POST /api/schools',
  'PUT /api/schools/{id}',
  'DELETE /api/schools/{id}',
  'GET /api/admin/schools/{id}/qrcode',
  'POST /api/admin/schools/{id}/rotate-token',
  'GET /api/blocks',
  'POST /api/blocks',
  'PUT /api/blocks/{id}',
  'DELETE /api/blocks/{id}',
  'GET /api/qr/block/{id}',
  'GET /api/providers',
  'POST /api/providers',
  'PUT /api/providers/{id}',
  'DELETE /api/providers/{id}',
  'GET /api/activities',
  'GET /api/admin/activities',
  'POST /api/activities',
  'PUT /api/activities/{id}',
  'DELETE /api/activities/{id}',
  'GET /api/admin/activities/{id}/provider-token',
  'POST /api/admin/activities/{id}/provider-token/generate',
  'POST /api/admin/activities/{id}/provider-token/revoke',
  'POST /api/registrations',
  'GET /api/admin/registrations',
  'POST /api/admin/registrations/bulk',
  'POST /api/admin/registrations/{id}/approve',
  'POST /api/admin/registrations/{id}/reject',
  'POST /api/admin/registrations/{id}/revert',
  'GET /api/admin/summary',
  'GET /api/admin/users',
  'POST /api/admin/users',
  'PUT /api/admin/users/{id}',
  'DELETE /api/admin/users/{id}',
  'GET /api/provider/{activityId}/participants',
  'GET /api/provider/{activityId}/attendance',
  'PUT /api/provider/{activityId}/attendance/{date}',
  'GET /api/admin/activities/{id}/attendance',
  'GET /api/admin/activities/{id}/waitlist',
  'GET /api/admin/blocks/{id}/draw',
  'POST /api/admin/blocks/{id}/draw',
  'POST /api/admin/blocks/{id}/draw/publish',
  'GET /api/my-signup',
  'POST /api/my-signup/withdraw',
  'POST /api/my-signup/accept',
  'POST /api/my-signup/decline',
  'GET /api/my-signup/calendar.ics',
  'POST /api/my-signup/erase',
  'GET /api/admin/audit',
  'GET /api/admin/privacy/export',
  'POST /api/admin/privacy/erase',
  'POST /api/admin/privacy/retention/run',
];

function operations(doc: Doc) {
  return Object.entries(doc.paths as Record<string, Record<string, Doc>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op })),
  );
}

/** The service the gateway sends a request for `path` to, as nginx would choose it. */
function gatewayService(path: string): string | undefined {
  const regexes = API_ROUTES.filter(([r]) => r.startsWith('~ '));
  const regex = regexes.find(([r]) => new RegExp(r.slice(2)).test(path));
  const exact = API_ROUTES.find(([r]) => r === `= ${path}`);
  if (exact) return exact[1];
  const prefixes = API_ROUTES.filter(([r]) => !r.startsWith('~ ') && !r.startsWith('= '))
    .filter(([r]) => path.startsWith(r))
    .sort(([a], [b]) => b.length - a.length);
  const prefix = prefixes[0];
  if (!prefix) return undefined;
  // A nested regular expression inside the chosen prefix wins.
  if (regex && regex[0].slice(3).startsWith(prefix[0])) return regex[1];
  return prefix[1];
}

describe('the API description (/api/openapi.json)', () => {
  let doc: Doc;
  beforeAll(() => {
    doc = JSON.parse(fs.readFileSync(documentFile, 'utf8'));
  });

  it('is what the services’ route lists give (npm run openapi writes it)', async () => {
    const current = fs.readFileSync(documentFile, 'utf8') === (await renderDocument());
    expect(current, 'out of date: npm run build:backend && npm run openapi').toBe(true);
  });

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('a broken document does not validate', async () => {
    const broken = structuredClone(doc);
    delete broken.paths['/api/blocks'].get.responses['200'].description;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('describes every call of the product', () => {
    const listed = new Set(operations(doc).map((o) => `${o.method.toUpperCase()} ${o.path}`));
    expect(PRODUCT_CALLS.filter((c) => !listed.has(c))).toEqual([]);
  });

  it('gives every operation a summary, a description, a success answer and its service', () => {
    for (const { method, path, op } of operations(doc)) {
      const name = `${method} ${path}`;
      expect(op.summary, name).toBeTruthy();
      expect(op.description?.trim(), name).toBeTruthy();
      expect(
        Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)),
        name,
      ).toBe(true);
      expect(op['x-service'], name).toMatch(/^(svc-\w+|every service)$/);
    }
  });

  it('sends each call through the gateway to the service that describes it', () => {
    const wrong = operations(doc)
      .filter((o) => o.op['x-service'] !== 'every service')
      .map((o) => {
        const sample = o.path.replace(/\{[^}]+\}/g, '1');
        return {
          call: `${o.method} ${o.path}`,
          want: o.op['x-service'],
          got: gatewayService(sample),
        };
      })
      .filter((r) => `svc-${r.got}` !== r.want);
    expect(wrong).toEqual([]);
  });
});
