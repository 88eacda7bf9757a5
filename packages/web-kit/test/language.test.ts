import { describe, expect, it } from 'vitest';
import { cookieLanguage, languageCookie, pickLanguage } from '../src/i18n';
import { pathFromQueryKey } from '../src/query-client';

describe('language selection (R-LANG-DEFAULT)', () => {
  it('is Dutch without a query or a remembered choice, whatever the browser prefers', () => {
    expect(pickLanguage('', null)).toBe('nl');
  });

  it('selects English with ?lng=en', () => {
    expect(pickLanguage('?lng=en', null)).toBe('en');
    expect(pickLanguage('?foo=1&lng=EN', 'nl')).toBe('en');
  });

  it('uses the remembered choice', () => {
    expect(pickLanguage('', 'en')).toBe('en');
  });

  it('lets the query win over the remembered choice', () => {
    expect(pickLanguage('?lng=nl', 'en')).toBe('nl');
  });

  it('ignores unsupported languages', () => {
    expect(pickLanguage('?lng=fr', null)).toBe('nl');
    expect(pickLanguage('?lng=de', 'en')).toBe('en');
    expect(pickLanguage('', 'en-US')).toBe('nl');
  });
});

describe('the language cookie the gateway reads (server-side composition)', () => {
  it('remembers only the language, for a year, on every path, same-site', () => {
    expect(languageCookie('en', false)).toBe('nsa_lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(languageCookie('nl', true)).toBe(
      'nsa_lang=nl; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
  });

  it('is found among other cookies', () => {
    expect(cookieLanguage('a=1; nsa_lang=en; b=2')).toBe('en');
    expect(cookieLanguage('nsa_lang=nl')).toBe('nl');
    expect(cookieLanguage('x_nsa_lang=en; other=1')).toBeNull();
    expect(cookieLanguage('')).toBeNull();
  });
});

describe('generic query paths (R-WEB-QUERIES)', () => {
  it('joins key segments with "/"', () => {
    expect(pathFromQueryKey(['/api/schools/by-token', 'abc'])).toBe('/api/schools/by-token/abc');
  });
});
