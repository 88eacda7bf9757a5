import { z } from 'zod';

/**
 * A whole number in a JSON body or a form: a number, or a string of digits
 * (what a `<select>` gives). Booleans, arrays, '' and '2e0' are refused, not
 * turned into 1, 0 or 2 as `z.coerce` would. `key` names the message for a
 * wrong type or a value below `min`; `maxKey` the one above `max`.
 */
export function wholeNumber(key: string, min: number, max: number, maxKey = key) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d{1,12}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: key }).int(key).min(min, key).max(max, maxKey),
  );
}
