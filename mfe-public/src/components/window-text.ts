import type { TFunction } from 'i18next';
import { momentParts, type MomentOptions, type WindowOf } from '../lib/signup-window';

/** 'vrijdag 28 november om 17:00' (long) or 'vr 28 nov 17:00' (short); '' when no date. */
export function momentText(
  t: TFunction,
  language: string,
  iso: string | null | undefined,
  options: MomentOptions,
): string {
  const parts = momentParts(language, iso, options);
  if (!parts) return '';
  return t(options.style === 'long' ? 'window.moment' : 'window.momentShort', parts);
}

/**
 * R-DRAW-WINDOW: the window for the card's facts: 'ma 24 nov 09:00 t/m vr 28 nov 17:00',
 * 'vanaf …' or 'tot …', on the browser's clock; null for a block without one.
 */
export function windowRangeText(
  t: TFunction,
  language: string,
  block: WindowOf,
  now: Date,
): string | null {
  const options = { style: 'short', now } as const;
  const opens = momentText(t, language, block.signupOpensAt, options);
  const closes = momentText(t, language, block.signupClosesAt, options);
  if (opens && closes) {
    // Both on one day: the day once ('di 24 nov 09:00 t/m 17:00').
    const first = momentParts(language, block.signupOpensAt, options);
    const last = momentParts(language, block.signupClosesAt, options);
    const sameDay = first && last && first.day === last.day;
    return t('window.range', { opens, closes: sameDay ? last.time : closes });
  }
  if (opens) return t('window.from', { opens });
  if (closes) return t('window.until', { closes });
  return null;
}
