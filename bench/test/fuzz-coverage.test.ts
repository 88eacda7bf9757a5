// The fuzz covers the whole API: every call in the API description (gateway/api-docs/
// openapi.json) is one of its endpoints, or is left out by name with the reason.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import fc from 'fast-check';
import { ENDPOINTS, NOT_FUZZED, otherOrganisationCases } from '../src/fuzz/cases.js';
import { garbageIdOf } from '../src/fuzz/values.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('every documented call is fuzzed or named as left out', () => {
  const doc = JSON.parse(
    fs.readFileSync(path.join(repo, 'gateway/api-docs/openapi.json'), 'utf8'),
  ) as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
  );
  expect(documented.length).toBeGreaterThan(50);
  // The fuzz writes a path's one parameter as {id} (or {token}, or a fixed date).
  const shape = (call: string) => call.replace(/\{[A-Za-z]+\}|\d{4}-\d{2}-\d{2}/g, '{}');
  const fuzzed = new Set(ENDPOINTS.map((e) => shape(`${e.method} ${e.path}`)));
  const missing = documented.filter((c) => !fuzzed.has(shape(c)) && !(c in NOT_FUZZED));
  expect(missing).toEqual([]);
  for (const left of Object.keys(NOT_FUZZED)) expect(documented).toContain(left);
});

test('a garbage id is never a plain number that a real row could have', () => {
  const world = {
    schoolId: 1,
    schoolToken: 'a'.repeat(43),
    otherSchoolToken: 'b'.repeat(43),
    blockId: 2,
    providerId: 3,
    activityId: 4,
    registrationId: 5,
    userId: 2,
    adminUserId: 1,
    providerToken: 'c'.repeat(43),
    parentEmail: 'ouder@example.nl',
    canaries: [],
  };
  const ids = fc.sample(garbageIdOf(world), { numRuns: 20_000, seed: 1 });
  // What a route takes for an id: at most ten digits (services' idParam).
  const real = new Set(Object.values(world).filter((v) => typeof v === 'number'));
  expect(ids.filter((id) => /^\d{1,10}$/.test(id) && real.has(Number(id)))).toEqual([]);
});

// R-ORG-RLS: every call that names a row or a link is tried from a second organisation's host,
// with the first organisation's id or link, by its admin, the first's admin and nobody.
test("tries every call that names a row or a link on another organisation's host", () => {
  const world = {
    schoolId: 11,
    schoolToken: 'a'.repeat(32),
    otherSchoolToken: 'b'.repeat(32),
    blockId: 12,
    providerId: 13,
    activityId: 14,
    registrationId: 15,
    userId: 16,
    adminUserId: 17,
    providerToken: 'c'.repeat(43),
    parentEmail: 'ouder@example.nl',
    canaries: [],
  };
  const cases = otherOrganisationCases(world, 'tweede.localhost:1');
  const named = ENDPOINTS.filter((e) => /\{(id|token)\}/.test(e.path));
  expect(named.length).toBeGreaterThan(20);
  for (const e of named) {
    const tried = cases.filter(
      (c) =>
        c.method === e.method &&
        c.path.split('?')[0] ===
          e.path
            .replace('{id}', String(e.idOf ? world[e.idOf] : 14))
            .replace('{token}', world.schoolToken),
    );
    expect(tried.map((c) => c.auth).sort(), `${e.method} ${e.path}`).toEqual([
      'admin',
      'anonymous',
      'other-organisation',
    ]);
    for (const c of tried) {
      expect(c.host).toBe('tweede.localhost:1');
      expect(c.mayPass).toBe(false);
    }
  }
});
