import type { TFunction } from 'i18next';
import type { ActivityView } from '@nsa/contracts';
import { blockDateParts } from '../lib/dates';

/** '{weekday} {day} {month} t/m {weekday} {day} {month}' for the block, this year (R-CAL-RANGE). */
export function dateRangeText(
  t: TFunction,
  language: string,
  block: Pick<ActivityView['block'], 'weekStart' | 'weekEnd'>,
  today: Date,
): string {
  return t(
    'dateRange',
    blockDateParts(language, today.getFullYear(), block.weekStart, block.weekEnd),
  );
}

/** 'elke Maandag om 15:30' / 'every Monday at 15:30'. */
export function scheduleText(
  t: TFunction,
  activity: Pick<ActivityView, 'weekday' | 'startTime'>,
): string {
  return t('activity.schedule', {
    weekday: t(`weekdays.${activity.weekday}`),
    time: activity.startTime,
  });
}
