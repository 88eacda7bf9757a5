import { useEffect, useState } from 'react';
import { nextWindowChange, type WindowOf } from './signup-window';

/** setTimeout's longest delay (about 24.8 days); a later moment is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** A little after the moment, so the server agrees it has passed. */
const AFTER_MS = 500;

/**
 * The current time, read again when the next window of `blocks` opens or closes (R-DRAW-WINDOW),
 * so a card that says "sign-up opens at …" changes by itself when it opens.
 */
export function useWindowClock(blocks: readonly WindowOf[]): Date {
  const [now, setNow] = useState(() => new Date());
  const next = nextWindowChange(blocks, now);
  useEffect(() => {
    if (next === null) return undefined;
    const timer = setTimeout(
      () => setNow(new Date()),
      Math.min(next - Date.now() + AFTER_MS, MAX_DELAY_MS),
    );
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}
