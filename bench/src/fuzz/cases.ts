// Generated bad requests against every call of R-API-CALLS, with fast-check. Every case is
// designed to be refused: a body with at least one invalid field (the others may carry SQL,
// HTML and unicode), malformed JSON, a wrong content type, a garbage id or token, a missing or
// forged session, a foreign Origin. Real ids are used only where the request is refused before
// anything changes (no session, or a body the route validates first).
import fc from 'fast-check';
import {
  badQuery,
  garbageIdOf,
  garbageToken,
  invalidObject,
  malformedJson,
  wrongContentType,
  type Field,
} from './values.js';
import { ADMIN } from '../lib/stack.js';

/**
 * Who sends a case: the first organisation's admin, nobody, a forged session, or (R-ORG-RLS)
 * the second organisation's admin.
 */
export type Auth = 'admin' | 'anonymous' | 'forged' | 'other-organisation';

export interface FuzzCase {
  family: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  auth: Auth;
  /** A GET may answer 2xx, and a POST that takes no body and stores nothing; any other case must be refused. */
  mayPass: boolean;
  /** Sent on this host (the second organisation's) instead of the gateway's own address. */
  host?: string;
}

/** Ids of real rows, so that refusals are tested where a request could do harm. */
export interface World {
  schoolId: number;
  schoolToken: string;
  otherSchoolToken: string;
  blockId: number;
  providerId: number;
  activityId: number;
  registrationId: number;
  userId: number;
  adminUserId: number;
  /** The activity's provider link's token. */
  providerToken: string;
  /** The address of the parent who signed up. */
  parentEmail: string;
  /** Texts of the world's rows that no answer to another organisation may hold. */
  canaries: string[];
}

// ---- the calls of R-API-CALLS

interface Endpoint {
  method: string;
  /** `{id}` is the one path id; `{token}` a school token. */
  path: string;
  fields?: Record<string, Field>;
  /** The route validates the body before it changes anything, so a real id is safe with an invalid body. */
  bodyFirst?: boolean;
  /** Which real id `{id}` stands for. */
  idOf?: keyof World;
  query?: Record<string, Field>;
}

const name = (max = 200): Field => ({ kind: 'string', max });
/** A name, title or free text a person types (R-NAMES-INVISIBLE): also broken by invisible characters. */
const text = (max = 200): Field => ({ kind: 'string', max, human: true });
const week: Field = { kind: 'int', min: 1, max: 53 };
const id: Field = { kind: 'id' };
const ACTIVITY: Record<string, Field> = {
  title: text(),
  capacity: { kind: 'int', min: 1, max: 10_000 },
  weekday: { kind: 'int', min: 0, max: 6 },
  startTime: { kind: 'time' },
  schoolId: id,
  blockId: id,
  providerId: id,
  isLocked: { kind: 'bool', optional: true },
  isHidden: { kind: 'bool', optional: true },
};
const SIGNUP: Record<string, Field> = {
  activityId: id,
  childFirstName: text(100),
  childLastName: text(100),
  childDateOfBirth: { kind: 'date' },
  childGroup: {
    kind: 'enum',
    values: ['groep3', 'groep4', 'groep5', 'groep6', 'groep7', 'groep8'],
  },
  parentName: text(),
  email: { kind: 'email' },
  phone: text(40),
};
const USER: Record<string, Field> = {
  name: text(100),
  email: { kind: 'email' },
  role: { kind: 'enum', values: ['admin', 'provider'], optional: true },
};

/**
 * POSTs without a body that a session may make whatever else a request carries: a logout, and
 * the start of a two-step enrolment (a new secret, stored nowhere until confirmed).
 */
const TAKES_NOTHING = new Set(['/api/auth/logout', '/api/auth/totp/setup', '/api/platform/logout']);

export const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/auth/me' },
  {
    method: 'POST',
    path: '/api/auth/login',
    fields: {
      email: { kind: 'email' },
      password: name(1024),
      code: { kind: 'string', max: 6, optional: true },
      recoveryCode: { kind: 'string', max: 40, optional: true },
    },
  },
  { method: 'POST', path: '/api/auth/totp/setup' },
  {
    method: 'POST',
    path: '/api/auth/totp/enable',
    fields: { ticket: name(2048), code: { kind: 'string', max: 6 } },
  },
  { method: 'POST', path: '/api/auth/totp/disable', fields: { password: name(1024) } },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'POST', path: '/api/auth/request-reset', fields: { email: { kind: 'email' } } },
  {
    method: 'POST',
    path: '/api/auth/reset',
    fields: { token: name(256), newPassword: { kind: 'string', max: 1024 } },
  },
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/schools/by-token/{token}' },
  { method: 'GET', path: '/api/schools' },
  { method: 'POST', path: '/api/schools', fields: { name: text() } },
  {
    method: 'PUT',
    path: '/api/schools/{id}',
    fields: { name: text() },
    bodyFirst: true,
    idOf: 'schoolId',
  },
  { method: 'DELETE', path: '/api/schools/{id}', idOf: 'schoolId' },
  { method: 'GET', path: '/api/admin/schools/{id}/qrcode', idOf: 'schoolId' },
  { method: 'GET', path: '/api/blocks' },
  { method: 'POST', path: '/api/blocks', fields: { name: text(), weekStart: week, weekEnd: week } },
  {
    method: 'PUT',
    path: '/api/blocks/{id}',
    fields: { name: text(), weekStart: week, weekEnd: week },
    bodyFirst: true,
    idOf: 'blockId',
  },
  { method: 'DELETE', path: '/api/blocks/{id}', idOf: 'blockId' },
  { method: 'GET', path: '/api/qr/block/{id}', idOf: 'blockId', query: { schoolId: id } },
  { method: 'GET', path: '/api/providers' },
  { method: 'POST', path: '/api/providers', fields: { name: text() } },
  {
    method: 'PUT',
    path: '/api/providers/{id}',
    fields: { name: text() },
    bodyFirst: true,
    idOf: 'providerId',
  },
  { method: 'DELETE', path: '/api/providers/{id}', idOf: 'providerId' },
  { method: 'GET', path: '/api/activities', query: { schoolId: id, blockId: id } },
  {
    method: 'GET',
    path: '/api/admin/activities',
    query: { includeCapacity: { kind: 'bool' }, schoolId: id },
  },
  { method: 'POST', path: '/api/activities', fields: ACTIVITY },
  {
    method: 'PUT',
    path: '/api/activities/{id}',
    fields: ACTIVITY,
    bodyFirst: true,
    idOf: 'activityId',
  },
  { method: 'DELETE', path: '/api/activities/{id}', idOf: 'activityId' },
  { method: 'GET', path: '/api/admin/activities/{id}/provider-token', idOf: 'activityId' },
  {
    method: 'POST',
    path: '/api/admin/activities/{id}/provider-token/generate',
    idOf: 'activityId',
  },
  { method: 'POST', path: '/api/admin/activities/{id}/provider-token/revoke', idOf: 'activityId' },
  { method: 'POST', path: '/api/registrations', fields: SIGNUP },
  {
    method: 'GET',
    path: '/api/admin/registrations',
    query: {
      schoolId: id,
      blockId: id,
      activityId: id,
      status: { kind: 'enum', values: ['new', 'approved', 'rejected'] },
      page: { kind: 'int', min: 1, max: 100_000 },
      limit: { kind: 'int', min: 1, max: 200 },
    },
  },
  {
    method: 'POST',
    path: '/api/admin/registrations/{id}/approve',
    fields: { sendEmail: { kind: 'bool', optional: true } },
    bodyFirst: true,
    idOf: 'registrationId',
  },
  {
    method: 'POST',
    path: '/api/admin/registrations/{id}/reject',
    fields: {
      reason: { ...text(500), optional: true, nullable: true },
      sendEmail: { kind: 'bool', optional: true },
    },
    bodyFirst: true,
    idOf: 'registrationId',
  },
  { method: 'POST', path: '/api/admin/registrations/{id}/revert', idOf: 'registrationId' },
  { method: 'GET', path: '/api/admin/users' },
  { method: 'POST', path: '/api/admin/users', fields: USER },
  { method: 'PUT', path: '/api/admin/users/{id}', fields: USER, bodyFirst: true, idOf: 'userId' },
  { method: 'DELETE', path: '/api/admin/users/{id}', idOf: 'userId' },
  { method: 'DELETE', path: '/api/admin/users/{id}/totp', idOf: 'userId' },
  {
    method: 'GET',
    path: '/api/provider/{id}/participants',
    idOf: 'activityId',
    query: { token: name(256) },
  },
  // Beyond the first version: the waiting list, the parent's own link, the draw, attendance,
  // admin at scale, the audit log, privacy and school link rotation.
  { method: 'POST', path: '/api/admin/schools/{id}/rotate-token', idOf: 'schoolId' },
  { method: 'GET', path: '/api/admin/activities/{id}/waitlist', idOf: 'activityId' },
  { method: 'GET', path: '/api/admin/activities/{id}/attendance', idOf: 'activityId' },
  { method: 'GET', path: '/api/admin/attendance/rates' },
  {
    method: 'GET',
    path: '/api/provider/{id}/attendance',
    idOf: 'activityId',
    query: { token: name(256) },
  },
  {
    method: 'PUT',
    path: '/api/provider/{id}/attendance/2026-01-05',
    idOf: 'activityId',
    fields: { key: name(100), present: { kind: 'bool', nullable: true } },
    bodyFirst: true,
  },
  { method: 'GET', path: '/api/my-signup' },
  { method: 'GET', path: '/api/my-signup/calendar.ics' },
  { method: 'POST', path: '/api/my-signup/withdraw' },
  { method: 'POST', path: '/api/my-signup/accept' },
  { method: 'POST', path: '/api/my-signup/decline' },
  { method: 'POST', path: '/api/my-signup/erase' },
  { method: 'GET', path: '/api/admin/blocks/{id}/draw', idOf: 'blockId' },
  { method: 'POST', path: '/api/admin/blocks/{id}/draw', idOf: 'blockId' },
  {
    method: 'POST',
    path: '/api/admin/blocks/{id}/draw/publish',
    idOf: 'blockId',
  },
  {
    method: 'POST',
    path: '/api/admin/registrations/bulk',
    fields: {
      action: { kind: 'enum', values: ['approve', 'reject', 'revert'] },
      sendEmail: { kind: 'bool', optional: true },
      reason: { ...text(500), optional: true, nullable: true },
    },
  },
  { method: 'GET', path: '/api/admin/summary' },
  {
    method: 'GET',
    path: '/api/admin/audit',
    query: {
      actorType: { kind: 'enum', values: ['admin', 'parent', 'provider', 'system'] },
      from: { kind: 'date' },
      page: { kind: 'int', min: 1, max: 100_000 },
      limit: { kind: 'int', min: 1, max: 200 },
    },
  },
  { method: 'GET', path: '/api/admin/privacy/status' },
  // R-ORG-PAGES: on another organisation's host, that organisation's own settings.
  { method: 'GET', path: '/api/app-config' },
  // R-ORG-SETTINGS: organisation 1's are the deployment's: a change is refused (409).
  { method: 'GET', path: '/api/settings/organisation' },
  {
    method: 'PUT',
    path: '/api/settings/organisation',
    fields: {
      name: name(),
      contactEmail: { kind: 'email' },
      website: name(500),
      privacyUrl: name(500),
      mailFromName: { ...name(), optional: true },
      retentionMonths: { kind: 'int', min: 1, max: 120, optional: true },
      adminTwoStepRequired: { kind: 'bool', optional: true },
    },
  },
  { method: 'GET', path: '/api/admin/privacy/export', query: { email: { kind: 'email' } } },
  { method: 'POST', path: '/api/admin/privacy/erase', fields: { email: { kind: 'email' } } },
  // R-PLATFORM-*: the platform's calls, which no organisation's session opens.
  {
    method: 'POST',
    path: '/api/platform/login',
    fields: { email: { kind: 'email' }, password: name(1024) },
  },
  { method: 'POST', path: '/api/platform/logout' },
  { method: 'GET', path: '/api/platform/session' },
  { method: 'GET', path: '/api/platform/organisations' },
  {
    method: 'POST',
    path: '/api/platform/organisations',
    fields: {
      slug: name(40),
      name: name(),
      hosts: name(253),
      contactEmail: { kind: 'email' },
      publicBaseUrl: name(500),
    },
  },
  {
    method: 'PATCH',
    path: '/api/platform/organisations/{id}',
    fields: {
      name: { ...name(), optional: true },
      status: { kind: 'enum', values: ['active', 'suspended'], optional: true },
    },
  },
  { method: 'DELETE', path: '/api/platform/organisations/{id}' },
  {
    method: 'GET',
    path: '/api/platform/audit',
    query: { before: { kind: 'int', min: 1, max: 1_000_000_000 } },
  },
];

/**
 * Calls of the API description (gateway/api-docs/openapi.json) the fuzz leaves out, and why.
 * Every other documented call is in ENDPOINTS (a test keeps the two together).
 */
export const NOT_FUZZED: Record<string, string> = {
  'POST /api/admin/privacy/retention/run':
    'an admin may run retention at any time with any body; it changes what the period says',
};

/** Ids that look numeric to a lenient parser: `2.0`, `0x2`, ` 2`, `2e0` for a real id 2. */
export function fuzzCase(w: World): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      e: fc.constantFrom(...ENDPOINTS),
      auth: fc.constantFrom<Auth>('admin', 'admin', 'anonymous', 'forged'),
      kind: fc.constantFrom(
        'body',
        'body',
        'body',
        'json',
        'ctype',
        'id',
        'token',
        'origin',
        'huge',
        'method',
      ),
      seed: fc.integer(),
    })
    .chain(({ e, auth, kind }) => caseFor(e, auth, kind, w));
}

function caseFor(e: Endpoint, given: Auth, kind: string, w: World): fc.Arbitrary<FuzzCase> {
  // A logout that passes ends the session it carries (R-FRESH-SESSION), and the run's admin
  // session must live to the end: with it, only a cross-origin logout (refused) is sent.
  const auth: Auth =
    e.path === '/api/auth/logout' && given === 'admin' && kind !== 'origin' ? 'forged' : given;
  const isGet = e.method === 'GET';
  const hasId = e.path.includes('{id}');
  // A real id only where nothing can change: no admin session, or a body refused first.
  const realIdSafe =
    auth !== 'admin' || (e.bodyFirst === true && (kind === 'body' || kind === 'origin'));
  const garbageId = garbageIdOf(w);
  const idArb: fc.Arbitrary<string> =
    hasId && e.idOf && (realIdSafe || isGet)
      ? fc.oneof(fc.constant(String(w[e.idOf])), garbageId)
      : garbageId;
  const tokenArb = fc.oneof(fc.constant(w.otherSchoolToken), garbageToken);
  const jsonBody = e.fields
    ? invalidObject(e.fields, w).map((o) => JSON.stringify(o))
    : fc.constant('{}');
  const query = e.query ? badQuery(e.query, w) : fc.constant('');
  return fc
    .record({
      id: idArb,
      token: tokenArb,
      body: jsonBody,
      query,
      bad: malformedJson,
      ctype: wrongContentType,
      foreign: fc.constantFrom('http://evil.example', 'null', 'http://localhost:1'),
      method: fc.constantFrom('PATCH', 'PUT', 'DELETE', 'POST'),
    })
    .map((v) => {
      let path = e.path.replace('{id}', v.id).replace('{token}', v.token);
      const headers: Record<string, string> = {};
      let body: string | undefined;
      let method = e.method;
      let family = kind;
      const sendsBody = !isGet && e.fields !== undefined;
      if (e.query && (kind === 'body' || kind === 'token' || isGet)) path += `?${v.query}`;
      if (/^\/api\/provider\//.test(path) && !path.includes('token=')) path += `?token=${v.token}`;
      if (sendsBody || kind === 'json' || kind === 'ctype' || kind === 'huge') {
        headers['content-type'] = 'application/json';
        body = v.body;
      }
      if (kind === 'json' && !isGet) {
        body = v.bad;
        family = 'malformed json';
      } else if (kind === 'ctype' && !isGet) {
        headers['content-type'] = v.ctype;
        if (!v.ctype) delete headers['content-type'];
        family = 'content type';
        // Without a JSON body, the routes that default their body would act on a real id.
        if (hasId)
          path = e.path.replace('{id}', 'x' + v.id.slice(0, 5)).replace('{token}', v.token);
      } else if (kind === 'huge' && !isGet) {
        body = JSON.stringify({ name: 'x'.repeat(70_000) });
        family = 'body over 64 KiB';
      } else if (kind === 'origin' && !isGet) {
        headers.origin = v.foreign;
        family = 'foreign origin';
      } else if (kind === 'method') {
        method = v.method === e.method ? 'PATCH' : v.method;
        family = 'wrong method';
        if (hasId)
          path = e.path.replace('{id}', 'q' + v.id.slice(0, 5)).replace('{token}', v.token);
        if (method !== 'GET' && method !== 'DELETE') {
          headers['content-type'] = 'application/json';
          // Invalid for every create, so a method that happens to exist still refuses it.
          body = '{"name":""}';
        }
      } else if (kind === 'token' || kind === 'id') {
        family = kind === 'id' ? 'garbage id' : 'garbage token';
      } else {
        family = isGet ? 'bad query' : 'invalid body';
      }
      if (e.path === '/api/registrations') {
        // The sign-up needs the school's token; here it is absent, another school's or garbage,
        // or the body is invalid (never both right).
        if (kind === 'token') {
          body = JSON.stringify({ ...JSON.parse(validSignUp(w)), extra: '<b>x</b>' });
          headers['content-type'] = 'application/json';
          if (v.token) headers['x-school-token'] = v.token;
        } else headers['x-school-token'] = w.schoolToken;
      } else if (e.path.startsWith('/api/activities') && isGet && kind === 'token') {
        headers['x-school-token'] = v.token;
      }
      return {
        family,
        method,
        path,
        headers,
        body,
        auth,
        mayPass: method === 'GET' || (method === 'POST' && TAKES_NOTHING.has(e.path)),
      };
    });
}

function validSignUp(w: World): string {
  return JSON.stringify({
    activityId: w.activityId,
    childFirstName: 'Fuzz',
    childLastName: 'Kind',
    childDateOfBirth: `${new Date().getFullYear() - 8}-05-05`,
    childGroup: 'groep5',
    parentName: 'Fuzz Ouder',
    email: 'fuzz@example.nl',
    phone: '0612345678',
  });
}

/**
 * Path ids no row can have, sent to every route with a path id, with and without an admin
 * session, whatever the random cases draw: zero, negative, past an integer column, far past
 * any number, and not a number (a provider link with id 0 once answered 503).
 */
export const NO_ROW_IDS = [
  '0',
  '-1',
  '-0',
  '2147483648',
  '99999999999',
  '9'.repeat(400),
  'abc',
  '1.5',
];

export function pathIdCases(): FuzzCase[] {
  return ENDPOINTS.filter((e) => e.path.includes('{id}')).flatMap((e) =>
    NO_ROW_IDS.flatMap((id) =>
      (['admin', 'anonymous'] as const).map((auth): FuzzCase => {
        let path = e.path.replace('{id}', id);
        // A token of a link's shape, so the route gets past the token check to the id.
        if (path.startsWith('/api/provider/')) path += `?token=${'0'.repeat(64)}`;
        const isGet = e.method === 'GET';
        const body = isGet || e.method === 'DELETE' ? undefined : '{}';
        return {
          family: 'path id of no row',
          method: e.method,
          path,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body,
          auth,
          mayPass: isGet,
        };
      }),
    ),
  );
}

/** The parent's own link's actions, each of which takes an `Idempotency-Key`. */
export const MY_SIGNUP_ACTIONS = ['withdraw', 'accept', 'decline', 'erase'] as const;

/**
 * R-IDEMPOTENCY-ADMIT, R-PROVIDER-REFUSAL-TALLY: anonymous requests with a fresh
 * `Idempotency-Key` each and a token or link that is refused (a well-shaped token of no link,
 * a malformed one, none, one of another school), sent whatever the random cases draw. Each must
 * be refused and store nothing: no idempotency row, no provider access row (the table check of
 * the run counts both); a refused provider link only adds to its hour's count.
 */
export function anonymousLinkCases(w: World, seed: number): FuzzCase[] {
  let n = 0;
  const key = () => `fuzz-${seed}-${(n += 1)}`;
  const shaped = (i: number) =>
    Buffer.from(`${seed}-${i}`.padEnd(32, 'x')).toString('base64url').slice(0, 43);
  const linkTokens: Array<string | undefined> = [
    shaped(1),
    shaped(2),
    'not-a-token',
    'x'.repeat(300),
    undefined,
  ];
  const mySignup = MY_SIGNUP_ACTIONS.flatMap((action) =>
    linkTokens.map((token): FuzzCase => ({
      family: 'keyed link action, refused token',
      method: 'POST',
      path: `/api/my-signup/${action}`,
      headers: { 'idempotency-key': key(), ...(token ? { 'x-manage-token': token } : {}) },
      auth: 'anonymous',
      mayPass: false,
    })),
  );
  const providerTokens = [shaped(3), '0'.repeat(64), w.schoolToken, 'x'];
  const provider = providerTokens.flatMap((token): FuzzCase[] => {
    const q = `?token=${encodeURIComponent(token)}`;
    const base = `/api/provider/${w.activityId}`;
    return [
      { method: 'GET', path: `${base}/participants${q}` },
      { method: 'GET', path: `${base}/attendance${q}` },
      {
        method: 'PUT',
        path: `${base}/attendance/2026-01-05${q}`,
        body: JSON.stringify({ key: 'k', present: true }),
      },
    ].map((c) => ({
      family: 'provider link, refused token',
      method: c.method,
      path: c.path,
      headers: {
        'idempotency-key': key(),
        ...(c.body ? { 'content-type': 'application/json' } : {}),
      },
      body: c.body,
      auth: 'anonymous',
      mayPass: false,
    }));
  });
  const signUp = [w.otherSchoolToken, shaped(4), undefined].map((token): FuzzCase => ({
    family: 'keyed sign-up, refused school link',
    method: 'POST',
    path: '/api/registrations',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': key(),
      ...(token ? { 'x-school-token': token } : {}),
    },
    body: validSignUp(w),
    auth: 'anonymous',
    mayPass: false,
  }));
  return [...mySignup, ...provider, ...signUp];
}

/** The cases sent every run, whatever the generated ones are. */
export function fixedCases(w: World, seed: number): FuzzCase[] {
  return [...pathIdCases(), ...anonymousLinkCases(w, seed)];
}

/** The fixed cases, then `count` generated ones. */
export function sampleCases(w: World, count: number, seed: number): FuzzCase[] {
  return [...fixedCases(w, seed), ...fc.sample(fuzzCase(w), { numRuns: count, seed })];
}

/**
 * Calls that create the second organisation's own rows with nothing of the first's in them,
 * or change its admin's own session: legitimate there, and left out of the cases below, which
 * must change nothing.
 */
const OWN_ROWS_ONLY = new Set([
  'POST /api/schools',
  'POST /api/blocks',
  'POST /api/providers',
  'POST /api/admin/users',
  'POST /api/auth/logout',
  'POST /api/platform/logout',
  'POST /api/auth/totp/setup',
  'POST /api/auth/totp/enable',
  'POST /api/auth/totp/disable',
  'POST /api/auth/request-reset',
  'POST /api/auth/reset',
  'GET /api/health',
  // Changes the settings of the host's own organisation alone.
  'PUT /api/settings/organisation',
]);

/** A valid value of a field, the first world's ids where the field names one. */
function plainValue(name: string, f: Field, w: World): unknown {
  switch (f.kind) {
    case 'string':
      return 'Isolatie';
    case 'email':
      // The first organisation's parent: an export or erasure there must find nothing.
      return w.parentEmail;
    case 'int':
      // A page as long as it goes, so a list shows all it would show.
      return name === 'limit' ? f.max : f.min;
    case 'bool':
      return false;
    case 'enum':
      return f.values[0];
    case 'date':
      return `${new Date().getFullYear() - 8}-05-05`;
    case 'time':
      return '15:30';
    case 'id': {
      const key = name as keyof World;
      return typeof w[key] === 'number' ? w[key] : w.activityId;
    }
  }
}

/**
 * R-ORG-RLS: every call of R-API-CALLS that names a row, a link or an account, sent on the
 * second organisation's host with the first organisation's ids, school link, provider link
 * and admin's address, with a valid body: as the second organisation's admin, as the first's
 * admin (its own cookie) and anonymously. None may be accepted or change anything; a GET may
 * answer, but never with a row of the first organisation (its `canaries`), and a GET of one
 * of its rows by id must be refused.
 */
export function otherOrganisationCases(w: World, host: string): FuzzCase[] {
  const auths: Auth[] = ['other-organisation', 'admin', 'anonymous'];
  return ENDPOINTS.filter((e) => !OWN_ROWS_ONLY.has(`${e.method} ${e.path}`)).flatMap((e) => {
    let path = e.path
      .replace('{id}', String(e.idOf ? w[e.idOf] : w.activityId))
      .replace('{token}', w.schoolToken);
    if (path.startsWith('/api/provider/')) path += `?token=${w.providerToken}`;
    else if (e.query)
      path += `?${Object.entries(e.query)
        .map(([k, f]) => `${k}=${encodeURIComponent(String(plainValue(k, f, w)))}`)
        .join('&')}`;
    const body =
      e.method === 'GET' || e.method === 'DELETE'
        ? undefined
        : e.path === '/api/auth/login'
          ? // The first organisation's admin's address and password.
            JSON.stringify({ email: ADMIN.email, password: ADMIN.password })
          : e.path === '/api/registrations'
            ? validSignUp(w)
            : path.includes('/attendance/')
              ? JSON.stringify({ key: 'k', present: true })
              : JSON.stringify(
                  Object.fromEntries(
                    Object.entries(e.fields ?? {}).map(([k, f]) => [k, plainValue(k, f, w)]),
                  ),
                );
    const byId = e.path.includes('{id}') || e.path.includes('{token}');
    return auths.map((auth): FuzzCase => ({
      family: 'another organisation’s row, link or account',
      method: e.method,
      path,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(e.path === '/api/registrations' || e.path.startsWith('/api/activities')
          ? { 'x-school-token': w.schoolToken }
          : {}),
      },
      body,
      auth,
      // An erasure asked there erases that organisation's rows alone: it may answer, and the
      // table check sees whether it touched the first organisation's.
      mayPass:
        (e.method === 'GET' && !byId && !path.startsWith('/api/provider/')) ||
        (e.path === '/api/admin/privacy/erase' && auth === 'other-organisation'),
      host,
    }));
  });
}
