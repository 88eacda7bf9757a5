import { describe, expect, it } from 'vitest';
import { translationProblems } from '../src/testing';

const nl = {
  title: 'Activiteiten van {{school}}',
  filter: { count_one: '{{count}} activiteit', count_other: '{{count}} activiteiten' },
  close: 'Sluiten',
};

describe('translationProblems (R-LANG-KEYS)', () => {
  it('finds nothing in a complete translation with the language’s own plural forms', () => {
    const pl = {
      title: 'Zajęcia: {{school}}',
      filter: {
        count_one: '{{count}} zajęcia',
        count_few: '{{count}} zajęcia',
        count_many: '{{count}} zajęć',
        count_other: '{{count}} zajęcia',
      },
      close: 'Zamknij',
    };
    expect(translationProblems(nl, pl, 'pl')).toEqual({
      missing: [],
      extra: [],
      placeholders: [],
      plurals: [],
    });
  });

  it('reports a missing and an extra key, a lost placeholder and missing plural forms', () => {
    const ar = {
      title: 'الأنشطة',
      filter: { count_one: 'نشاط واحد', count_other: '{{count}} نشاط' },
      open: 'فتح',
    };
    expect(translationProblems(nl, ar, 'ar')).toEqual({
      missing: ['close'],
      extra: ['open'],
      placeholders: ['title'],
      plurals: ['filter.count'],
    });
  });

  it('reports a plural key written as a plain one', () => {
    expect(
      translationProblems(nl, { ...nl, filter: { count: '{{count}}' } }, 'nl').plurals,
    ).toEqual(['filter.count']);
  });
});
