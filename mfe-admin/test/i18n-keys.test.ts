import { expect, it } from 'vitest';
import { keyDifference } from '@nsa/web-kit/testing';
import en from '../src/i18n/en.json';
import nl from '../src/i18n/nl.json';

it('nl.json and en.json have the same keys', () => {
  expect(keyDifference(nl, en)).toEqual({ onlyInFirst: [], onlyInSecond: [] });
});
