import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, MALFORMED_JSON } from '../src/errors.js';
import { localizedTexts } from '../src/texts/index.js';
import { en } from '../src/texts/en.js';
import { nl } from '../src/texts/nl.js';
import { INVALID_VALUE, VALIDATION_MESSAGES } from '../src/validation.js';

const leaves = (texts: object): string[] =>
  Object.values(texts).flatMap((v: unknown) => (typeof v === 'string' ? [v] : leaves(v as object)));

describe('the API texts (R-LANG-API)', () => {
  it('joins the texts of each language into one Localized per key', () => {
    const texts = localizedTexts({ nl: { a: 'een', b: 'twee' }, en: { a: 'one', b: 'two' } });
    expect(texts).toEqual({ a: { nl: 'een', en: 'one' }, b: { nl: 'twee', en: 'two' } });
  });

  it('gives every error code its default message in both languages (R-API-ERROR-BODY)', () => {
    expect(Object.keys(ERROR_MESSAGES)).toEqual([...ERROR_CODES]);
    expect(ERROR_MESSAGES.NOT_FOUND).toEqual({ nl: 'Niet gevonden', en: 'Not found' });
    expect(MALFORMED_JSON.en).toBe('The body is not valid JSON.');
    expect(VALIDATION_MESSAGES.required).toEqual({
      nl: 'Dit veld is verplicht',
      en: 'This field is required',
    });
    expect(INVALID_VALUE).toEqual({ nl: 'Ongeldige waarde', en: 'Invalid value' });
  });

  it('holds plain text only: the answer shows a text as it is written', () => {
    for (const text of [...leaves(nl), ...leaves(en)]) {
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/\{\{|\$t\(/);
    }
  });
});
