// The values the fuzz cases are made of: nasty strings, wrong types, invalid field values,
// objects with at least one invalid field, garbage ids and tokens, malformed JSON, wrong
// content types. Generated with fast-check.
import fc from 'fast-check';
import { INVISIBLE_CHARACTERS } from '@nsa/contracts';
import type { World } from './cases.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** encodeURIComponent for any string: a lone surrogate becomes U+FFFD first. */
const enc = (s: string) => encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'));

const sqlAndHtml = fc.constantFrom(
  "'; DROP TABLE registrations; --",
  "1' OR '1'='1",
  '1; SELECT pg_sleep(5)',
  "\\'; TRUNCATE users CASCADE; --",
  '$$; DELETE FROM schools; $$',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '%00',
  '=HYPERLINK("http://evil")',
);
const unicodeText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    'Zoë Ünlü-Ça',
    '😀👨‍👩‍👧‍👦🏳️‍🌈',
    'مرحبا بالعالم',
    'עברית\u202e',
    'a\u200bb\u200dc\ufeff',
    'Z̴̡̛͓a̷l̸g̵o̶',
    '\u0000nul',
    'line\r\nbreak',
    '\ud800',
    '𝕳𝖊𝖑𝖑𝖔',
  ),
);
/** Strings a field may legitimately hold, nasty ones included. */
const nastyString = fc.oneof(sqlAndHtml, unicodeText, fc.string({ maxLength: 30 }));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const hugeString = fc.integer({ min: 1_001, max: 20_000 }).map((n) => 'x'.repeat(n));

/**
 * R-NAMES-INVISIBLE: characters no name, title or free text may hold (the joiners only inside a
 * word), from the contracts' list; those a field's trim takes off its ends (the byte order mark
 * is white space to JavaScript) are left out, as a value is put together with them at either end.
 */
const INVISIBLE = INVISIBLE_CHARACTERS.filter((c) => c.trim() === c);
/** A visible name with invisible characters put in it: at its start, inside it or at its end. */
const withInvisible = fc
  .tuple(
    fc.constantFrom('Reviewprobe', 'مريم العلي', 'Ґанна Їжакевич', 'Renée', 'Ｒｅｖｉｅｗ'),
    fc.array(fc.tuple(fc.constantFrom(...INVISIBLE), fc.nat()), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('', '\u200d', '\u200c'),
  )
  .map(([text, inserts, joiner]) => {
    let v = text;
    for (const [c, at] of inserts) {
      const i = at % (v.length + 1);
      v = v.slice(0, i) + c + v.slice(i);
    }
    return joiner ? `${joiner}${v}` : v;
  });

export type Field = (
  | { kind: 'string'; max: number; human?: boolean }
  | { kind: 'email' }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'bool' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'date' }
  | { kind: 'time' }
  | { kind: 'id' }
) & {
  /** Absent is valid (the route has a default): when broken, the field gets a bad value. */
  optional?: boolean;
  /** null is a valid value. */
  nullable?: boolean;
};

function validValue(f: Field, w: World): fc.Arbitrary<unknown> {
  switch (f.kind) {
    case 'string':
      return nastyString.filter(
        (s) => s.trim().length > 0 && s.length <= f.max && !s.includes('\u0000'),
      );
    case 'email':
      return fc.emailAddress();
    case 'int':
      return fc.integer({ min: f.min, max: f.max });
    case 'bool':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...f.values);
    case 'date':
      return fc.constant(`${new Date().getFullYear() - 8}-05-05`);
    case 'time':
      return fc.constant('15:30');
    case 'id':
      return fc.constantFrom(w.schoolId, w.blockId, w.providerId, w.activityId);
  }
}

function invalidValue(f: Field): fc.Arbitrary<unknown> {
  const common = [
    wrongType.filter(
      (v) =>
        !(
          f.kind === 'int' &&
          typeof v === 'number' &&
          Number.isInteger(v) &&
          v >= f.min &&
          v <= f.max
        ),
    ),
  ];
  switch (f.kind) {
    case 'string':
      return fc.oneof(
        ...common.map((a) => a.filter((v) => typeof v !== 'string')),
        // Blank is "absent" for an optional text (a reject's reason), so it is no bad value there.
        ...(f.optional ? [] : [fc.constantFrom('', '   ', '\t\n')]),
        fc.integer({ min: f.max + 1, max: f.max + 3000 }).map((n) => 'é'.repeat(n)),
        ...(f.human ? [withInvisible.filter((v) => v.length <= f.max)] : []),
      );
    case 'email':
      return fc.oneof(
        wrongType,
        fc.constantFrom(
          '',
          'not-an-email',
          'a@',
          '@b.nl',
          'a@b',
          'a b@c.nl',
          '<script>@x.nl',
          "x@y.nl'--",
          'a@@b.nl',
        ),
        sqlAndHtml,
        hugeString.map((s) => `${s}@x.nl`),
      );
    case 'int':
      return fc.oneof(
        ...common,
        fc.constantFrom('abc', '', '1.5', 'NaN', 'Infinity', '-0x1', '1e400', ' '),
        fc.integer({ min: -1_000_000, max: f.min - 1 }),
        fc.integer({ min: f.max + 1, max: 2_000_000_000 }),
        fc.double({ min: f.min, max: f.max, noInteger: true }),
        fc.constant(2 ** 53 + 2),
      );
    case 'bool':
      return fc.oneof(
        fc.constantFrom('true', 'yes', 1, 0, '', 'false'),
        fc.constant(null),
        fc.array(fc.boolean()),
      );
    case 'enum':
      return fc.oneof(
        wrongType,
        fc.constantFrom('', 'groep9', 'GROEP3', 'groep 3', 'superadmin', 'Admin'),
        sqlAndHtml,
      );
    case 'date':
      return fc.oneof(
        wrongType,
        fc.constantFrom(
          '',
          '2015-13-01',
          '2015-02-30',
          '31-12-2015',
          '12/31/2015',
          'yesterday',
          '1900-01-01',
          `${new Date().getFullYear()}-01-01`,
          '0000-00-00',
          '2015-1-1',
          '99999-01-01',
        ),
        sqlAndHtml,
      );
    case 'time':
      return fc.oneof(
        wrongType,
        fc.constantFrom('', '24:00', '7:5', '12:60', 'noon', '12:30:00', '-1:00'),
        sqlAndHtml,
      );
    case 'id':
      return fc.oneof(
        fc.constantFrom(
          'abc',
          -1,
          0,
          1.5,
          '',
          null,
          true,
          [],
          2 ** 31,
          99_999_999,
          '1; DROP TABLE x',
        ),
      );
  }
}

const extraFields = fc.dictionary(
  fc.constantFrom(
    'id',
    'status',
    'role',
    'isAdmin',
    'approvedCount',
    'schoolId',
    'passwordHash',
    '__proto__',
    'constructor',
    'zzz',
  ),
  fc.oneof(nastyString, wrongType),
  { maxKeys: 3 },
);

/** A JSON object for `fields` with at least one field invalid or missing, maybe extra keys. */
export function invalidObject(
  fields: Record<string, Field>,
  w: World,
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  return fc
    .record({
      broken: fc.subarray(names, { minLength: 1 }),
      missing: fc.boolean(),
      extra: fc.option(extraFields, { nil: undefined }),
      values: fc.record(
        Object.fromEntries(
          names.map((n) => {
            const f = fields[n]!;
            const bad = f.nullable ? invalidValue(f).filter((v) => v !== null) : invalidValue(f);
            return [n, fc.tuple(validValue(f, w), bad)];
          }),
        ),
      ),
    })
    .map(({ broken, missing, extra, values }) => {
      const out: Record<string, unknown> = {};
      for (const n of names) {
        const [ok, bad] = values[n] as [unknown, unknown];
        if (!broken.includes(n)) out[n] = ok;
        else if (!missing || fields[n]!.optional) out[n] = bad;
      }
      for (const [k, v] of Object.entries(extra ?? {})) if (!(k in fields)) out[k] = v;
      return out;
    });
}

function lookalikeIds(w: World): fc.Arbitrary<string> {
  const real = [w.schoolId, w.blockId, w.providerId, w.activityId, w.registrationId, w.userId];
  return fc
    .tuple(fc.constantFrom(...real), fc.constantFrom('.0', 'e0', 'hex', 'space', 'plus'))
    .map(([n, how]) =>
      how === 'hex'
        ? `0x${n.toString(16)}`
        : how === 'space'
          ? `%20${n}`
          : how === 'plus'
            ? `%2B${n}`
            : `${n}${how}`,
    );
}

const garbageIdBase = fc.oneof(
  fc.constantFrom(
    '%C0%AF',
    '%ED%A0%80',
    '%FF',
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '99999999999',
    '2147483648',
    '%00',
    '%2e%2e',
    '%20',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    '[]',
    '%7B%7D',
    '١٢',
    '%F0%9F%98%80',
    "1'%20OR%20'1'='1",
    '1;DROP%20TABLE%20schools',
    '0000000000000000000000001',
    '9'.repeat(400),
    '-0',
  ),
  fc.integer({ min: 1_000_000, max: 2_000_000_000 }).map(String),
  // A random string that happens to be digits could be a real row's id (a "2" deleted the
  // run's second user once): plain numbers come from the cases above only.
  fc
    .string({ maxLength: 20 })
    .map(enc)
    .filter((s) => s.length > 0 && !/^\d+$/.test(s)),
);
export const garbageIdOf = (w: World) =>
  fc.oneof({ weight: 4, arbitrary: garbageIdBase }, { weight: 1, arbitrary: lookalikeIds(w) });

export const garbageToken = fc.oneof(
  fc.constantFrom(
    '',
    'x',
    '0'.repeat(32),
    'g'.repeat(32),
    'A'.repeat(32),
    'x'.repeat(2000),
    "' OR 1=1 --",
    '%00',
  ),
  fc.stringMatching(/^[0-9a-f]{32}$/),
  fc.string({ maxLength: 64 }).map(enc),
);

export const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"name": }',
    "{'name':'x'}",
    '[1,2',
    'nul',
    '{"a":1}}',
    '\u0000',
    '{"name":"x",}',
    '{"name":"\\x"}',
    'undefined',
    'NaN',
    '{"__proto__":',
    '"just a string"',
    '12',
    'true',
    'null',
    '[]',
    '[{}]',
    '['.repeat(30_000) + ']'.repeat(30_000),
  ),
  fc.string({ maxLength: 200 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'image/png',
  '',
);

/** What a case's query string is made of: each parameter valid or garbage, at least one garbage. */
export function badQuery(q: Record<string, Field>, w: World): fc.Arbitrary<string> {
  return invalidObject(q, w).map((o) =>
    Object.entries(o)
      .map(([k, v]) =>
        Array.isArray(v)
          ? v.map((x) => `${enc(k)}=${enc(String(x))}`).join('&')
          : `${enc(k)}=${enc(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
      )
      .join('&'),
  );
}
