// R-DRAW-PREVIEW, R-DRAW-EXPORT, R-DRAW-VERIFY: what the draw screen makes of a DrawView.
import { describe, expect, it } from 'vitest';
import type { DrawView } from '@nsa/contracts';
import {
  blockIdParam,
  drawByActivity,
  drawExportJson,
  drawFrom,
  drawVerifyCommand,
} from '../../src/draw/lib/draw';
import { drawExportFileName } from '../../src/shared/lib/files';

const activity = (id: number, places: number) => ({
  id,
  places,
  weekday: 2,
  startTime: '15:00',
  weekStart: 10,
  weekEnd: 15,
});

const entry = (registrationId: number, activityId: number, preference: number) => ({
  registrationId,
  activityId,
  family: `family-${registrationId}`,
  child: `child-${registrationId}`,
  preference,
});

const view: DrawView = {
  drawId: '00000000-0000-4000-8000-000000000000',
  blockId: 7,
  seed: 'f'.repeat(64),
  seedHash: 'e'.repeat(64),
  algorithm: 'family-rounds-snake/v1',
  createdAt: '2026-03-30T09:00:00.000Z',
  published: true,
  publishedAt: '2026-03-30T10:00:00.000Z',
  entriesDigest: 'd'.repeat(64),
  results: [
    { registrationId: 11, outcome: 'waitlisted', waitlistPosition: 2, round: null },
    { registrationId: 12, outcome: 'approved', waitlistPosition: null, round: 2 },
    { registrationId: 13, outcome: 'approved', waitlistPosition: null, round: 1 },
    { registrationId: 14, outcome: 'waitlisted', waitlistPosition: 1, round: null },
    { registrationId: 21, outcome: 'approved', waitlistPosition: null, round: 1 },
    { registrationId: 99, outcome: 'waitlisted', waitlistPosition: 1, round: null },
  ],
  stats: { entries: 6, children: 6, placed: 3, waitlisted: 3, firstChoices: 3, childrenPlaced: 3 },
  export: {
    algorithm: 'family-rounds-snake/v1',
    blockId: 7,
    activities: [activity(5, 0), activity(3, 2), activity(4, 1)],
    entries: [entry(11, 3, 1), entry(12, 3, 2), entry(13, 3, 1), entry(14, 3, 1), entry(21, 4, 1)],
  },
};

describe('drawByActivity', () => {
  it("groups by activity in the export's order, leaves out empty ones, unknown ones last", () => {
    const groups = drawByActivity(view, new Map([[3, 'Judo']]));
    expect(groups.map((g) => [g.activityId, g.title, g.places, g.placed, g.waitlisted])).toEqual([
      [3, 'Judo', 2, 2, 2],
      [4, null, 1, 1, 0],
      [null, null, null, 0, 1],
    ]);
  });

  it('placed ones by round first, then the waiting list in order', () => {
    const [judo] = drawByActivity(view);
    expect(judo!.rows).toEqual([
      { registrationId: 13, preference: 1, outcome: 'approved', waitlistPosition: null, round: 1 },
      { registrationId: 12, preference: 2, outcome: 'approved', waitlistPosition: null, round: 2 },
      {
        registrationId: 14,
        preference: 1,
        outcome: 'waitlisted',
        waitlistPosition: 1,
        round: null,
      },
      {
        registrationId: 11,
        preference: 1,
        outcome: 'waitlisted',
        waitlistPosition: 2,
        round: null,
      },
    ]);
  });

  it('no results, no groups', () => {
    expect(drawByActivity({ ...view, results: [] })).toEqual([]);
  });
});

describe('the export and how to verify it', () => {
  it('is loting-blok-{id}.json, named in the verify command with the seed', () => {
    expect(drawExportFileName(7)).toBe('loting-blok-7.json');
    expect(drawVerifyCommand(view.seed!, 7)).toBe(
      `npm run draw:verify -- --seed ${'f'.repeat(64)} --entries loting-blok-7.json`,
    );
  });

  it('is the whole DrawView as JSON, which draw:verify reads back', () => {
    const text = drawExportJson(view);
    expect(text.endsWith('\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(view);
  });
});

describe('drawFrom', () => {
  it('takes a DrawView and refuses what is not one', () => {
    expect(drawFrom(view)).toBe(view);
    expect(drawFrom(null)).toBeNull();
    expect(drawFrom('<html>')).toBeNull();
    expect(drawFrom({ ...view, results: undefined })).toBeNull();
    expect(drawFrom({ ...view, export: { ...view.export, entries: null } })).toBeNull();
  });
});

describe('blockIdParam (/admin/blocks/:id/draw)', () => {
  it('a whole number from 1 within the ids of the database', () => {
    expect(blockIdParam('7')).toBe(7);
    expect(blockIdParam('2147483647')).toBe(2_147_483_647);
    for (const bad of [undefined, '', '0', '07', '-1', '1.5', 'abc', '2147483648', '1e3']) {
      expect(blockIdParam(bad), String(bad)).toBeNull();
    }
  });
});
