import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later moment is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The current time, read again when the next of `moments` (ISO texts) passes, so a screen that
 * says "before the window closes" changes by itself when it closes.
 */
export function useNow(moments: readonly (string | null | undefined)[]): Date {
  const [now, setNow] = useState(() => new Date());
  const key = moments.join('|');
  useEffect(() => {
    const next = key
      .split('|')
      .map((m) => (m === '' ? NaN : Date.parse(m)))
      .filter((ms) => !Number.isNaN(ms) && ms > now.getTime())
      .sort((a, b) => a - b)[0];
    if (next === undefined) return undefined;
    // A little after the moment, so the server agrees it has passed.
    const timer = setTimeout(
      () => setNow(new Date()),
      Math.min(next - now.getTime() + 500, MAX_DELAY_MS),
    );
    return () => clearTimeout(timer);
  }, [key, now]);
  return now;
}
