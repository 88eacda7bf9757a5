import { describe, expect, it } from 'vitest';
import { chartLayout, fillDays, niceMax } from '../../src/dashboard/lib/signups-chart';

describe('the dashboard chart of sign-ups per day (R-ADMIN-DASHBOARD)', () => {
  it('fills the days without sign-ups with 0, across a month end', () => {
    expect(
      fillDays([
        { day: '2026-10-30', count: 3 },
        { day: '2026-11-02', count: 1 },
      ]),
    ).toEqual([
      { day: '2026-10-30', count: 3 },
      { day: '2026-10-31', count: 0 },
      { day: '2026-11-01', count: 0 },
      { day: '2026-11-02', count: 1 },
    ]);
    expect(fillDays([{ day: 'yesterday', count: 3 }])).toEqual([]);
  });

  it('scales to a round top and lets the busiest day reach it only when it is round', () => {
    expect([0, 1, 3, 7, 10, 11, 48, 120].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 200]);
    const layout = chartLayout(
      [
        { day: '2026-11-01', count: 10 },
        { day: '2026-11-02', count: 5 },
        { day: '2026-11-03', count: 0 },
        { day: '2026-11-04', count: 2 },
      ],
      { width: 400, height: 100 },
    );
    expect(layout.max).toBe(10);
    expect(layout.bars.map((b) => b.height)).toEqual([100, 50, 0, 20]);
    expect(layout.bars.map((b) => b.y)).toEqual([0, 50, 100, 80]);
    // Four even slots of 100, each bar at most 48 wide, centred in its slot, inside the chart.
    expect(layout.bars.map((b) => b.x)).toEqual([26, 126, 226, 326]);
    expect(layout.bars.map((b) => b.width)).toEqual([48, 48, 48, 48]);
    for (const bar of layout.bars) expect(bar.x + bar.width).toBeLessThanOrEqual(400);
  });

  it('keeps the last days when the period is longer than the chart holds', () => {
    const days = Array.from({ length: 90 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      count: i,
    }));
    const layout = chartLayout(days, { maxDays: 30 });
    expect(layout.bars).toHaveLength(30);
    // 30 slots of 20: the bars are narrower than the widest, with a gap between them.
    expect(layout.bars[0]).toMatchObject({ x: 2, width: 16 });
    expect(layout.bars[29]).toMatchObject({ day: '2026-03-31', count: 89 });
  });
});
