import { describe, expect, it } from 'vitest';
import { SIGN_UP_FIELD_LABELS } from '@nsa/contracts/sign-up-fields';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';
import { COLUMNS, columnHeader } from '../../src/registrations/lib/registration-columns';

const TEXTS = { nl, en } as const;
/** The remote's `t` for one language, by dotted key; a missing key reads as the key. */
const tFor = (lang: 'nl' | 'en') => (key: string) => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], TEXTS[lang]);
  return typeof value === 'string' ? value : key;
};

describe('the sign-up list’s column headers (R-REVIEW-SCREEN)', () => {
  it('head a field of the sign-up form with the form’s own label', () => {
    expect(columnHeader('childGroup', tFor('nl'), 'nl')).toBe(SIGN_UP_FIELD_LABELS.childGroup.nl);
    expect(columnHeader('childGroup', tFor('en'), 'en')).toBe('Group');
  });

  it('keep the list’s shorter headers of the parent, the email address and the phone number', () => {
    expect(
      (['parent', 'email', 'phone'] as const).map((c) => columnHeader(c, tFor('nl'), 'nl')),
    ).toEqual(['Ouder', 'E-mail', 'Telefoon']);
    expect(columnHeader('email', tFor('en'), 'en')).toBe('Email');
  });

  it('have a text for every column in both languages', () => {
    for (const lang of ['nl', 'en'] as const) {
      for (const column of COLUMNS) {
        const header = columnHeader(column, tFor(lang), lang);
        expect(header, `${lang} ${column}`).not.toMatch(/^registrations\.|^$/);
      }
    }
  });
});
