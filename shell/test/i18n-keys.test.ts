import fs from 'node:fs';
import { expect, it } from 'vitest';
import { LANGUAGES } from '@nsa/web-kit';
import { translationProblems } from '@nsa/web-kit/testing';

// R-LANG-KEYS: the shell's texts (its header, loading and error states, its own pages) in every
// language of the public side, with the same keys and placeholders.
const dir = new URL('../src/i18n/', import.meta.url);
const table = (language: string) =>
  JSON.parse(fs.readFileSync(new URL(`${language}.json`, dir), 'utf8')) as Record<string, unknown>;

it('has a table for each of the six languages and no other', () => {
  expect(fs.readdirSync(dir).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
});

for (const language of LANGUAGES) {
  it(`${language}.json has the keys and placeholders of nl.json`, () => {
    expect(translationProblems(table('nl'), table(language), language)).toEqual({
      missing: [],
      extra: [],
      placeholders: [],
      plurals: [],
      empty: [],
    });
  });
}
