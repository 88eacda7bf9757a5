import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationStatus } from '@nsa/contracts';
import { bulkResult, outcomeLines, planBulk, type BulkRow } from '../../src/registrations/lib/bulk';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: { nl: { admin: nl }, en: { admin: en } },
    ns: ['admin'],
    defaultNS: 'admin',
    lng: 'nl',
    interpolation: { escapeValue: false },
  });
});

const activity = (id: number, capacity: number, approvedCount = 0, offeredCount = 0) => ({
  id,
  capacity,
  approvedCount,
  offeredCount,
});

let next = 0;
function row(
  status: RegistrationStatus,
  act: BulkRow['activity'],
  minutesAgo: number,
  extra: Partial<BulkRow> = {},
): BulkRow {
  next += 1;
  return {
    id: next,
    status,
    createdAt: new Date(Date.UTC(2026, 8, 1, 12, 0) - minutesAgo * 60_000).toISOString(),
    activity: act,
    ...extra,
  };
}

const sentence = (lng: string, counts: Parameters<typeof outcomeLines>[0], tense = 'will') =>
  outcomeLines(counts)
    .map(([outcome, count]) => i18n.t(`bulk.${tense}.${outcome}`, { lng, count }))
    .join(', ');

describe('planBulk (R-REVIEW-BULK-SCREEN)', () => {
  it('approving 15 new sign-ups on 12 free places: 12 approved, 3 would exceed capacity, said in nl and en', () => {
    const act = activity(1, 14, 2);
    const rows = Array.from({ length: 15 }, (_, i) => row('new', act, 100 - i));
    const plan = planBulk('approve', rows);
    expect(plan.counts).toMatchObject({ approved: 12, rejectedFull: 3, skipped: 0 });
    expect(plan.ids).toHaveLength(15);
    expect(sentence('nl', plan.counts)).toBe(
      '12 goedgekeurd, 3 zouden de capaciteit overschrijden en worden afgewezen (activiteit vol)',
    );
    expect(sentence('en', plan.counts)).toBe(
      '12 approved, 3 would exceed capacity and become rejected (activity full)',
    );
  });

  it('hands the places out oldest first, whatever the order on screen, and sends ids in that order', () => {
    const act = activity(2, 2);
    const newest = row('new', act, 1);
    const oldest = row('new', act, 30);
    const middle = row('new', act, 10);
    const plan = planBulk('approve', [newest, oldest, middle]);
    expect(plan.ids).toEqual([oldest.id, middle.id, newest.id]);
    expect(plan.outcomes.get(oldest.id)).toBe('approved');
    expect(plan.outcomes.get(middle.id)).toBe('approved');
    expect(plan.outcomes.get(newest.id)).toBe('rejectedFull');
  });

  it('counts offered places as taken, lets an offered sign-up keep its place, and keeps a waitlisted one in line when full', () => {
    const act = activity(3, 3, 1, 1);
    const offered = row('offered', act, 50);
    const first = row('new', act, 40);
    const waiting = row('waitlisted', act, 30);
    const late = row('new', act, 20);
    const plan = planBulk('approve', [late, waiting, first, offered]);
    expect(plan.outcomes.get(offered.id)).toBe('approved');
    expect(plan.outcomes.get(first.id)).toBe('approved');
    expect(plan.outcomes.get(waiting.id)).toBe('staysWaitlisted');
    expect(plan.outcomes.get(late.id)).toBe('rejectedFull');
    expect(plan.counts).toMatchObject({ approved: 2, staysWaitlisted: 1, rejectedFull: 1 });
  });

  it('keeps each activity to its own places', () => {
    const a = activity(4, 1);
    const b = activity(5, 2);
    const plan = planBulk('approve', [row('new', a, 3), row('new', a, 2), row('new', b, 1)]);
    expect(plan.counts).toMatchObject({ approved: 2, rejectedFull: 1 });
  });

  it('uses the activities list for free places when it knows the activity', () => {
    const stale = activity(6, 5, 0);
    const plan = planBulk(
      'approve',
      [row('new', stale, 2), row('new', stale, 1)],
      [activity(6, 5, 4)],
    );
    expect(plan.counts).toMatchObject({ approved: 1, rejectedFull: 1 });
  });

  it('skips, and does not send, sign-ups the action does not fit: approved, withdrawn, erased', () => {
    const act = activity(7, 10);
    const approved = row('approved', act, 5);
    const withdrawn = row('withdrawn', act, 4);
    const erased = row('rejected', act, 3, { erasedAt: '2026-09-01T00:00:00Z' });
    const fresh = row('new', act, 2);
    const rejectPlan = planBulk('reject', [approved, withdrawn, erased, fresh]);
    expect(rejectPlan.ids).toEqual([fresh.id]);
    expect(rejectPlan.counts).toMatchObject({ rejected: 1, skipped: 3 });
    const revertPlan = planBulk('revert', [approved, withdrawn, erased, fresh]);
    expect(revertPlan.ids).toEqual([approved.id]);
    expect(revertPlan.counts).toMatchObject({ reverted: 1, skipped: 3 });
    expect(sentence('en', revertPlan.counts)).toBe(
      '1 back to new, 3 skipped: the action does not fit their status',
    );
  });

  it('a full activity rejects every new approval', () => {
    const act = activity(8, 3, 3);
    const plan = planBulk('approve', [row('new', act, 2), row('new', act, 1)]);
    expect(plan.counts).toMatchObject({ approved: 0, rejectedFull: 2 });
  });
});

describe('bulkResult', () => {
  it('counts what the server did: approved, rejected as full, kept in line, refused', () => {
    const result = bulkResult('approve', {
      results: [
        { id: 1, status: 'approved' },
        { id: 2, status: 'approved' },
        { id: 3, status: 'rejected' },
        { id: 4, code: 'ACTIVITY_FULL' },
        { id: 5, code: 'CONFLICT' },
      ],
    });
    expect(result.counts).toMatchObject({
      approved: 2,
      rejectedFull: 1,
      staysWaitlisted: 1,
      failed: 1,
    });
    expect(result.failed).toEqual([{ id: 5, code: 'CONFLICT' }]);
    expect(sentence('nl', result.counts, 'did')).toBe(
      '2 goedgekeurd, 1 afgewezen: de activiteit was vol, 1 bleef op de wachtlijst (activiteit vol), 1 kon niet worden gewijzigd',
    );
  });

  it('a reject or revert that answers another status counts as not changed', () => {
    expect(
      bulkResult('reject', {
        results: [
          { id: 1, status: 'rejected' },
          { id: 2, status: 'approved' },
        ],
      }).counts,
    ).toMatchObject({ rejected: 1, failed: 1 });
    expect(bulkResult('revert', { results: [{ id: 1, status: 'new' }] }).counts).toMatchObject({
      reverted: 1,
    });
  });
});
