import { expect, it } from 'vitest';
import { keyDifference } from '@nsa/web-kit/testing';
import en from '../src/i18n/en.json';
import nl from '../src/i18n/nl.json';
import lotteryEn from '../src/i18n/lottery.en.json';
import lotteryNl from '../src/i18n/lottery.nl.json';
import mySignupEn from '../src/i18n/my-signup.en.json';
import mySignupNl from '../src/i18n/my-signup.nl.json';
import registrationEn from '../src/i18n/registration.en.json';
import registrationNl from '../src/i18n/registration.nl.json';

it('nl.json and en.json have the same keys', () => {
  expect(keyDifference(nl, en)).toEqual({ onlyInFirst: [], onlyInSecond: [] });
});

it("each part's Dutch and English texts have the same keys", () => {
  for (const [nlPart, enPart] of [
    [lotteryNl, lotteryEn],
    [mySignupNl, mySignupEn],
    [registrationNl, registrationEn],
  ] as const) {
    expect(keyDifference(nlPart, enPart)).toEqual({ onlyInFirst: [], onlyInSecond: [] });
  }
});

it("no part repeats a key of the app's texts, which would hide the app's", () => {
  const leaves = (table: object, prefix = ''): string[] =>
    Object.entries(table).flatMap(([key, value]) =>
      value !== null && typeof value === 'object'
        ? leaves(value as object, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    );
  const app = new Set(leaves(nl));
  for (const part of [lotteryNl, mySignupNl, registrationNl]) {
    expect(leaves(part).filter((key) => app.has(key))).toEqual([]);
  }
});
