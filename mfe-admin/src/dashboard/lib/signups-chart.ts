// R-ADMIN-DASHBOARD: the dashboard's chart of sign-ups per day, as bars in an SVG. Pure, so it
// is unit tested; the component draws what this returns.

export interface DayCount {
  day: string;
  count: number;
}

export interface ChartBar {
  day: string;
  count: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  bars: ChartBar[];
  max: number;
  /** Days shown: the last `maxDays` of the period. */
  days: DayCount[];
}

/** The widest a day's bar gets, in the chart's units. */
export const MAX_BAR = 48;

/** A round top for the scale: 1, 2, 5, 10, 20, 50 … at or above the largest day. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * Bars for the days, left to right, the tallest reaching the top of a round scale. Days
 * missing between the first and the last count as 0, so the time axis stays even.
 */
export function chartLayout(
  input: readonly DayCount[],
  { width = 600, height = 160, maxDays = 60 } = {},
): ChartLayout {
  const days = fillDays(input).slice(-maxDays);
  const max = niceMax(Math.max(0, ...days.map((d) => d.count)));
  const slot = days.length > 0 ? width / days.length : width;
  const gap = Math.min(4, slot * 0.2);
  // A few days do not make a wall of blue: a bar is at most MAX_BAR wide, centred in its day.
  const barWidth = Math.min(slot - gap, MAX_BAR);
  const bars = days.map((d, i) => {
    const h = Math.round((d.count / max) * height * 100) / 100;
    return {
      day: d.day,
      count: d.count,
      x: Math.round((i * slot + (slot - barWidth) / 2) * 100) / 100,
      y: Math.round((height - h) * 100) / 100,
      width: Math.round(barWidth * 100) / 100,
      height: h,
    };
  });
  return { width, height, bars, max, days };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Every day from the first to the last given, the missing ones at 0; unreadable days dropped. */
export function fillDays(input: readonly DayCount[]): DayCount[] {
  const known = new Map<string, number>();
  for (const d of input) {
    if (DAY.test(d.day)) known.set(d.day, (known.get(d.day) ?? 0) + Math.max(0, d.count));
  }
  const sorted = [...known.keys()].sort();
  if (sorted.length === 0) return [];
  const out: DayCount[] = [];
  const last = sorted[sorted.length - 1]!;
  // Noon UTC steps whole days without a daylight-saving edge.
  for (let t = Date.parse(`${sorted[0]}T12:00:00Z`); out.length < 3660; t += 24 * 60 * 60 * 1000) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, count: known.get(day) ?? 0 });
    if (day === last) break;
  }
  return out;
}
