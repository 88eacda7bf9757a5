// Contract test between every event producer and every event consumer, so that a service can
// be released on its own: it fails when a producer stops sending a field a consumer needs,
// sends a version no consumer understands, or when a consumer listens to an event nobody
// produces.
//
// Consumers are the services' real consumer specs (svc-*/src/entry-points/messaging), run with
// stand-ins for the database: a handler that gets past its schema check reaches the stand-in
// and stops there; one whose check fails throws a ZodError. Producers are read from the
// services' source with the TypeScript parser: every `outbox.add(...)` (and a service's own
// wrapper around it), the event type it names and the fields of the `data` it builds.
// Payloads come from the producers' own builder functions where they export them
// (svc-catalog's activityEvent, providerTokenEvent); otherwise from a full sample trimmed to
// exactly the fields the producer's code sets. A new consumed event type needs a sample in
// samples() below: the test says so until it has one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { ZodError } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_EVENT_TYPES,
  EVENT_TYPES,
  STREAMS,
  type ActivityEvent,
  type BlockEvent,
  type EmailSentEvent,
  type RegistrationEvent,
  type SchoolEvent,
  type SecretLinkEvent,
} from '../src/index.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVICES = ['svc-catalog', 'svc-registrations', 'svc-identity', 'svc-notify'];
const TYPE_BY_KEY = EVENT_TYPES as Record<string, string>;

/* eslint-disable @typescript-eslint/no-explicit-any -- stand-ins for the services' types */
type Handler = { versions: number[]; handle(event: any, ctx: any): Promise<void> };
interface ConsumerSpecLike {
  stream: keyof typeof STREAMS;
  durable: string;
  handlers: Record<string, Handler>;
}

// ---------------------------------------------------------------------------------------------
// Consumers

class StubReached extends Error {}
/** Any use of the database ends the handler here: its schema check has passed by then. */
const stubDb: any = new Proxy(
  {},
  {
    get() {
      throw new StubReached('database');
    },
  },
);
const stubTx = { afterCommit() {} };
const stubLogger = { info() {}, warn() {}, error() {}, debug() {}, child: () => stubLogger };
const stubMailer = { deliveries: { record: async () => undefined }, kick() {} };

/** Every module that builds a ConsumerSpec, and how to call it with stand-ins. */
const CONSUMER_MODULES: Record<string, (mod: any) => ConsumerSpecLike[]> = {
  'svc-catalog/src/entry-points/messaging/counts-consumer.ts': (m) => [
    m.countsConsumer({ sequelize: stubDb }, {}),
  ],
  'svc-registrations/src/entry-points/messaging/catalog-consumer.ts': (m) => [
    m.catalogConsumer({ sequelize: stubDb }, {}),
  ],
  'svc-registrations/src/entry-points/messaging/notify-consumer.ts': (m) => [
    m.notifyConsumer({ sequelize: stubDb }),
  ],
  'svc-notify/src/entry-points/messaging/consumers.ts': (m) => m.notifyConsumers(stubMailer),
  'svc-identity/src/entry-points/messaging/audit-consumer.ts': (m) =>
    m.auditConsumers({ audit: stubDb }),
};

/**
 * Audit events are produced by service-kit's recordAudit, which any service calls with its own
 * name and an entry it checks against auditEntrySchema before the outbox takes it (R-AUDIT).
 */
const AUDIT_TYPES = new Set<string>(Object.values(AUDIT_EVENT_TYPES));
const auditEntry = {
  id: '2f0e1d3c-4b5a-4978-8695-a4b3c2d1e0f9',
  at: '2026-03-02T10:00:00.000Z',
  actor: { type: 'admin', id: '3', name: 'Beheer' },
  action: 'registration.approved',
  target: { type: 'registration', id: '41' },
  changes: { status: { before: 'new', after: 'approved' } },
  reason: null,
};

interface Consumer {
  service: string;
  durable: string;
  stream: keyof typeof STREAMS;
  type: string;
  handler: Handler;
}

/** What a handler made of an event: accepted (past its schema check) or rejected. */
async function consume(c: Consumer, data: unknown, version = 1): Promise<'accepted' | ZodError> {
  const event = {
    id: '9b2f6f1c-3f4e-4e39-9a53-0b5d7c1f2a11',
    type: c.type,
    version,
    occurredAt: '2026-03-02T10:00:00.000Z',
    data,
  };
  try {
    await c.handler.handle(event, { tx: stubTx, logger: stubLogger });
    return 'accepted';
  } catch (err) {
    if (err instanceof ZodError) return err;
    if (err instanceof StubReached || err instanceof TypeError) return 'accepted';
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Producers, read from source

type Shape =
  | { kind: 'object'; fields: Record<string, { shape: Shape; optional: boolean }> }
  | { kind: 'opaque' };
interface ProducerSite {
  file: string;
  line: number;
  types: string[];
  version: number | undefined;
  shape: Shape;
  builder?: string;
}

const OPAQUE: Shape = { kind: 'opaque' };

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(dir);
  return out;
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    parsed.set(file, sf);
  }
  return sf;
}

function each(node: ts.Node, visit: (n: ts.Node) => void) {
  visit(node);
  node.forEachChild((c) => each(c, visit));
}

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)
    ? unwrap(e.expression)
    : e;

/** EVENT_TYPES.x references in an expression, as subjects. */
function eventTypesIn(node: ts.Node): string[] {
  const found: string[] = [];
  each(node, (n) => {
    if (ts.isPropertyAccessExpression(n) && n.expression.getText() === 'EVENT_TYPES') {
      const t = TYPE_BY_KEY[n.name.text];
      if (t) found.push(t);
    }
  });
  return found;
}

/**
 * Function declarations by name in a file, and those it imports from relative modules or from
 * @nsa/contracts (whose index re-exports its modules).
 */
function findFunction(
  file: string,
  name: string,
): { file: string; fn: ts.FunctionDeclaration } | undefined {
  const sf = parse(file);
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name?.text === name) return { file, fn: st };
  }
  const moduleFile = (spec: string) =>
    spec === '@nsa/contracts'
      ? path.join(repo, 'packages/contracts/src/index.ts')
      : spec.startsWith('.')
        ? path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts'))
        : undefined;
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const target = moduleFile(st.moduleSpecifier.text);
    const names = st.importClause?.namedBindings;
    if (!target || !names || !ts.isNamedImports(names)) continue;
    if (!names.elements.some((e) => e.name.text === name)) continue;
    if (fs.existsSync(target)) return findFunction(target, name);
  }
  // export * from './module.js'
  for (const st of sf.statements) {
    if (!ts.isExportDeclaration(st) || st.exportClause || !st.moduleSpecifier) continue;
    if (!ts.isStringLiteral(st.moduleSpecifier)) continue;
    const target = moduleFile(st.moduleSpecifier.text);
    if (!target || !fs.existsSync(target)) continue;
    const found = findFunction(target, name);
    if (found) return found;
  }
  return undefined;
}

function shapeOf(expr: ts.Expression, file: string): { shape: Shape; builder?: string } {
  const e = unwrap(expr);
  if (ts.isObjectLiteralExpression(e)) {
    const fields: Record<string, { shape: Shape; optional: boolean }> = {};
    for (const p of e.properties) {
      if (ts.isPropertyAssignment(p)) {
        fields[p.name.getText()] = { shape: shapeOf(p.initializer, file).shape, optional: false };
      } else if (ts.isShorthandPropertyAssignment(p)) {
        fields[p.name.text] = { shape: OPAQUE, optional: false };
      } else if (ts.isSpreadAssignment(p)) {
        const inner = unwrap(p.expression);
        const branches = ts.isConditionalExpression(inner)
          ? [inner.whenTrue, inner.whenFalse]
          : [inner];
        for (const b of branches) {
          const s = shapeOf(b, file).shape;
          if (s.kind !== 'object') return { shape: OPAQUE };
          for (const [k, v] of Object.entries(s.fields)) {
            fields[k] = { shape: v.shape, optional: branches.length > 1 || v.optional };
          }
        }
      }
    }
    return { shape: { kind: 'object', fields } };
  }
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
    const found = findFunction(file, e.expression.text);
    const ret = found?.fn.body?.statements.find(ts.isReturnStatement)?.expression;
    if (found && ret) return { shape: shapeOf(ret, found.file).shape, builder: e.expression.text };
  }
  return { shape: OPAQUE };
}

/**
 * The outbox's methods that take a new event, and at which argument: `add(tx, event)`,
 * `addMany(tx, events)`, and `row(event)` for a database function that writes the row itself.
 */
const OUTBOX_METHODS = new Map([
  ['add', 1],
  ['addMany', 1],
  ['row', 0],
]);

/**
 * The object literal an event argument is: written in place, returned by a function of the
 * service (`statusEvent(...)`), or what `xs.map((x) => ...)` makes of each element.
 */
function eventLiteral(expr: ts.Expression, file: string): ts.ObjectLiteralExpression | undefined {
  const e = unwrap(expr);
  if (ts.isObjectLiteralExpression(e)) return e;
  if (!ts.isCallExpression(e)) return undefined;
  if (ts.isIdentifier(e.expression)) {
    const found = findFunction(file, e.expression.text);
    const ret = found?.fn.body?.statements.find(ts.isReturnStatement)?.expression;
    return ret && found ? eventLiteral(ret, found.file) : undefined;
  }
  const callback = e.arguments[0];
  if (
    ts.isPropertyAccessExpression(e.expression) &&
    e.expression.name.text === 'map' &&
    callback &&
    ts.isArrowFunction(callback) &&
    !ts.isBlock(callback.body)
  ) {
    return eventLiteral(callback.body, file);
  }
  return undefined;
}

/**
 * The events an outbox argument stands for: itself, or, for a local array (`events` in
 * `outbox.addMany(tx, events)`), every element of its initialiser and every `events.push(x)`
 * in the same function.
 */
function eventCandidates(given: ts.Expression): ts.Expression[] {
  const e = unwrap(given);
  if (!ts.isIdentifier(e)) return [e];
  let fn: ts.Node | undefined = e.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  if (!fn) return [];
  const out: ts.Expression[] = [];
  each(fn, (n) => {
    if (
      ts.isVariableDeclaration(n) &&
      n.name.getText() === e.text &&
      n.initializer &&
      ts.isArrayLiteralExpression(unwrap(n.initializer))
    ) {
      out.push(...(unwrap(n.initializer) as ts.ArrayLiteralExpression).elements);
    } else if (
      ts.isVariableDeclaration(n) &&
      n.name.getText() === e.text &&
      n.initializer &&
      !ts.isArrayLiteralExpression(unwrap(n.initializer))
    ) {
      out.push(unwrap(n.initializer));
    }
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === 'push' &&
      n.expression.expression.getText() === e.text
    ) {
      out.push(...n.arguments);
    }
  });
  return out;
}

/**
 * The event types a builder call names when the builder takes its event's type as a parameter
 * (`statusEvent(EVENT_TYPES.x, ...)`, or a conditional of several): read from that argument.
 */
function builderTypes(expr: ts.Expression, file: string): string[] | undefined {
  let e = unwrap(expr);
  if (
    ts.isCallExpression(e) &&
    ts.isPropertyAccessExpression(e.expression) &&
    e.expression.name.text === 'map'
  ) {
    const cb = e.arguments[0];
    if (!cb || !ts.isArrowFunction(cb) || ts.isBlock(cb.body)) return undefined;
    e = unwrap(cb.body);
  }
  if (!ts.isCallExpression(e) || !ts.isIdentifier(e.expression)) return undefined;
  const found = findFunction(file, e.expression.text);
  const ret = found?.fn.body?.statements.find(ts.isReturnStatement)?.expression;
  const literal =
    ret && ts.isObjectLiteralExpression(unwrap(ret))
      ? (unwrap(ret) as ts.ObjectLiteralExpression)
      : undefined;
  const typeProp = literal?.properties.find((p) => p.name?.getText() === 'type');
  if (!found || !typeProp) return undefined;
  const name = ts.isShorthandPropertyAssignment(typeProp)
    ? typeProp.name.text
    : ts.isPropertyAssignment(typeProp) && ts.isIdentifier(typeProp.initializer)
      ? typeProp.initializer.text
      : undefined;
  const index = found.fn.parameters.findIndex((p) => p.name.getText() === name);
  const arg = index >= 0 ? e.arguments[index] : undefined;
  if (!arg) return undefined;
  const direct = eventTypesIn(arg);
  if (direct.length > 0 || !ts.isIdentifier(arg)) return direct;
  // Passed in once more: `change(id, EVENT_TYPES.x, ...)` calls `statusEvent(type, ...)`; the
  // types are what that method's callers pass.
  let m: ts.Node | undefined = e.parent;
  while (m && !ts.isMethodDeclaration(m) && !ts.isFunctionDeclaration(m)) m = m.parent;
  if (!m || !(ts.isMethodDeclaration(m) || ts.isFunctionDeclaration(m)) || !m.name) return direct;
  const outer = m.name.getText();
  const at = m.parameters.findIndex((p) => p.name.getText() === arg.text);
  const types: string[] = [];
  each(m.getSourceFile(), (c) => {
    if (!ts.isCallExpression(c) || at < 0) return;
    const ce = c.expression;
    const cname = ts.isPropertyAccessExpression(ce)
      ? ce.name.text
      : ts.isIdentifier(ce)
        ? ce.text
        : '';
    if (cname === outer && c.arguments[at]) types.push(...eventTypesIn(c.arguments[at]!));
  });
  return [...new Set(types)];
}

/** The arguments of a SQL call whose opening parenthesis is at `open`, split at top level. */
function sqlArguments(sql: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = open + 1;
  for (let i = open + 1; i < sql.length; i += 1) {
    const ch = sql[i];
    if (ch === "'") quoted = !quoted;
    if (quoted) continue;
    if (ch === '(') depth += 1;
    else if (ch === ')' && depth-- === 0) return [...args, sql.slice(start, i).trim()];
    else if (ch === ',' && depth === 0) {
      args.push(sql.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

/** The shape a SQL `jsonb_build_object('k', v, ...)` builds (nested ones read too). */
function sqlObjectShape(sql: string, open: number): Shape {
  const args = sqlArguments(sql, open);
  const fields: Record<string, { shape: Shape; optional: boolean }> = {};
  for (let i = 0; i + 1 < args.length; i += 2) {
    const key = /^'(\w+)'$/.exec(args[i]!)?.[1];
    if (!key) return OPAQUE;
    const value = args[i + 1]!;
    const nested = /^jsonb_build_object\s*\(/.exec(value);
    fields[key] = {
      shape: nested ? sqlObjectShape(value, nested[0].length - 1) : OPAQUE,
      optional: false,
    };
  }
  return { kind: 'object', fields };
}

/**
 * An event whose data a database function of the service builds (`outbox.head(type)` in
 * TypeScript: the envelope only): the data of the `INSERT INTO outbox` in the service's
 * `sql/*.sql` that builds it with `jsonb_build_object`.
 */
function sqlEventShape(service: string): Shape {
  const dir = path.join(repo, service, 'sql');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.sql')) : [];
  for (const f of files) {
    const sql = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of sql.matchAll(/INSERT INTO outbox[^;]*?jsonb_build_object\(/g))
      return sqlObjectShape(sql, m.index + m[0].length - 1);
  }
  return OPAQUE;
}

/** `x.outbox.add(tx, { type, data, version })` and wrappers `this.emit(tx, type, data)`. */
function producerSites(): ProducerSite[] {
  const sites: ProducerSite[] = [];
  for (const service of SERVICES) {
    for (const file of sourceFiles(path.join(repo, service, 'src'))) {
      const sf = parse(file);
      // Methods or functions that pass their own parameters on as `type` and `data`.
      const wrappers = new Map<string, { type: number; data: number; version?: number }>();
      const outboxCalls: ts.CallExpression[] = [];
      each(sf, (n) => {
        // `outbox.head(type, version?)`: an event the service's database function builds.
        if (
          ts.isCallExpression(n) &&
          ts.isPropertyAccessExpression(n.expression) &&
          n.expression.name.text === 'head' &&
          /(^|\.)outbox$/.test(n.expression.expression.getText()) &&
          n.arguments[0]
        ) {
          const version = n.arguments[1];
          sites.push({
            file: path.relative(repo, file),
            line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1,
            types: eventTypesIn(n.arguments[0]),
            version: version && ts.isNumericLiteral(version) ? Number(version.text) : undefined,
            shape: sqlEventShape(service),
          });
        }
        if (
          ts.isCallExpression(n) &&
          ts.isPropertyAccessExpression(n.expression) &&
          OUTBOX_METHODS.has(n.expression.name.text) &&
          /(^|\.)outbox$/.test(n.expression.expression.getText())
        ) {
          outboxCalls.push(n);
        }
      });
      for (const call of outboxCalls) {
        const method = (call.expression as ts.PropertyAccessExpression).name.text;
        const given = call.arguments[OUTBOX_METHODS.get(method)!];
        for (const candidate of given ? eventCandidates(given) : []) {
          const arg = eventLiteral(candidate, file);
          if (!arg) continue;
          const prop = (name: string) =>
            arg.properties.find(
              (p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
                (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
                p.name.getText() === name,
            );
          let owner: ts.Node | undefined = call.parent;
          while (owner && !ts.isMethodDeclaration(owner) && !ts.isFunctionDeclaration(owner))
            owner = owner.parent;
          const params =
            owner && (ts.isMethodDeclaration(owner) || ts.isFunctionDeclaration(owner))
              ? owner.parameters.map((p) => p.name.getText())
              : [];
          const paramOf = (
            p: ts.PropertyAssignment | ts.ShorthandPropertyAssignment | undefined,
          ) =>
            p && ts.isShorthandPropertyAssignment(p)
              ? params.indexOf(p.name.text)
              : p && ts.isIdentifier(p.initializer)
                ? params.indexOf(p.initializer.text)
                : -1;
          const typeParam = paramOf(prop('type'));
          const dataParam = paramOf(prop('data'));
          if (
            owner &&
            typeParam >= 0 &&
            dataParam >= 0 &&
            (ts.isMethodDeclaration(owner) || ts.isFunctionDeclaration(owner))
          ) {
            wrappers.set(owner.name!.getText(), { type: typeParam, data: dataParam });
            continue;
          }
          const typeProp = prop('type');
          const dataProp = prop('data');
          const versionProp = prop('version');
          let types =
            builderTypes(candidate, file) ??
            (typeProp && ts.isPropertyAssignment(typeProp)
              ? eventTypesIn(typeProp.initializer)
              : []);
          if (types.length === 0) {
            // `type: result.type`: the `type:` values this file builds.
            each(sf, (n) => {
              if (ts.isPropertyAssignment(n) && n.name.getText() === 'type')
                types.push(...eventTypesIn(n.initializer));
            });
            types = [...new Set(types)];
          }
          const version =
            versionProp &&
            ts.isPropertyAssignment(versionProp) &&
            ts.isNumericLiteral(versionProp.initializer)
              ? Number(versionProp.initializer.text)
              : versionProp
                ? Number.NaN
                : undefined;
          const data =
            dataProp && ts.isPropertyAssignment(dataProp)
              ? shapeOf(dataProp.initializer, file)
              : { shape: OPAQUE };
          sites.push({
            file: path.relative(repo, file),
            line: sf.getLineAndCharacterOfPosition(candidate.getStart()).line + 1,
            types,
            version,
            ...data,
          });
        }
      }
      each(sf, (n) => {
        if (!ts.isCallExpression(n)) return;
        const callee = n.expression;
        const name = ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : ts.isIdentifier(callee)
            ? callee.text
            : '';
        const w = wrappers.get(name);
        if (!w) return;
        const typeArg = n.arguments[w.type];
        const dataArg = n.arguments[w.data];
        if (!typeArg || !dataArg) return;
        let types = eventTypesIn(typeArg);
        if (types.length === 0 && ts.isIdentifier(typeArg)) {
          // Passed through once more: `deleteNamed(..., EVENT_TYPES.schoolDeleted, ...)` calls
          // `this.emit(tx, eventType, ...)`; the types are what that method's callers pass.
          let m: ts.Node | undefined = n.parent;
          while (m && !ts.isMethodDeclaration(m) && !ts.isFunctionDeclaration(m)) m = m.parent;
          if (m && (ts.isMethodDeclaration(m) || ts.isFunctionDeclaration(m)) && m.name) {
            const index = m.parameters.findIndex((p) => p.name.getText() === typeArg.text);
            const outer = m.name.getText();
            each(sf, (c) => {
              if (!ts.isCallExpression(c) || index < 0) return;
              const ce = c.expression;
              const cname = ts.isPropertyAccessExpression(ce)
                ? ce.name.text
                : ts.isIdentifier(ce)
                  ? ce.text
                  : '';
              const arg = c.arguments[index];
              if (cname === outer && arg) types.push(...eventTypesIn(arg));
            });
            types = [...new Set(types)];
          }
        }
        sites.push({
          file: path.relative(repo, file),
          line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1,
          types,
          version: undefined,
          ...shapeOf(dataArg, file),
        });
      });
    }
  }
  return sites;
}

// ---------------------------------------------------------------------------------------------
// Payloads

const HASH = 'ab'.repeat(32);
const registration: RegistrationEvent = {
  registrationId: 41,
  activityId: 7,
  status: 'approved',
  previousStatus: 'new',
  sendEmail: true,
  language: 'nl',
  notification: {
    to: 'ouder@voorbeeld.nl',
    parentName: 'Sanne de Vries',
    childName: 'Noor de Vries',
    activityTitle: 'Judo',
    schoolName: 'De Regenboog',
    providerName: 'Sportclub Oost',
    blockName: 'Blok 1',
    weekday: 2,
    startTime: '15:30',
    weekStart: 10,
    weekEnd: 16,
    reason: null,
  },
};
const secretLink: SecretLinkEvent = {
  userId: 3,
  email: 'beheer@voorbeeld.nl',
  name: 'Beheer',
  language: 'nl',
  sealedLink: 'Fe26.2**sealed',
  expiresAt: '2026-03-09T10:00:00.000Z',
};
const emailSent: EmailSentEvent = {
  sourceEventId: '0f8b3c1e-7a6d-4f5e-8c2b-1d9e0a7b6c5d',
  kind: 'registration-approved',
  registrationId: 41,
};
const school: SchoolEvent = { id: 2, name: 'De Regenboog', accessTokenHash: HASH };
const block: BlockEvent = {
  id: 1,
  name: 'Blok 1',
  weekStart: 10,
  weekEnd: 16,
  signupOpensAt: '2026-03-01T18:00:00.000+01:00',
  signupClosesAt: '2026-03-08T18:00:00.000+01:00',
  allocation: 'lottery',
};

/** Samples, built by the producers' own exported builders where they have one. */
async function samples(): Promise<Record<string, unknown>> {
  const events = (await import(
    pathToFileURL(path.join(repo, 'svc-catalog/src/domain/events.ts')).href
  )) as {
    activityEvent(a: unknown): ActivityEvent;
    providerTokenEvent(t: unknown): unknown;
  };
  const activity = events.activityEvent({
    id: 7,
    title: 'Judo',
    capacity: 12,
    weekday: 2,
    startTime: '15:30',
    isLocked: false,
    isHidden: false,
    school: { id: 2, name: 'De Regenboog' },
    schoolToken: '0123456789abcdef0123456789abcdef',
    block: { id: 1, name: 'Blok 1', weekStart: 10, weekEnd: 16 },
    provider: { id: 4, name: 'Sportclub Oost' },
  });
  const token = events.providerTokenEvent({
    activityId: 7,
    tokenHash: HASH,
    expiresAt: '2026-06-01T00:00:00.000Z',
    revoked: false,
  });
  return {
    [EVENT_TYPES.schoolCreated]: school,
    [EVENT_TYPES.schoolUpdated]: school,
    [EVENT_TYPES.activityCreated]: activity,
    [EVENT_TYPES.activityUpdated]: activity,
    [EVENT_TYPES.activityDeleted]: { id: 7 },
    [EVENT_TYPES.providerTokenChanged]: token,
    [EVENT_TYPES.registrationCreated]: {
      ...registration,
      status: 'new',
      previousStatus: null,
      sendEmail: false,
      notification: undefined,
    },
    [EVENT_TYPES.registrationApproved]: registration,
    [EVENT_TYPES.registrationRejected]: {
      ...registration,
      status: 'rejected',
      notification: { ...registration.notification!, reason: 'vol' },
    },
    [EVENT_TYPES.registrationReverted]: {
      ...registration,
      status: 'new',
      previousStatus: 'approved',
      sendEmail: false,
      notification: undefined,
    },
    [EVENT_TYPES.registrationOffered]: {
      ...registration,
      status: 'offered',
      previousStatus: 'waitlisted',
      notification: {
        ...registration.notification!,
        sealedLink: 'Fe26.2**sealed',
        offerExpiresAt: '2026-03-04T10:00:00.000Z',
      },
    },
    [EVENT_TYPES.registrationWaitlisted]: {
      ...registration,
      status: 'waitlisted',
      previousStatus: 'new',
      notification: { ...registration.notification!, waitlistPosition: 3 },
    },
    [EVENT_TYPES.registrationWithdrawn]: {
      ...registration,
      status: 'withdrawn',
      previousStatus: 'offered',
      withdrawReason: 'expired',
      notification: { ...registration.notification!, sealedLink: 'Fe26.2**sealed' },
    },
    [EVENT_TYPES.registrationErased]: { registrationId: 41, activityId: 7 },
    // R-RETENTION-EVENT: a batch erased by retention or on request.
    [EVENT_TYPES.registrationsErased]: { registrationIds: [41, 42], reason: 'retention' },
    [EVENT_TYPES.blockCreated]: block,
    [EVENT_TYPES.blockUpdated]: block,
    [EVENT_TYPES.drawCommitted]: { blockId: 1, seedHash: HASH },
    [EVENT_TYPES.drawPublished]: {
      blockId: 1,
      drawId: '3c1d0a2e-5b4f-4e6a-9d8c-7f6e5d4c3b2a',
      seed: 'cd'.repeat(32),
      seedHash: HASH,
      algorithm: 'family-rounds-snake/v1',
      publishedAt: '2026-03-02T10:00:00.000Z',
    },
    // R-DRAW-FREEZE: the frozen entries' digest (null: the freeze was undone).
    [EVENT_TYPES.drawFrozen]: { blockId: 1, entriesDigest: HASH },
    [EVENT_TYPES.adminCreated]: secretLink,
    [EVENT_TYPES.passwordResetRequested]: secretLink,
    [EVENT_TYPES.emailSent]: emailSent,
    ...Object.fromEntries([...AUDIT_TYPES].map((t) => [t, auditEntry])),
    [EVENT_TYPES.providerLinkUsed]: {
      activityId: 7,
      tokenHash: HASH,
      at: '2026-03-02T10:00:00.000Z',
    },
  };
}

/** The sample with only the fields the producer's code sets (optional ones kept or dropped). */
function trimmed(sample: unknown, shape: Shape, keepOptional: boolean): unknown {
  if (shape.kind === 'opaque' || typeof sample !== 'object' || sample === null) return sample;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape.fields)) {
    if (field.optional && !keepOptional) continue;
    const value = (sample as Record<string, unknown>)[key];
    // A field the full sample does without is one no consumer needs.
    if (value !== undefined) out[key] = trimmed(value, field.shape, keepOptional);
  }
  return out;
}

const stripUndefined = (v: unknown) =>
  v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown);

// ---------------------------------------------------------------------------------------------

describe('event contracts between producers and consumers', () => {
  let consumers: Consumer[];
  let sites: ProducerSite[];
  let sample: Record<string, unknown>;

  beforeAll(async () => {
    consumers = [];
    for (const [file, build] of Object.entries(CONSUMER_MODULES)) {
      const mod = await import(pathToFileURL(path.join(repo, file)).href);
      for (const spec of build(mod)) {
        for (const [type, handler] of Object.entries(spec.handlers)) {
          consumers.push({
            service: file.split('/')[0]!,
            durable: spec.durable,
            stream: spec.stream,
            type,
            handler,
          });
        }
      }
    }
    sites = producerSites();
    sample = await samples();
  }, 60_000);

  it('knows every consumer the services have', () => {
    const found = SERVICES.flatMap((s) => {
      const dir = path.join(repo, s, 'src', 'entry-points', 'messaging');
      return fs.existsSync(dir) ? sourceFiles(dir) : [];
    })
      .filter((f) => /\)\s*:\s*ConsumerSpec(\[\])?\s*\{/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(repo, f))
      .sort();
    expect(found).toEqual(Object.keys(CONSUMER_MODULES).sort());
    expect(consumers.length).toBeGreaterThanOrEqual(13);
  });

  it('reads every producer: each site names its event types and builds readable data', () => {
    expect(sites.length).toBeGreaterThanOrEqual(15);
    const unreadable = sites.filter((s) => s.types.length === 0).map((s) => `${s.file}:${s.line}`);
    expect(unreadable, 'outbox.add whose event type cannot be read').toEqual([]);
    const known = new Set(Object.values(EVENT_TYPES));
    for (const s of sites) for (const t of s.types) expect(known.has(t as never), t).toBe(true);
  });

  it('stores the audit events of every service, each from its own stream', () => {
    const audit = consumers.filter((c) => AUDIT_TYPES.has(c.type));
    expect(audit.map((c) => c.type).sort()).toEqual([...AUDIT_TYPES].sort());
    for (const c of audit) {
      expect(c.service).toBe('svc-identity');
      expect(c.handler.versions).toContain(1);
      const prefix = STREAMS[c.stream].subjects[0]!.replace('>', '');
      expect(c.type.startsWith(prefix), `${c.type} in ${c.stream}`).toBe(true);
    }
  });

  it('has a producer for every event a consumer listens to, in a version it understands', () => {
    for (const c of consumers) {
      if (AUDIT_TYPES.has(c.type)) continue;
      const producing = sites.filter((s) => s.types.includes(c.type));
      expect(
        producing.length,
        `${c.service} consumes ${c.type}: nobody produces it`,
      ).toBeGreaterThan(0);
      for (const p of producing) {
        // outbox.add without `version` publishes version 1.
        const version = p.version ?? 1;
        expect(c.handler.versions, `${p.file}:${p.line} sends ${c.type} v${version}`).toContain(
          version,
        );
      }
      // The event's subject lies in the stream the consumer reads.
      const prefix = STREAMS[c.stream].subjects[0]!.replace('>', '');
      expect(c.type.startsWith(prefix), `${c.type} in ${c.stream}`).toBe(true);
    }
  });

  it('every consumer checks its payload: a sample passes, one without a required field does not', async () => {
    for (const c of consumers) {
      const data = stripUndefined(sample[c.type]);
      expect(data, `a sample for ${c.type}`).toBeDefined();
      expect(await consume(c, data), `${c.service} ${c.type}`).toBe('accepted');
      // Honesty check: dropping some field makes the handler refuse, so "accepted" means
      // something. (A handler that never validates would let any producer change slip by.)
      const fields = Object.keys(data as object);
      const results = await Promise.all(
        fields.map(async (f) => {
          const { [f]: _dropped, ...rest } = data as Record<string, unknown>;
          return (await consume(c, rest)) instanceof ZodError;
        }),
      );
      expect(results.some(Boolean), `${c.service} ${c.type} validates its payload`).toBe(true);
    }
  });

  it("every producer's payload satisfies every consumer of its event type", async () => {
    const failures: string[] = [];
    for (const site of sites) {
      for (const type of site.types) {
        for (const c of consumers.filter((x) => x.type === type)) {
          const where = `${site.file}:${site.line} (${type}) -> ${c.service}`;
          if (site.shape.kind === 'opaque') {
            failures.push(
              `${where}: the producer's data cannot be read; build it as an object literal or with a builder function`,
            );
            continue;
          }
          for (const keepOptional of [true, false]) {
            const data = stripUndefined(trimmed(sample[type], site.shape, keepOptional));
            const result = await consume(c, data);
            if (result !== 'accepted') {
              const issues = result.issues
                .map((i) => `${i.path.join('.')}: ${i.message}`)
                .join('; ');
              failures.push(
                `${where}${keepOptional ? '' : ' (optional fields left out)'}: ${issues}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('catches a producer that drops a field a consumer needs', async () => {
    // The check above, against a deliberately broken producer: the sign-up's event without
    // activityId, as svc-catalog's counts consumer would get it.
    const counts = consumers.find(
      (c) => c.service === 'svc-catalog' && c.type === EVENT_TYPES.registrationCreated,
    )!;
    const signup = sites.find(
      (s) => s.file.endsWith('signup.ts') && s.types.includes(EVENT_TYPES.registrationCreated),
    )!;
    expect(signup.shape.kind).toBe('object');
    const broken: Shape =
      signup.shape.kind === 'object'
        ? {
            kind: 'object',
            fields: Object.fromEntries(
              Object.entries(signup.shape.fields).filter(([k]) => k !== 'activityId'),
            ),
          }
        : signup.shape;
    const result = await consume(
      counts,
      stripUndefined(trimmed(sample[EVENT_TYPES.registrationCreated], broken, true)),
    );
    expect(result).toBeInstanceOf(ZodError);
  });
});
