import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes } from '../db.js';
import type { RunningService, StartOptions } from '../service.js';
import { serviceTestEnv, setTestOrganisation } from './infra.js';
import { readFileSync } from 'node:fs';
import { EVERY_SERVICE, documentedRoutes, registeredRoutes } from '../openapi.js';
import { apiDocumentPath } from './api-doc.js';

function runProcess(
  mainPath: string,
  env: NodeJS.ProcessEnv,
  onReady?: (pid: number) => void,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [mainPath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('"msg":"listening"')) onReady?.(child.pid!);
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/** What a service's basics suite needs to know of it beyond its name. */
export interface BasicsOptions {
  /** Variables the service needs beyond the test environment's. */
  env?: Record<string, string>;
  /**
   * Makes `host` a suspended organisation's where this service learns it. By default that is
   * the stand-in for svc-identity; svc-identity itself writes it into its own tables.
   */
  suspendHost?: (svc: RunningService, host: string) => Promise<void>;
  /**
   * The tables of the service's schema that belong to no organisation (R-ORG-RLS), besides
   * `schema_migrations`: every other table must be sealed off per organisation.
   */
  platformTables?: readonly string[];
}

/**
 * What every service must do the same way, checked against the real process:
 * ready on /health, exit 0 on SIGTERM, exit 1 naming a bad variable, every table but its
 * platform tables sealed off per organisation.
 */
export function serviceBasicsSuite(
  name: string,
  start: (opts: StartOptions) => Promise<RunningService>,
  mainPath: string,
  {
    env: extraEnv = {},
    suspendHost = async (_svc, host) =>
      setTestOrganisation(host, {
        id: 99,
        status: 'suspended',
        publicBaseUrl: `https://${host}`,
      }),
    platformTables = [],
  }: BasicsOptions = {},
): void {
  describe(`${name} service basics`, () => {
    const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
    let svc: RunningService;

    beforeAll(async () => {
      svc = await start({ env: await serviceTestEnv(infra, name, extraEnv) });
    });
    afterAll(async () => {
      await svc?.stop();
    });

    it('is ready on /health with its database and NATS', async () => {
      const res = await fetch(`${svc.url}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        ok: true,
        service: name,
        checks: { db: 'ok', nats: 'ok' },
      });
    });

    // R-ORG-HOST: every request is its host's organisation's work, found before anything else;
    // the probes belong to none.
    it("answers a suspended organisation's host ORGANISATION_SUSPENDED, in the asker's language, and its probes and the product's health as before", async () => {
      const host = `dicht-${name}.example`;
      await suspendHost(svc, host);
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${svc.url}${path}`, { headers: { 'X-Organisation-Host': host, ...headers } });
      const refused = await get('/api/no-such-route', { 'Accept-Language': 'en' });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        code: 'ORGANISATION_SUSPENDED',
        message: 'This organisation is temporarily unavailable.',
      });
      expect((await get('/health')).status).toBe(200);
      // The product's health (which the gateway answers on any host) is no organisation's.
      const health = await get('/api/health');
      expect(health.status).not.toBe(403);
      expect(((await health.json()) as { service?: string }).service).toBe('naschool-api');
      // Organisation 1's host is another: the same request gets the service's own answer.
      const open = await fetch(`${svc.url}/api/no-such-route`, {
        headers: { 'X-Organisation-Host': 'localhost' },
      });
      expect(open.status).toBe(404);
    });

    // R-ORG-RLS: a table added without its seal, or a platform table sealed, fails here; so
    // does a role that could step around the seal.
    it('seals every table but its platform tables off per organisation, and its role cannot step around it', async () => {
      const tables = await svc.ctx.sequelize.query<{
        name: string;
        enabled: boolean;
        forced: boolean;
        rules: string[] | null;
      }>(
        `SELECT c.relname AS name, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
                (SELECT array_agg(pg_get_expr(p.polqual, p.polrelid) || ' / ' ||
                                  pg_get_expr(p.polwithcheck, p.polrelid))
                   FROM pg_policy p WHERE p.polrelid = c.oid) AS rules
           FROM pg_class c
          WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
          ORDER BY c.relname`,
        { type: QueryTypes.SELECT },
      );
      const own = 'organisation_id = COALESCE(current_organisation(), 1)';
      const sealed = (t: (typeof tables)[number]) =>
        t.enabled &&
        t.forced &&
        t.rules?.length === 1 &&
        t.rules[0]!.split(' / ').every((rule) => rule.includes(own));
      expect(tables.filter((t) => !sealed(t)).map((t) => t.name)).toEqual(
        [...platformTables, 'schema_migrations'].sort(),
      );
      expect(tables.length).toBeGreaterThan(platformTables.length + 3);
      const [role] = await svc.ctx.sequelize.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
        'SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user',
        { type: QueryTypes.SELECT },
      );
      expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    });

    // R-ORG-KEYS: a foreign key between two sealed tables that does not hold the organisation
    // (a row could point at another organisation's) fails here.
    it('holds the organisation in every foreign key between two of its sealed tables', async () => {
      const keys = await svc.ctx.sequelize.query<{ name: string; columns: string[] }>(
        `SELECT c.conname AS name,
                (SELECT array_agg(a.attname::text ORDER BY a.attname) FROM pg_attribute a
                  WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)) AS columns
           FROM pg_constraint c
           JOIN pg_class ch ON ch.oid = c.conrelid
           JOIN pg_class p ON p.oid = c.confrelid
          WHERE c.contype = 'f' AND ch.relnamespace = current_schema()::regnamespace
            AND ch.relrowsecurity AND p.relrowsecurity
          ORDER BY c.conname`,
        { type: QueryTypes.SELECT },
      );
      expect(keys.filter((k) => !k.columns.includes('organisation_id'))).toEqual([]);
    });

    // R-API-DOC: a route the service answers without a description fails here.
    it('describes every /api route it answers in the API document, and answers each it lists', () => {
      const doc = JSON.parse(readFileSync(apiDocumentPath(), 'utf8')) as Record<string, unknown>;
      const documented = documentedRoutes(doc);
      const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
      const described = new Set(documented.filter((r) => r.description.trim() !== '').map(key));
      const answered = registeredRoutes(svc.app).filter((r) => r.path.startsWith('/api/'));
      const missing = answered.map(key).filter((k) => !described.has(k));
      expect(
        missing,
        'add these to src/entry-points/http/api-doc.ts, then npm run build:backend && npm run openapi',
      ).toEqual([]);
      const own = documented
        .filter((r) => r.service === `svc-${name}` || r.service === EVERY_SERVICE)
        .map(key);
      const answeredKeys = new Set(answered.map(key));
      expect(
        own.filter((k) => !answeredKeys.has(k)),
        'listed in the API document but not answered',
      ).toEqual([]);
      expect(answered.length).toBeGreaterThan(0);
    });

    it('stops cleanly with exit code 0 on SIGTERM', async () => {
      const env = {
        ...process.env,
        ...(await serviceTestEnv(infra, name, extraEnv)),
        LOG_LEVEL: 'info',
      };
      const result = await runProcess(mainPath, env, (pid) => process.kill(pid, 'SIGTERM'));
      expect(result.code).toBe(0);
    });

    it('refuses to start with a bad variable and names it', async () => {
      const env = {
        ...process.env,
        ...(await serviceTestEnv(infra, name, extraEnv)),
        NATS_URL: 'http://nope',
      };
      const result = await runProcess(mainPath, env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('NATS_URL');
    });
  });
}
