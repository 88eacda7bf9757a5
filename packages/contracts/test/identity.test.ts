import { describe, expect, it } from 'vitest';
import { identityKey, identityText } from '../src/identity.js';
import { INVISIBLE_CHARACTERS, withoutInvisibleCharacters } from '../src/plain-text.js';
import { privacyEmailSchema } from '../src/privacy.js';
import { registrationSchema } from '../src/registration.js';

/** Each character names refuse (R-NAMES-INVISIBLE), with its code point as U+ writes it. */
const BY_CODE_POINT = INVISIBLE_CHARACTERS.map((c) => [
  c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'),
  c,
]);

describe('R-NAMES-NORMAL: one normal form for every comparison of identity', () => {
  it.each([
    ['a zero-width space', 'Review\u200bprobe'],
    ['a soft hyphen', 'Review\u00adprobe'],
    ['a right-to-left override', '\u202eReviewprobe\u202c'],
    ['isolate marks', '\u2066Review\u2069probe\u2067\u2068'],
    ['bidirectional marks', '\u200eReview\u200fprobe\u061c'],
    ['a word joiner and a byte order mark', '\ufeffReview\u2060probe'],
    ['full-width letters', 'Ｒｅｖｉｅｗｐｒｏｂｅ'],
    ['other case', 'REVIEWPROBE'],
    ['spaces around it', '  Reviewprobe\u00a0'],
  ])('%s: the same key as the plain name', (_, variant) => {
    expect(identityKey(variant)).toBe(identityKey('Reviewprobe'));
    expect(identityKey(variant)).toBe('reviewprobe');
  });

  it.each(BY_CODE_POINT)(
    'U+%s, which names refuse (R-NAMES-INVISIBLE), is not part of the key',
    (_, c) => {
      expect(identityKey(`${c}Review${c}probe${c}`)).toBe('reviewprobe');
    },
  );

  it('composes a decomposed accent, folds case beyond lower case, collapses white space', () => {
    expect(identityKey('Rene\u0301e')).toBe(identityKey('Renée'));
    expect(identityKey('STRASSE')).toBe(identityKey('Straße'));
    expect(identityKey('ΟΔΥΣΣΕΥΣ')).toBe(identityKey('οδυσσευς'));
    expect(identityKey(' van \t der\u3000Berg ')).toBe('van der berg');
    expect(identityKey('ﬁne')).toBe('fine');
  });

  it('keeps what tells two names apart: letters, accents, scripts', () => {
    expect(identityKey('Renée')).not.toBe(identityKey('Renee'));
    expect(identityKey('Ґанна')).toBe('ґанна');
    expect(identityKey('Ганна')).not.toBe(identityKey('Ґанна'));
    expect(identityKey('مريم')).toBe('مريم');
    expect(identityKey('ann@example.nl')).not.toBe(identityKey('joann@example.nl'));
  });

  it('is stable: the key of a key is itself', () => {
    for (const v of ['İstanbul', 'ǅemal', 'ΣΊΣΥΦΟΣ', 'Ｒｅｖｉｅｗ\u200bprobe', 'ß ẞ', 'ﬀ'])
      expect(identityKey(identityKey(v))).toBe(identityKey(v));
  });

  it('identityText cleans without folding case', () => {
    expect(identityText(' Ａnn\u200b  Jansen ')).toBe('Ann Jansen');
  });

  it('an address given for a sign-up or a privacy request is stored and asked in its clean form', () => {
    const email = registrationSchema().shape.email;
    expect(email.parse('ＡＮＮ@Example.nl\u200b')).toBe('ANN@Example.nl');
    expect(privacyEmailSchema.parse({ email: ' ann\u2060@example.nl ' }).email).toBe(
      'ann@example.nl',
    );
    expect(email.safeParse('joann @example.nl').success).toBe(false);
  });
});

describe('R-NAMES-INVISIBLE: no invisible or bidirectional character in human text', () => {
  it.each(BY_CODE_POINT)('refuses U+%s', (_, c) => {
    expect(withoutInvisibleCharacters(`Ann${c}a`)).toBe(false);
    expect(withoutInvisibleCharacters(`${c}Anna`)).toBe(false);
  });

  it('allows the joiners between two letters of a word, and nowhere else', () => {
    expect(withoutInvisibleCharacters('می\u200cخواهم')).toBe(true);
    expect(withoutInvisibleCharacters('क\u094d\u200dष')).toBe(true);
    for (const bad of [
      '\u200cمی',
      'می\u200c',
      'می \u200cخواهم',
      '\u200dAnna',
      'Anna\u200d',
      'a\u200c\u200cb',
    ])
      expect(withoutInvisibleCharacters(bad), JSON.stringify(bad)).toBe(false);
  });

  it('allows ordinary names in every script the product serves', () => {
    for (const ok of ['Renée', 'Ґанна Їжакевич', 'مريم العلي', 'Şükrü Çağlar', 'Łucja Żak'])
      expect(withoutInvisibleCharacters(ok), ok).toBe(true);
  });
});
