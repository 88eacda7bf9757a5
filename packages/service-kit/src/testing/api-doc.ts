// R-API-DOC in the services' API tests: every JSON answer of an /api call is checked against the
// API's description (gateway/api-docs/openapi.json, written by `npm run openapi` from the
// services' route lists), so a test fails when an answer does not match its documented schema.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export sits on `default` when imported from ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, ResponseObject> };
};
type ResponseObject = { $ref?: string; content?: Record<string, { schema?: unknown }> };
type Operation = { responses: Record<string, ResponseObject> };

const DOC_ID = 'https://naschool.invalid/openapi.json';

/** The repository's document: gateway/api-docs/openapi.json above the current directory. */
export function apiDocumentPath(from = process.cwd()): string {
  let dir = from;
  for (;;) {
    const file = join(dir, 'gateway', 'api-docs', 'openapi.json');
    if (existsSync(file)) return file;
    const up = dirname(dir);
    if (up === dir) throw new Error('gateway/api-docs/openapi.json not found (npm run openapi)');
    dir = up;
  }
}

let loaded:
  | {
      doc: Doc;
      ajv: Ajv2020;
      routes: Array<{ method: string; re: RegExp; path: string; params: number }>;
    }
  | undefined;

function load() {
  if (loaded) return loaded;
  const doc = JSON.parse(readFileSync(apiDocumentPath(), 'utf8')) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const routes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({
      method,
      path,
      params: (path.match(/\{/g) ?? []).length,
      re: new RegExp(
        `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
      ),
    })),
  );
  // A literal segment wins over a parameter: /api/admin/registrations/bulk before /{id}.
  routes.sort((a, b) => a.params - b.params);
  loaded = { doc, ajv, routes };
  return loaded;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const validators = new Map<string, ValidateFunction>();

/**
 * Why an answer does not match the document, or undefined when it does. Only /api paths are
 * checked; an /api path the document lacks may answer only an error body (the 404 of an
 * unknown path); an operation's answer must have a documented status and match its schema.
 */
export function apiAnswerProblem(
  method: string,
  url: string,
  status: number,
  contentType: string,
  body: unknown,
): string | undefined {
  const path = new URL(url, 'http://x').pathname;
  if (!path.startsWith('/api/')) return undefined;
  const { doc, ajv, routes } = load();
  const m = method.toLowerCase();
  const route = routes.find((r) => r.method === m && r.re.test(path));
  const call = `${method.toUpperCase()} ${path} → ${status}`;
  let ref: string;
  if (!route) {
    if (status < 400) return `${call}: no such operation in the API document (npm run openapi)`;
    ref = pointer('components', 'responses', 'Error404', 'content', 'application/json', 'schema');
  } else {
    const responses = doc.paths[route.path]![m]!.responses;
    const key = String(status) in responses ? String(status) : 'default';
    const answer = responses[key];
    if (!answer) {
      return `${call}: status ${status} is not documented for ${route.path} (api-doc.ts)`;
    }
    const type = contentType.split(';')[0]!.trim();
    if (answer.$ref) {
      const name = answer.$ref.split('/').pop()!;
      ref = pointer('components', 'responses', name, 'content', 'application/json', 'schema');
      if (type !== 'application/json') return `${call}: answered ${type}, documented JSON`;
    } else {
      const content = answer.content ?? {};
      // An answer without a body (204), documented without one.
      if (type === '' && Object.keys(content).length === 0) return undefined;
      if (!(type in content)) {
        return `${call}: answered ${type || 'no body'}, documented ${Object.keys(content).join(', ') || 'no body'}`;
      }
      if (type !== 'application/json') return undefined;
      ref = pointer('paths', route.path, m, 'responses', key, 'content', type, 'schema');
    }
  }
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOC_ID}#/${ref}` });
    validators.set(ref, validate);
  }
  if (validate(body)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('; ');
  return `${call}: the answer does not match the API document: ${errors}`;
}

/** Throws when an answer does not match the document (for the test clients). */
export function assertApiAnswer(
  method: string,
  url: string,
  status: number,
  contentType: string,
  body: unknown,
): void {
  const problem = apiAnswerProblem(method, url, status, contentType, body);
  if (problem) throw new Error(problem);
}
