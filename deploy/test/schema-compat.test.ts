// deploy/release/schema-compat.mjs: which changes of a zod schema (as JSON Schema) a service of
// the last release could not read or answer, per how the schema is used.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compareSchemas } from '../release/schema-compat.mjs';
import { jsonSchema } from '../release/service-release.mjs';

const message = (s: z.ZodType) => ({
  input: jsonSchema(s, 'input'),
  output: jsonSchema(s, 'output'),
});
const messageChange = (before: z.ZodType, after: z.ZodType) =>
  compareSchemas('message', message(before), message(after), 'data').map(
    (i) => `${i.path}: ${i.problem}`,
  );
const requestChange = (before: z.ZodType, after: z.ZodType) =>
  compareSchemas('request', jsonSchema(before, 'input'), jsonSchema(after, 'input'), 'body').map(
    (i) => `${i.path}: ${i.problem}`,
  );
const responseChange = (before: z.ZodType, after: z.ZodType) =>
  compareSchemas(
    'response',
    jsonSchema(before, 'output'),
    jsonSchema(after, 'output'),
    'response 200',
  ).map((i) => `${i.path}: ${i.problem}`);

const id = z.number().int().positive();
const event = z.object({
  registrationId: id,
  status: z.enum(['new', 'approved']),
  childName: z.string().min(1),
  note: z.string().optional(),
});

describe('events and request-reply messages (either side may run the last release)', () => {
  it('the same schema passes', () => {
    expect(messageChange(event, event)).toEqual([]);
  });

  it('a removed field fails, naming it', () => {
    expect(messageChange(event, event.omit({ childName: true }))).toEqual([
      'data.childName: removed; the last release requires it',
    ]);
  });

  it('a renamed field fails, naming both names', () => {
    const renamed = event.omit({ childName: true }).extend({ childFirstName: z.string().min(1) });
    expect(messageChange(event, renamed)).toEqual([
      'data.childName: removed; the last release requires it',
      'data.childFirstName: new required field; the last release does not send it',
    ]);
  });

  it('a new required field fails; a new optional one or one with a default passes', () => {
    expect(messageChange(event, event.extend({ year: z.number().int() }))).toEqual([
      'data.year: new required field; the last release does not send it',
    ]);
    expect(messageChange(event, event.extend({ year: z.number().int().optional() }))).toEqual([]);
    expect(
      messageChange(
        event,
        event.extend({ allocation: z.enum(['fcfs', 'lottery']).default('fcfs') }),
      ),
    ).toEqual([]);
  });

  it('a field made optional fails (the last release requires it)', () => {
    expect(messageChange(event, event.partial({ childName: true }))).toEqual([
      'data.childName: now optional; the last release requires it',
    ]);
  });

  it('a removed optional field passes', () => {
    expect(messageChange(event, event.omit({ note: true }))).toEqual([]);
  });

  it('a narrowed type fails: string or null to string, a tighter minimum', () => {
    const before = z.object({ reason: z.string().nullable(), count: z.number().int().min(0) });
    const after = z.object({ reason: z.string(), count: z.number().int().min(1) });
    expect(messageChange(before, after)).toEqual([
      'data.reason: now only string; the last release sends null',
      'data.count: minimum narrowed (>= 0 → >= 1); the last release sends what it now refuses',
    ]);
  });

  it('a changed type fails in both directions', () => {
    const lines = messageChange(event, event.extend({ registrationId: z.string() }));
    expect(lines).toContain(
      'data.registrationId: may now be string; the last release reads only integer',
    );
    expect(lines).toContain('data.registrationId: now only string; the last release sends integer');
  });

  it('an enum value removed or added fails: consumers parse with z.enum, which refuses others', () => {
    expect(messageChange(event, event.extend({ status: z.enum(['new']) }))).toEqual([
      'data.status: value "approved" removed; the last release sends it',
    ]);
    expect(
      messageChange(event, event.extend({ status: z.enum(['new', 'approved', 'waitlisted']) })),
    ).toEqual(['data.status: new value "waitlisted" that the last release refuses']);
  });

  it('a nested field and an array item are named by their path', () => {
    const before = z.object({
      notification: z.object({ to: z.string(), blockName: z.string() }).optional(),
      registrationIds: z.array(id),
    });
    const after = z.object({
      notification: z.object({ to: z.string() }).optional(),
      registrationIds: z.array(z.string()),
    });
    const lines = messageChange(before, after);
    expect(lines).toContain('data.notification.blockName: removed; the last release requires it');
    expect(lines).toContain(
      'data.registrationIds[]: may now be string; the last release reads only integer',
    );
  });

  it('a discriminated union keeps each branch apart', () => {
    const before = z.discriminatedUnion('op', [
      z.object({ op: z.literal('export'), email: z.string() }),
      z.object({ op: z.literal('retention') }),
    ]);
    expect(messageChange(before, before)).toEqual([]);
    const added = z.discriminatedUnion('op', [
      z.object({ op: z.literal('export'), email: z.string() }),
      z.object({ op: z.literal('retention') }),
      z.object({ op: z.literal('purge') }),
    ]);
    expect(messageChange(before, added)).toEqual([
      'data.op: new value "purge" that the last release refuses',
    ]);
    const changed = z.discriminatedUnion('op', [
      z.object({ op: z.literal('export'), address: z.string() }),
      z.object({ op: z.literal('retention') }),
    ]);
    expect(messageChange(before, changed)).toContain(
      'data.email: removed; the last release requires it',
    );
  });

  it('a record of values and a recursive schema are compared', () => {
    const before = z.object({ counts: z.record(z.string(), z.number().int().min(0)) });
    const after = z.object({ counts: z.record(z.string(), z.string()) });
    expect(messageChange(before, after)).toContain(
      'data.counts{}: may now be string; the last release reads only integer',
    );
    interface Node {
      name: string;
      children: Node[];
    }
    const tree: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(tree) }),
    );
    expect(messageChange(tree, tree)).toEqual([]);
  });
});

describe('HTTP requests (the new service takes what the last release’s pages send)', () => {
  const body = z.object({ name: z.string().min(1).max(100), email: z.string().optional() });

  it('an added optional field passes; a removed field passes (it is dropped)', () => {
    expect(requestChange(body, body.extend({ phone: z.string().optional() }))).toEqual([]);
    expect(requestChange(body, body.omit({ email: true }))).toEqual([]);
  });

  it('a new required field fails', () => {
    expect(requestChange(body, body.extend({ phone: z.string() }))).toEqual([
      'body.phone: new required field; the last release does not send it',
    ]);
  });

  it('a narrowed type or limit fails; a wider one passes', () => {
    expect(requestChange(body, body.extend({ name: z.string().min(1).max(50) }))).toEqual([
      'body.name: maxLength narrowed (100 → 50); the last release sends what it now refuses',
    ]);
    expect(requestChange(body, body.extend({ name: z.string().max(200) }))).toEqual([]);
    expect(requestChange(body, body.extend({ name: z.string().nullable() }))).toEqual([]);
  });

  it('a removed enum value fails; an added one passes', () => {
    const before = z.object({ action: z.enum(['approve', 'reject']) });
    expect(requestChange(before, z.object({ action: z.enum(['approve']) }))).toEqual([
      'body.action: value "reject" removed; the last release sends it',
    ]);
    expect(
      requestChange(before, z.object({ action: z.enum(['approve', 'reject', 'revert']) })),
    ).toEqual([]);
  });
});

describe('HTTP answers (the last release’s pages find what they read)', () => {
  const answer = z.object({
    id,
    status: z.enum(['new', 'approved']),
    seed: z.string().nullable(),
    week: z.number().int().optional(),
  });

  it('an added field passes, required or not', () => {
    expect(responseChange(answer, answer.extend({ year: z.number().int() }))).toEqual([]);
    expect(responseChange(answer, answer.extend({ year: z.number().int().optional() }))).toEqual(
      [],
    );
  });

  it('an added enum value passes: pages do not validate answers', () => {
    expect(
      responseChange(answer, answer.extend({ status: z.enum(['new', 'approved', 'offered']) })),
    ).toEqual([]);
  });

  it('a removed or renamed field fails', () => {
    expect(responseChange(answer, answer.omit({ id: true }))).toEqual([
      'response 200.id: removed; the last release requires it',
    ]);
  });

  it('a field made nullable or optional fails; a narrower one passes', () => {
    expect(responseChange(answer, answer.extend({ id: id.nullable() }))).toEqual([
      'response 200.id: may now be null; the last release reads only integer',
    ]);
    expect(responseChange(answer, answer.partial({ id: true }))).toEqual([
      'response 200.id: now optional; the last release requires it',
    ]);
    expect(responseChange(answer, answer.extend({ seed: z.string() }))).toEqual([]);
  });

  it('schemas with shared definitions ($defs, $ref) are followed', () => {
    const ref = z.object({ id, name: z.string() }).meta({ id: 'CompatTestRef' });
    const before = z.object({ school: ref, provider: ref });
    const ref2 = z.object({ id }).meta({ id: 'CompatTestRef2' });
    const after = z.object({ school: ref2, provider: ref2 });
    expect(responseChange(before, after)).toEqual([
      'response 200.school.name: removed; the last release requires it',
      'response 200.provider.name: removed; the last release requires it',
    ]);
  });
});
