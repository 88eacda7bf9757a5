// The block form's values and what they mean (R-CATALOG-BLOCKS-SCREEN, R-DRAW-WINDOW). Pure, so
// it is unit tested; the time zone is a parameter (the admin's own in the screen).
import type { Allocation } from '@nsa/contracts';
import type { BlockView } from '../api/blocks';
import { browserTimeZone, isoToLocalInput, localInputToMoment } from './local-datetime';

/** Inputs hold text ('' for nothing); the two window ends are datetime-local values. */
export interface BlockFormValues {
  name: string;
  weekStart: string;
  weekEnd: string;
  /** The ISO year of the weeks (R-RETENTION-YEAR); a new block starts with this year. */
  year: string;
  signupOpensAt: string;
  signupClosesAt: string;
  allocation: Allocation;
}

export type WindowField = 'signupOpensAt' | 'signupClosesAt';
export const WINDOW_FIELDS: readonly WindowField[] = ['signupOpensAt', 'signupClosesAt'];

export function blockFormValues(
  block: BlockView | null,
  timeZone: string = browserTimeZone(),
): BlockFormValues {
  return {
    name: block?.name ?? '',
    weekStart: block ? String(block.weekStart) : '',
    weekEnd: block ? String(block.weekEnd) : '',
    year: String(block?.year ?? new Date().getFullYear()),
    signupOpensAt: isoToLocalInput(block?.signupOpensAt, timeZone),
    signupClosesAt: isoToLocalInput(block?.signupClosesAt, timeZone),
    allocation: block?.allocation ?? 'fcfs',
  };
}

/**
 * What blockSchema gets. An empty week is "missing", not week 0; an empty window end is null; a
 * filled one is the admin's local time as ISO with its offset. A value that is no date and time
 * goes as typed, so the schema refuses it ('dateTimeInvalid').
 */
export function blockFormInput(
  values: BlockFormValues,
  timeZone: string = browserTimeZone(),
): Record<string, unknown> {
  const moment = (value: string) =>
    value.trim() === '' ? null : (localInputToMoment(value, timeZone)?.iso ?? value);
  return {
    name: values.name,
    weekStart: values.weekStart.trim() === '' ? undefined : values.weekStart,
    weekEnd: values.weekEnd.trim() === '' ? undefined : values.weekEnd,
    year: values.year.trim() === '' ? undefined : values.year,
    signupOpensAt: moment(values.signupOpensAt),
    signupClosesAt: moment(values.signupClosesAt),
    allocation: values.allocation,
  };
}

/**
 * The window ends whose wall-clock time does not exist (the hour the clocks go forward), with
 * the time they are saved as, so the form can say so.
 */
export function shiftedWindowEnds(
  values: BlockFormValues,
  timeZone: string = browserTimeZone(),
): Partial<Record<WindowField, string>> {
  const shifted: Partial<Record<WindowField, string>> = {};
  for (const field of WINDOW_FIELDS) {
    const moment = values[field].trim() === '' ? null : localInputToMoment(values[field], timeZone);
    if (moment?.shifted) shifted[field] = isoToLocalInput(moment.iso, timeZone).slice(11, 16);
  }
  return shifted;
}

/**
 * Where a block stands with its draw (R-DRAW-WINDOW, R-DRAW-PUBLISH): first come first served
 * (no draw), a lottery without a complete window, before the window opens, while it is open,
 * closed (the draw can be made), or published.
 */
export type DrawStage = 'fcfs' | 'noWindow' | 'beforeOpen' | 'open' | 'closed' | 'published';

export function drawStage(block: BlockView, now: Date): DrawStage {
  if (block.allocation !== 'lottery') return 'fcfs';
  if (block.drawPublishedAt) return 'published';
  const opens = block.signupOpensAt ? Date.parse(block.signupOpensAt) : NaN;
  const closes = block.signupClosesAt ? Date.parse(block.signupClosesAt) : NaN;
  if (Number.isNaN(opens) || Number.isNaN(closes)) return 'noWindow';
  if (now.getTime() < opens) return 'beforeOpen';
  if (now.getTime() < closes) return 'open';
  return 'closed';
}
