import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, MALFORMED_JSON } from '../src/errors.js';
import { LANGS } from '../src/lang.js';
import { textSetProblems, translationProblems } from '../src/testing.js';
import { API_TEXTS, localizedTexts } from '../src/texts/index.js';
import { INVALID_VALUE, VALIDATION_MESSAGES } from '../src/validation.js';

const leaves = (texts: object): string[] =>
  Object.values(texts).flatMap((v: unknown) => (typeof v === 'string' ? [v] : leaves(v as object)));

describe('the API texts (R-LANG-API)', () => {
  it('joins the texts of each language into one Localized per key', () => {
    const one = (a: string, b: string) => ({ a, b });
    const texts = localizedTexts({
      nl: one('een', 'twee'),
      en: one('one', 'two'),
      tr: one('bir', 'iki'),
      ar: one('واحد', 'اثنان'),
      pl: one('jeden', 'dwa'),
      uk: one('один', 'два'),
    });
    expect(texts).toEqual({
      a: { nl: 'een', en: 'one', tr: 'bir', ar: 'واحد', pl: 'jeden', uk: 'один' },
      b: { nl: 'twee', en: 'two', tr: 'iki', ar: 'اثنان', pl: 'dwa', uk: 'два' },
    });
  });

  it('gives every error code its default message in every language (R-API-ERROR-BODY)', () => {
    expect(Object.keys(ERROR_MESSAGES)).toEqual([...ERROR_CODES]);
    expect(ERROR_MESSAGES.NOT_FOUND).toEqual({
      nl: 'Niet gevonden',
      en: 'Not found',
      tr: 'Bulunamadı',
      ar: 'غير موجود',
      pl: 'Nie znaleziono',
      uk: 'Не знайдено',
    });
    expect(MALFORMED_JSON.en).toBe('The body is not valid JSON.');
    expect(VALIDATION_MESSAGES.required).toMatchObject({
      nl: 'Dit veld is verplicht',
      en: 'This field is required',
      tr: 'Bu alan zorunludur',
    });
    expect(INVALID_VALUE).toMatchObject({ nl: 'Ongeldige waarde', en: 'Invalid value' });
    for (const code of ERROR_CODES) {
      for (const lang of LANGS) expect(ERROR_MESSAGES[code][lang], `${code} ${lang}`).toBeTruthy();
    }
  });

  it('has every key of the Dutch texts in every language, no other, with the same placeholders (R-LANG-KEYS)', () => {
    expect(textSetProblems(API_TEXTS)).toEqual({});
  });

  it('holds plain text only: the answer shows a text as it is written', () => {
    for (const texts of Object.values(API_TEXTS)) {
      for (const text of leaves(texts)) {
        expect(text.trim()).not.toBe('');
        expect(text).not.toMatch(/\{\{|\$t\(/);
      }
    }
  });
});

describe('the check of a text set (R-LANG-KEYS)', () => {
  const nl = {
    a: 'Hallo {{name}}',
    b: { c: 'twee' },
    days: ['zo', 'ma'],
    n_one: '1',
    n_other: 'x',
  };
  const pl = {
    a: 'Cześć {{name}}',
    b: { c: 'dwa' },
    days: ['nd', 'pn'],
    n_one: '1',
    n_few: 'x',
    n_many: 'x',
    n_other: 'x',
  };

  it('finds nothing wrong with a complete translation', () => {
    expect(translationProblems(nl, pl, 'pl')).toEqual({
      missing: [],
      extra: [],
      placeholders: [],
      plurals: [],
      empty: [],
    });
  });

  it('fails on a missing key, an extra one, a lost or added placeholder and wrong plural forms', () => {
    const wrong = {
      a: 'Cześć {{naam}}',
      b: {},
      days: ['nd', 'pn', 'wt'],
      n_one: '1',
      n_other: 'x',
      d: 'extra',
    };
    expect(translationProblems(nl, wrong, 'pl')).toEqual({
      missing: ['b.c'],
      extra: ['days.2', 'd'],
      placeholders: ['a'],
      plurals: ['n'],
      empty: [],
    });
    expect(
      translationProblems(nl, { ...pl, a: 'Cześć {{name}} {{child}}' }, 'pl').placeholders,
    ).toEqual(['a']);
    expect(translationProblems(nl, { ...pl, a: ' ' }, 'pl').empty).toEqual(['a']);
    // A plural key written as a plain one.
    const { n_one: _one, n_few: _few, n_many: _many, n_other: _other, ...plain } = pl;
    expect(translationProblems(nl, { ...plain, n: 'x' }, 'pl').plurals).toEqual(['n']);
  });

  it('names each language with a problem, and a language that is not there at all', () => {
    const { tr: _tr, ...withoutTurkish } = API_TEXTS;
    const broken = { ...withoutTurkish, uk: { ...API_TEXTS.uk, shared: { malformedJson: 'x' } } };
    expect(textSetProblems(broken)).toEqual({
      tr: { missing: ['(the whole language)'] },
      uk: { missing: ['shared.activityNotFound'] },
    });
  });
});
