/// <reference types="node" />
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@nsa/web-kit';
import { translationProblems } from '@nsa/web-kit/testing';

// R-LANG-KEYS: every text of the public side in every language, with the same placeholders and
// each language's own plural forms; the texts of a part (loaded when it opens) likewise.
const dir = new URL('../src/i18n/', import.meta.url);
const TABLES = ['', 'landing.', 'lottery.', 'my-signup.', 'registration.'] as const;

const table = (prefix: string, language: string) =>
  JSON.parse(fs.readFileSync(new URL(`${prefix}${language}.json`, dir), 'utf8')) as Record<
    string,
    unknown
  >;

describe('the texts of the public side', () => {
  it('are there in the six languages and no other, for the app and each part', () => {
    const files = fs.readdirSync(dir).sort();
    const expected = TABLES.flatMap((prefix) => LANGUAGES.map((l) => `${prefix}${l}.json`));
    expect(files).toEqual(expected.sort());
  });

  for (const prefix of TABLES) {
    for (const language of LANGUAGES) {
      it(`${prefix}${language}.json has the keys and placeholders of ${prefix}nl.json`, () => {
        expect(translationProblems(table(prefix, 'nl'), table(prefix, language), language)).toEqual(
          { missing: [], extra: [], placeholders: [], plurals: [], empty: [] },
        );
      });
    }
  }
});

it("no part repeats a key of the app's texts, which would hide the app's", () => {
  const leaves = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      value !== null && typeof value === 'object'
        ? leaves(value as object, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    );
  const app = new Set(leaves(table('', 'nl')));
  for (const prefix of TABLES.slice(1)) {
    expect(leaves(table(prefix, 'nl')).filter((key) => app.has(key))).toEqual([]);
  }
});
