import { describe, expect, it, vi } from 'vitest';
import {
  chooseLanguage,
  chosenLanguage,
  initI18n,
  offerLanguages,
  pickLanguage,
  registerResources,
} from '../src/i18n';
import { LANGUAGES, STAFF_LANGUAGES, languageDirection } from '../src/languages';

const shell = { nl: { hi: 'hallo' }, en: { hi: 'hello' }, ar: { hi: 'مرحبا' } };

describe('the six languages of the public side (R-LANG-PUBLIC)', () => {
  it('selects Turkish, Arabic, Polish and Ukrainian with ?lng= or a remembered choice', () => {
    expect(LANGUAGES).toEqual(['nl', 'en', 'tr', 'ar', 'pl', 'uk']);
    for (const language of ['tr', 'ar', 'pl', 'uk']) {
      expect(pickLanguage(`?lng=${language.toUpperCase()}`, null)).toBe(language);
      expect(pickLanguage('', language)).toBe(language);
    }
  });

  it('writes Arabic from right to left and the others from left to right', () => {
    expect(languageDirection('ar')).toBe('rtl');
    for (const language of ['nl', 'en', 'tr', 'pl', 'uk']) {
      expect(languageDirection(language)).toBe('ltr');
    }
  });
});

describe('a page that offers fewer languages than the visitor chose from', () => {
  it('shows Dutch for a remembered Arabic on a page in Dutch and English, and Arabic again on a public page', async () => {
    const i18n = initI18n({
      namespace: 'shell',
      resources: shell,
      languages: STAFF_LANGUAGES,
      search: '?lng=ar',
    });
    expect(i18n.language).toBe('nl');
    expect(i18n.t('hi')).toBe('hallo');
    expect(chosenLanguage(i18n)).toBe('ar');

    await offerLanguages(i18n, LANGUAGES);
    expect(i18n.language).toBe('ar');
    expect(i18n.t('hi')).toBe('مرحبا');

    await offerLanguages(i18n, STAFF_LANGUAGES);
    expect(i18n.language).toBe('nl');
    expect(chosenLanguage(i18n)).toBe('ar');
  });

  it('offers by default the languages the resources have', () => {
    const i18n = initI18n({ namespace: 'shell', resources: { nl: {}, en: {} }, search: '?lng=tr' });
    expect(i18n.language).toBe('nl');
    expect(chosenLanguage(i18n)).toBe('tr');
  });

  it('shows a choice made on a page that offers it, and keeps it where it is not offered', async () => {
    const i18n = initI18n({ namespace: 'shell', resources: shell, search: '' });
    await chooseLanguage(i18n, 'en');
    expect(i18n.language).toBe('en');
    await offerLanguages(i18n, STAFF_LANGUAGES);
    expect(i18n.language).toBe('en');
    await offerLanguages(i18n, LANGUAGES);
    await chooseLanguage(i18n, 'ar');
    expect(i18n.language).toBe('ar');
    await offerLanguages(i18n, STAFF_LANGUAGES);
    expect(i18n.language).toBe('nl');
  });

  it('makes only the last of two switches asked for at once', async () => {
    const i18n = initI18n({ namespace: 'shell', resources: shell, search: '' });
    let resolve!: (table: { title: string }) => void;
    registerResources('remote', {
      nl: { title: 'School' },
      ar: () => new Promise<{ title: string }>((r) => (resolve = r)),
    });
    const toArabic = chooseLanguage(i18n, 'ar');
    const back = offerLanguages(i18n, STAFF_LANGUAGES);
    resolve({ title: 'مدرسة' });
    await Promise.all([toArabic, back]);
    expect(i18n.language).toBe('nl');
  });
});

describe('a namespace whose Dutch texts are loaded when needed too', () => {
  it('loads only the table of the language shown', async () => {
    const nl = vi.fn(async () => ({ default: { title: 'School' } }));
    const ar = vi.fn(async () => ({ default: { title: 'مدرسة' } }));
    const i18n = initI18n({ namespace: 'shell', resources: shell, search: '?lng=ar' });
    registerResources('public', { nl, ar });
    await vi.waitFor(() => expect(i18n.hasResourceBundle('ar', 'public')).toBe(true));
    expect(ar).toHaveBeenCalledTimes(1);
    expect(nl).not.toHaveBeenCalled();
    expect(i18n.t('public:title')).toBe('مدرسة');
  });
});
