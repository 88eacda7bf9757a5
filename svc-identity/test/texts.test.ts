import { describe, expect, it } from 'vitest';
import { LANGS } from '@nsa/contracts';
import { textSetProblems } from '@nsa/contracts/testing';
import { MSG, TEXTS } from '../src/domain/messages.js';

describe('the API messages of svc-identity (R-LANG-API, R-LANG-KEYS)', () => {
  it('has every key of the Dutch texts in every language, no other, with the same placeholders', () => {
    expect(textSetProblems(TEXTS)).toEqual({});
  });

  it('gives every message a text in every language', () => {
    for (const [key, text] of Object.entries(MSG)) {
      for (const lang of LANGS) expect(text[lang]?.trim(), `${key} ${lang}`).toBeTruthy();
    }
  });
});
