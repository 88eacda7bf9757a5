// R-LANG-KEYS, R-LANG-EMAIL, R-LANG-DATES: the email texts of every language, and what the
// templates make of them.
import { describe, expect, it } from 'vitest';
import { LANGS, STAFF_LANGS } from '@nsa/contracts';
import { textSetProblems } from '@nsa/contracts/testing';
import { dateRange, localMoment } from '../src/domain/format.js';
import { registrationEmail } from '../src/domain/templates.js';
import { EMAIL_TEXTS } from '../src/domain/texts/index.js';
import { STAFF_EMAIL_KINDS } from '../src/domain/texts/nl.js';
import { notification } from './events.js';

const withoutStaffEmails = (texts: object) =>
  Object.fromEntries(
    Object.entries(texts).filter(
      ([key]) => !(STAFF_EMAIL_KINDS as readonly string[]).includes(key),
    ),
  );

describe('the email texts (R-LANG-KEYS)', () => {
  it('has every key of the Dutch emails to parents in every language, no other, with the same placeholders', () => {
    const parents = Object.fromEntries(
      LANGS.map((lang) => [lang, withoutStaffEmails(EMAIL_TEXTS[lang])]),
    );
    expect(textSetProblems(parents)).toEqual({});
  });

  it('has the administrators’ emails in the staff side’s languages, Dutch and English', () => {
    expect(textSetProblems({ nl: EMAIL_TEXTS.nl, en: EMAIL_TEXTS.en }, STAFF_LANGS)).toEqual({});
  });
});

describe('dates in each language (R-LANG-DATES)', () => {
  // 14:00 UTC on 4 March 2026 is 15:00 in Amsterdam.
  const deadline = new Date('2026-03-04T14:00:00Z');

  it('writes a moment in the language’s own words and order, Arabic with Western digits', () => {
    expect(localMoment(deadline, 'tr')).toBe('4 Mart 2026 Çarşamba, saat 15:00');
    expect(localMoment(deadline, 'ar')).toBe('الأربعاء، 4 مارس 2026، الساعة 15:00');
    expect(localMoment(deadline, 'pl')).toBe('środa, 4 marca 2026, godz. 15:00');
    expect(localMoment(deadline, 'uk')).toBe('середа, 4 березня 2026 р. о 15:00');
    for (const lang of LANGS) expect(localMoment(deadline, lang)).not.toMatch(/[\u0660-\u0669]/);
  });

  it('writes a block’s dates in the language’s own words', () => {
    expect(dateRange(10, 12, 'ar', 2026)).toBe('من الاثنين، 2 مارس إلى الجمعة، 20 مارس');
    expect(dateRange(10, 12, 'pl', 2026)).toBe('poniedziałek, 2 marca – piątek, 20 marca');
  });
});

describe('the HTML of an email (R-LANG-EMAIL)', () => {
  const org = { name: 'Welzijn Test', contactEmail: 'info@welzijn.test' };
  const link = 'http://localhost:8080/my-signup?lng=ar#token';

  it('names its language and direction: Arabic right to left, the others left to right', () => {
    for (const lang of LANGS) {
      const { html } = registrationEmail('signup-received', notification(), lang, org, link);
      expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
    }
  });

  it('isolates every typed name in <bdi>, escaped, and leaves the text part plain', () => {
    const n = notification({ childName: 'Ahmed <b>El Amrani</b>', activityTitle: 'شطرنج' });
    const { text, html } = registrationEmail('signup-received', n, 'ar', org, link);
    expect(html).toContain(
      'استلمنا تسجيل <bdi>Ahmed &lt;b&gt;El Amrani&lt;/b&gt;</bdi> في <bdi>شطرنج</bdi>.',
    );
    expect(html).toContain('مرحبًا <bdi>Petra Jansen</bdi>،');
    expect(html).toContain('<bdi>De Regenboog</bdi>');
    expect(html).toContain(`<bdi>${link}</bdi>`);
    expect(text).toContain('استلمنا تسجيل Ahmed <b>El Amrani</b> في شطرنج.');
    expect(text).not.toContain('bdi');
  });
});
