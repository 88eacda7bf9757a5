import type { TFunction } from 'i18next';
import type { ActivityView } from '@nsa/contracts';
import { blockDateParts } from '../lib/dates';

/**
 * '{weekday} {day} {month} t/m {weekday} {day} {month}' for the block in its own year (R-CAL-RANGE);
 * a block of another year than this one names its year, so two years are never confused
 * (R-RETENTION-YEAR).
 */
export function dateRangeText(
  t: TFunction,
  language: string,
  block: Pick<ActivityView['block'], 'weekStart' | 'weekEnd' | 'year'>,
  today: Date,
): string {
  const year = block.year ?? today.getFullYear();
  const parts = blockDateParts(language, year, block.weekStart, block.weekEnd);
  if (year === today.getFullYear()) return t('dateRange', parts);
  return t('dateRange', { start: `${parts.start} ${year}`, end: `${parts.end} ${year}` });
}

/** 'elke maandag om 15:30' / 'every Monday at 15:30': the weekday as it reads in a sentence. */
export function scheduleText(
  t: TFunction,
  activity: Pick<ActivityView, 'weekday' | 'startTime'>,
): string {
  return t('activity.schedule', {
    weekday: t(`weekdays.${activity.weekday}`),
    time: activity.startTime,
  });
}
