import type { BlockWindow } from '@nsa/contracts';
import { dayText, timeText } from './dates';

/**
 * Where a block's sign-up stands at a moment (R-DRAW-WINDOW), as svc-registrations decides it:
 * - `open`: no window, or within one, first come first served;
 * - `notOpen`: before the window opens (the server answers SIGNUP_NOT_OPEN);
 * - `closed`: after the window closed (SIGNUP_CLOSED);
 * - `lottery`: within a lottery block's window: every sign-up is taken, full or not, and the
 *   draw decides after the window closes;
 * - `awaitingDraw`: a lottery block after its window closed, its draw not yet published
 *   (SIGNUP_CLOSED);
 * - `drawn`: a lottery block whose draw is published: first come first served again.
 */
export type WindowState = 'open' | 'notOpen' | 'closed' | 'lottery' | 'awaitingDraw' | 'drawn';

export type WindowOf = Pick<
  BlockWindow,
  'signupOpensAt' | 'signupClosesAt' | 'allocation' | 'drawPublishedAt'
>;

/** An ISO moment as epoch milliseconds; null when absent or not a date. */
function instant(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** R-DRAW-WINDOW: the block's state at `now` (the window's end itself counts as closed). */
export function windowState(block: WindowOf, now: Date): WindowState {
  const lottery = block.allocation === 'lottery';
  if (lottery && instant(block.drawPublishedAt) !== null) return 'drawn';
  const opens = instant(block.signupOpensAt);
  const closes = instant(block.signupClosesAt);
  const at = now.getTime();
  if (opens !== null && at < opens) return 'notOpen';
  if (closes !== null && at >= closes) return lottery ? 'awaitingDraw' : 'closed';
  return lottery ? 'lottery' : 'open';
}

/** Whether the server takes a sign-up now: the button opens the dialog. */
export const takesSignUps = (state: WindowState) =>
  state === 'open' || state === 'lottery' || state === 'drawn';

/**
 * Whether places are the draw's to give (R-DRAW-WINDOW): then a full activity is not shown as
 * full and no one is sent to the waiting list, since everyone may enter.
 */
export const placesAreDrawn = (state: WindowState) =>
  state === 'lottery' || state === 'awaitingDraw';

/**
 * The first moment after `now` at which a state of one of `blocks` changes (a window opens or
 * closes), as epoch milliseconds; null when none is ahead. A page redraws itself then.
 */
export function nextWindowChange(blocks: readonly WindowOf[], now: Date): number | null {
  let next: number | null = null;
  for (const block of blocks) {
    for (const ms of [instant(block.signupOpensAt), instant(block.signupClosesAt)]) {
      if (ms !== null && ms > now.getTime() && (next === null || ms < next)) next = ms;
    }
  }
  return next;
}

export interface MomentOptions {
  /** `long`: 'vrijdag 28 november'; `short`: 'vr 28 nov', for the card's facts. */
  style: 'long' | 'short';
  /** The year is written only when it is not `now`'s. */
  now: Date;
}

/**
 * A window's end as the parent reads it, on the parent's clock (R-LANG-DATES): `{day, time}`,
 * joined by the texts (`window.moment`: '{{day}} om {{time}}'). Null when it is no date.
 */
export function momentParts(
  language: string,
  iso: string | null | undefined,
  { style, now }: MomentOptions,
): { day: string; time: string } | null {
  const ms = instant(iso);
  if (ms === null) return null;
  const date = new Date(ms);
  const year = date.getFullYear() !== now.getFullYear();
  return { day: dayText(language, date, { style, year }), time: timeText(date) };
}

/**
 * A long hex value (the draw's seed hash or seed, R-DRAW-COMMIT) cut to its first and last
 * `keep` characters, for a line on a card; the full value stays one click (or a hover) away.
 */
export function shortHex(value: string, keep = 8): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}
