/** C0 and C1 control characters and DEL: never part of a name or a title (they would reach emails' text). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** True when a name or title holds no control character. */
export const withoutControlCharacters = (v: string): boolean => !CONTROL.test(v);
