// Breaking changes between two JSON Schemas (draft 2020-12, as zod's toJSONSchema writes them):
// whether every value one side may send is one the other side accepts, and where not, which
// field and why. Plain JavaScript without dependencies.
//
// A reader here is a zod schema parsing with its defaults: an object keeps the fields it knows
// and drops the others (additionalProperties is absent from z.object's input schema), an enum
// refuses a value it does not list. Pages read HTTP answers without validating them: for
// answers (`open: true`) an extra field or a new enum value passes, a removed field does not.

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  'id',
  'title',
  'description',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  '$defs',
  'definitions',
]);

const show = (v) => JSON.stringify(v);
const list = (values) => values.map(show).join(', ');
const join = (base, key) => (base ? `${base}.${key}` : key);

/** The types a schema allows, or undefined for any. */
function typesOf(s) {
  if (s === false) return new Set();
  if (s === true || !s) return undefined;
  if (s.type) return new Set(Array.isArray(s.type) ? s.type : [s.type]);
  const values = 'const' in s ? [s.const] : s.enum;
  if (values) return new Set(values.map(valueType));
  if (s.properties || s.additionalProperties !== undefined || s.required)
    return new Set(['object']);
  if (s.items || s.prefixItems) return new Set(['array']);
  return undefined;
}

function valueType(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const covers = (types, t) => types.has(t) || (t === 'integer' && types.has('number'));
const typeText = (types) => (types ? [...types].sort().join(' or ') : 'any type');

function valuesOf(s) {
  if (!s || typeof s !== 'object') return undefined;
  if ('const' in s) return [s.const];
  return s.enum;
}

/** A schema that accepts everything. */
function isOpen(s) {
  if (s === true || s === undefined) return true;
  if (s === false) return false;
  return Object.keys(s).every((k) => ANNOTATIONS.has(k));
}

/** `#/$defs/Name` inside the schema's own root. */
function resolve(s, root, seen) {
  let out = s;
  for (let i = 0; out && typeof out === 'object' && typeof out.$ref === 'string'; i += 1) {
    if (i > 50) throw new Error(`$ref loop at ${out.$ref}`);
    const ref = out.$ref;
    if (ref !== '#' && !ref.startsWith('#/')) {
      throw new Error(`only local $ref is supported: ${ref}`);
    }
    const target = ref
      .slice(2)
      .split('/')
      .filter(Boolean)
      .reduce((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    if (target === undefined) throw new Error(`$ref ${ref} not found`);
    seen?.push(ref);
    const { $ref: _ref, ...rest } = out;
    out = Object.keys(rest).length ? { ...target, ...rest } : target;
  }
  return out;
}

/**
 * Problems where `writer` allows a value `reader` refuses.
 * ctx: { readerRoot, writerRoot, writerIsNew, open, active } (see compareSchemas).
 * @returns {Array<{ path: string, problem: string }>}
 */
function accepts(reader, writer, ctx, path) {
  const refs = [];
  const r = resolve(reader, ctx.readerRoot, refs);
  const w = resolve(writer, ctx.writerRoot, refs);
  if (!refs.length) return check(r, w, ctx, path);
  // A recursive schema: the same pair of definitions inside itself is being checked already.
  const key = refs.join('|');
  if (ctx.active.has(key)) return [];
  ctx.active.add(key);
  try {
    return check(r, w, ctx, path);
  } finally {
    ctx.active.delete(key);
  }
}

function check(r, w, ctx, path) {
  if (isOpen(r) || w === false) return [];
  const issue = (problem) => [{ path, problem }];

  // A union on the writer's side: each of its branches must be readable.
  const wBranches = w.anyOf ?? w.oneOf;
  if (wBranches) {
    const { anyOf: _a, oneOf: _o, ...common } = w;
    return dedupe(wBranches.flatMap((b) => accepts(r, { ...common, ...b }, ctx, path)));
  }
  // A union on the reader's side: some branch must read all of it.
  const rBranches = r.anyOf ?? r.oneOf;
  if (rBranches) {
    const { anyOf: _a, oneOf: _o, ...common } = r;
    const tries = rBranches.map((b) => accepts({ ...common, ...b }, w, ctx, path));
    if (tries.some((t) => t.length === 0)) return [];
    const wTypes = typesOf(w);
    const near = rBranches
      .map((b, i) => ({ b, issues: tries[i] }))
      .filter(({ b }) => {
        const bt = typesOf(b);
        return !bt || !wTypes || [...wTypes].some((t) => covers(bt, t));
      });
    if (!near.length) {
      const all = new Set(rBranches.flatMap((b) => [...(typesOf(b) ?? ['any type'])]));
      return issue(typeProblem(ctx, all, wTypes));
    }
    near.sort((a, b) => a.issues.length - b.issues.length);
    return near[0].issues;
  }
  if (r.allOf) return dedupe(r.allOf.flatMap((part) => accepts(part, w, ctx, path)));
  if (w.allOf) {
    const tries = w.allOf.map((part) => accepts(r, { ...w, allOf: undefined, ...part }, ctx, path));
    return tries.some((t) => t.length === 0) ? [] : tries[0];
  }

  const rTypes = typesOf(r);
  const wTypes = typesOf(w);
  if (rTypes && (!wTypes || [...wTypes].some((t) => !covers(rTypes, t)))) {
    return issue(typeProblem(ctx, rTypes, wTypes));
  }

  const out = [];
  const rValues = valuesOf(r);
  if (rValues) {
    const wValues = valuesOf(w);
    if (!wValues) {
      out.push({ path, problem: valuesProblem(ctx, rValues, undefined) });
    } else if (!(ctx.open && r.enum && w.enum)) {
      const known = new Set(rValues.map(show));
      const extra = wValues.filter((v) => !known.has(show(v)));
      if (extra.length) out.push({ path, problem: valuesProblem(ctx, rValues, extra) });
    }
  }

  out.push(...bounds(r, w, ctx, path));
  if (r.pattern !== undefined && r.pattern !== w.pattern) {
    out.push({ path, problem: limitProblem(ctx, 'pattern', r.pattern, w.pattern) });
  }
  if (r.format !== undefined && r.format !== w.format) {
    out.push({ path, problem: limitProblem(ctx, 'format', r.format, w.format) });
  }
  if (r.multipleOf !== undefined && !(w.multipleOf && w.multipleOf % r.multipleOf === 0)) {
    out.push({ path, problem: limitProblem(ctx, 'multipleOf', r.multipleOf, w.multipleOf) });
  }

  if (!wTypes || wTypes.has('array')) {
    if (r.items !== undefined) {
      out.push(...accepts(r.items, w.items ?? true, ctx, `${path}[]`));
    }
    (r.prefixItems ?? []).forEach((item, i) => {
      out.push(...accepts(item, w.prefixItems?.[i] ?? w.items ?? true, ctx, `${path}[${i}]`));
    });
  }
  if (!wTypes || wTypes.has('object')) out.push(...objects(r, w, ctx, path));
  return dedupe(out);
}

function objects(r, w, ctx, path) {
  const out = [];
  const rProps = r.properties ?? {};
  const wProps = w.properties ?? {};
  const wRequired = new Set(w.required ?? []);
  for (const key of r.required ?? []) {
    if (wRequired.has(key)) continue;
    out.push({ path: join(path, key), problem: missingProblem(ctx, key in wProps) });
  }
  for (const [key, ws] of Object.entries(wProps)) {
    if (key in rProps) {
      out.push(...accepts(rProps[key], ws, ctx, join(path, key)));
    } else if (r.additionalProperties === false && !ctx.open) {
      out.push({
        path: join(path, key),
        problem: ctx.writerIsNew
          ? 'added, and the last release refuses a field it does not know'
          : 'removed, and the last release still sends it (a field not listed is refused)',
      });
    } else if (r.additionalProperties && typeof r.additionalProperties === 'object') {
      out.push(...accepts(r.additionalProperties, ws, ctx, join(path, key)));
    }
  }
  const ra = r.additionalProperties;
  const wa = w.additionalProperties;
  if (ra && typeof ra === 'object' && wa && typeof wa === 'object') {
    out.push(...accepts(ra, wa, ctx, `${path}{}`));
  }
  if (r.propertyNames && w.propertyNames) {
    out.push(...accepts(r.propertyNames, w.propertyNames, ctx, `${path}{key}`));
  }
  return out;
}

/** minimum/maximum (with their exclusive forms), lengths and item and property counts. */
function bounds(r, w, ctx, path) {
  const out = [];
  const low = (s) =>
    s.exclusiveMinimum !== undefined && (s.minimum === undefined || s.exclusiveMinimum >= s.minimum)
      ? { v: s.exclusiveMinimum, x: true }
      : s.minimum !== undefined
        ? { v: s.minimum, x: false }
        : undefined;
  const high = (s) =>
    s.exclusiveMaximum !== undefined && (s.maximum === undefined || s.exclusiveMaximum <= s.maximum)
      ? { v: s.exclusiveMaximum, x: true }
      : s.maximum !== undefined
        ? { v: s.maximum, x: false }
        : undefined;
  const text = (b, below) => (b ? `${below ? '>' : '<'}${b.x ? '' : '='} ${b.v}` : 'none');
  const rl = low(r);
  const wl = low(w);
  if (rl && (!wl || wl.v < rl.v || (wl.v === rl.v && rl.x && !wl.x))) {
    out.push({ path, problem: limitProblem(ctx, 'minimum', text(rl, true), text(wl, true)) });
  }
  const rh = high(r);
  const wh = high(w);
  if (rh && (!wh || wh.v > rh.v || (wh.v === rh.v && rh.x && !wh.x))) {
    out.push({ path, problem: limitProblem(ctx, 'maximum', text(rh, false), text(wh, false)) });
  }
  for (const [min, max] of [
    ['minLength', 'maxLength'],
    ['minItems', 'maxItems'],
    ['minProperties', 'maxProperties'],
  ]) {
    if (r[min] !== undefined && !(w[min] >= r[min])) {
      out.push({ path, problem: limitProblem(ctx, min, r[min], w[min]) });
    }
    if (r[max] !== undefined && !(w[max] <= r[max])) {
      out.push({ path, problem: limitProblem(ctx, max, r[max], w[max]) });
    }
  }
  return out;
}

// The problems, told as the change from the last release to now: the reader is the last
// release when the writer is new, and the other way round.

function typeProblem(ctx, readerTypes, writerTypes) {
  const extra = writerTypes
    ? new Set([...writerTypes].filter((t) => !covers(readerTypes, t)))
    : undefined;
  return ctx.writerIsNew
    ? `may now be ${typeText(extra)}; the last release reads only ${typeText(readerTypes)}`
    : `now only ${typeText(readerTypes)}; the last release sends ${typeText(extra)}`;
}

function valuesProblem(ctx, readerValues, extra) {
  if (!extra) {
    return ctx.writerIsNew
      ? `no longer limited to ${list(readerValues)}, which is all the last release reads`
      : `narrowed to ${list(readerValues)}; the last release sends other values`;
  }
  return ctx.writerIsNew
    ? `new value ${list(extra)} that the last release refuses`
    : `value ${list(extra)} removed; the last release sends it`;
}

function limitProblem(ctx, keyword, readerValue, writerValue) {
  const text = (v) =>
    v === undefined ? 'none' : typeof v === 'string' && keyword === 'pattern' ? show(v) : v;
  const from = text(ctx.writerIsNew ? readerValue : writerValue);
  const to = text(ctx.writerIsNew ? writerValue : readerValue);
  return ctx.writerIsNew
    ? `${keyword} widened (${from} → ${to}); the last release refuses what it now allows`
    : `${keyword} narrowed (${from} → ${to}); the last release sends what it now refuses`;
}

function missingProblem(ctx, stillListed) {
  if (ctx.writerIsNew) {
    return stillListed
      ? 'now optional; the last release requires it'
      : 'removed; the last release requires it';
  }
  return stillListed
    ? 'now required; the last release may leave it out'
    : 'new required field; the last release does not send it';
}

function dedupe(issues) {
  const seen = new Set();
  return issues.filter((i) => {
    const key = `${i.path}\0${i.problem}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What breaks between the last release's schema and the current one, by how the schema is used:
 *
 * - `message` (an event's data, a request-reply question or answer between services): either
 *   side may run the last release, so what the new side sends must be readable by the old one and
 *   what the old one sends by the new one. A new field must be optional (or have a default).
 *   Pass both the input and the output schema of each: `{ input, output }`.
 * - `request` (an HTTP request): the new service must accept what the last release's pages send.
 * - `response` (an HTTP answer): the last release's pages must find what they read in what the
 *   new service answers; extra fields and new enum values pass.
 *
 * @param {'message' | 'request' | 'response'} kind
 * @returns {Array<{ path: string, problem: string }>} empty when nothing breaks
 */
export function compareSchemas(kind, before, after, path = '') {
  const run = (reader, writer, writerIsNew, open) =>
    accepts(
      reader,
      writer,
      {
        readerRoot: reader,
        writerRoot: writer,
        writerIsNew,
        open,
        active: new Set(),
      },
      path,
    );
  if (kind === 'message') {
    return dedupe([
      ...run(before.input, after.output, true, false),
      ...run(after.input, before.output, false, false),
    ]);
  }
  if (kind === 'request') return run(after, before, false, false);
  if (kind === 'response') return run(before, after, true, true);
  throw new Error(`unknown kind ${kind}`);
}
