import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage } from '../src/lang.js';

describe('langFromAcceptLanguage', () => {
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
  it('falls back to Dutch for unsupported languages and zero weights', () => {
    expect(langFromAcceptLanguage('fr-FR,de')).toBe('nl');
    expect(langFromAcceptLanguage('en;q=0')).toBe('nl');
  });
});
