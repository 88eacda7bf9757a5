import { describe, expect, it } from 'vitest';
import { langDirection, langFromAcceptLanguage, staffLang } from '../src/lang.js';

describe('langFromAcceptLanguage (R-LANG-API)', () => {
  it('defaults to Dutch without a header', () => {
    expect(langFromAcceptLanguage(undefined)).toBe('nl');
    expect(langFromAcceptLanguage('')).toBe('nl');
  });
  it('answers English when English is the first supported preference', () => {
    expect(langFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(langFromAcceptLanguage('de-DE,en;q=0.8,nl;q=0.5')).toBe('en');
  });
  it('answers Dutch when Dutch outranks English', () => {
    expect(langFromAcceptLanguage('en;q=0.3,nl-NL;q=0.9')).toBe('nl');
  });
  it('answers Turkish, Arabic, Polish and Ukrainian, with or without a region', () => {
    expect(langFromAcceptLanguage('tr-TR')).toBe('tr');
    expect(langFromAcceptLanguage('ar-MA,ar;q=0.9,nl;q=0.8')).toBe('ar');
    expect(langFromAcceptLanguage('pl-PL,pl;q=0.9,en;q=0.5')).toBe('pl');
    expect(langFromAcceptLanguage('uk-UA')).toBe('uk');
    expect(langFromAcceptLanguage('ru-RU,uk;q=0.8,en;q=0.6')).toBe('uk');
  });
  it('follows the weights whichever language comes first', () => {
    expect(langFromAcceptLanguage('nl;q=0.4,tr;q=0.9')).toBe('tr');
    expect(langFromAcceptLanguage('ar;q=0.2,en;q=0.3')).toBe('en');
  });
  it('falls back to Dutch for unsupported languages and zero weights', () => {
    expect(langFromAcceptLanguage('fr-FR,de')).toBe('nl');
    expect(langFromAcceptLanguage('en;q=0')).toBe('nl');
    expect(langFromAcceptLanguage('uk;q=0,ru')).toBe('nl');
  });
});

describe('staff languages and direction', () => {
  it('keeps English for the staff side and shows Dutch for the other languages', () => {
    expect(staffLang('en')).toBe('en');
    for (const lang of ['nl', 'tr', 'ar', 'pl', 'uk'] as const) expect(staffLang(lang)).toBe('nl');
  });
  it('writes Arabic right to left, the rest left to right', () => {
    expect(langDirection('ar')).toBe('rtl');
    expect(langDirection('tr')).toBe('ltr');
  });
});
