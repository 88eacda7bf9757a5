import { z } from 'zod';

/** C0 and C1 control characters and DEL: never part of a name or a title (they would reach emails' text). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** True when a name or title holds no control character. */
export const withoutControlCharacters = (v: string): boolean => !CONTROL.test(v);

/**
 * R-NAMES-INVISIBLE: characters a reader cannot see, or that change how the text around them
 * reads: every format character (general category Cf: the bidirectional embeddings, overrides
 * and isolates U+202A–202E and U+2066–2069, the marks U+200E, U+200F and U+061C, the soft
 * hyphen U+00AD, the zero-width space U+200B, the word joiner U+2060, U+FEFF…) and the Hangul
 * fillers, which show as blanks. The zero-width non-joiner and joiner (U+200C, U+200D) are
 * allowed between two letters of a word, where some scripts need them (Persian `می‌خواهم`),
 * and nowhere else.
 */
const HANGUL_FILLERS = ['\u115f', '\u1160', '\u3164', '\uffa0'] as const;
const INVISIBLE = new RegExp(`[\\p{Cf}${HANGUL_FILLERS.join('')}]`, 'u');

/**
 * R-NAMES-INVISIBLE: the invisible and bidirectional characters that names, titles and free text
 * refuse, as they are known by name: the embeddings and overrides U+202A–202E, the isolates
 * U+2066–2069, the marks U+200E, U+200F and U+061C, the soft hyphen, the zero-width space, the
 * byte order mark, the word joiner, the invisible function application U+2061, the Mongolian
 * vowel separator U+180E and the Hangul fillers. The rule refuses every format character, so
 * more than these; the tests and the fuzzer draw their cases from this one list.
 */
export const INVISIBLE_CHARACTERS: readonly string[] = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u00ad',
  '\u200b',
  '\ufeff',
  '\u2060',
  '\u2061',
  '\u180e',
  ...HANGUL_FILLERS,
];
const JOINER_IN_WORD = /(?<=[\p{L}\p{M}])[\u200c\u200d](?=[\p{L}\p{M}])/gu;

/** True when a name, title or free text holds no invisible or bidirectional character. */
export const withoutInvisibleCharacters = (v: string): boolean =>
  !INVISIBLE.test(v.replace(JOINER_IN_WORD, ''));

/**
 * A one-line name or title as the forms take it: trimmed, 1 to 200 characters, with no control
 * or invisible character; `key`: the message of an empty one.
 */
export const plainName = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .min(1, key)
    .max(200, 'tooLong')
    .refine(withoutControlCharacters, 'controlCharacters')
    .refine(withoutInvisibleCharacters, 'invisibleCharacters');
