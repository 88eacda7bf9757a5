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
const INVISIBLE = /[\p{Cf}\u115f\u1160\u3164\uffa0]/u;
const JOINER_IN_WORD = /(?<=[\p{L}\p{M}])[\u200c\u200d](?=[\p{L}\p{M}])/gu;

/** True when a name, title or free text holds no invisible or bidirectional character. */
export const withoutInvisibleCharacters = (v: string): boolean =>
  !INVISIBLE.test(v.replace(JOINER_IN_WORD, ''));
