// R-REVIEW-BULK-SCREEN: what a bulk review of the selected sign-ups will do, said before it is
// sent, and what it did, from the server's answer. Pure, so it is unit tested; the dialog turns
// the counts into text.
import type { BulkAction, BulkResponse, RegistrationStatus } from '@nsa/contracts';
import { reviewActions } from './registration-status';
import { placesTaken } from '../../shared/lib/capacity';

export type { BulkAction };

/** The server's limit on ids in one bulk call. */
export const MAX_BULK = 500;

/**
 * What happens to one selected sign-up:
 * - approved / rejected / reverted: the action as asked;
 * - rejectedFull: an approval beyond capacity, rejected as 'activity full' (R-REVIEW-CAPACITY);
 * - staysWaitlisted: an approval from the waiting list while full, refused, it keeps its place;
 * - skipped: the action does not apply to its status (or its data was erased), not sent;
 * - failed: refused by the server for another reason (after the call only).
 */
export type BulkOutcome =
  'approved' | 'rejectedFull' | 'staysWaitlisted' | 'rejected' | 'reverted' | 'skipped' | 'failed';

export const BULK_OUTCOMES: readonly BulkOutcome[] = [
  'approved',
  'rejectedFull',
  'staysWaitlisted',
  'rejected',
  'reverted',
  'skipped',
  'failed',
];

export interface BulkRow {
  id: number;
  status: RegistrationStatus;
  createdAt: string;
  erasedAt?: string | null;
  activity: {
    id: number;
    capacity: number;
    approvedCount: number;
    offeredCount?: number | null;
  };
}

/** An activity's places as the activities list has them (fresher than a row's copy). */
export interface ActivityPlaces {
  id: number;
  capacity: number;
  approvedCount: number;
  offeredCount?: number | null;
}

export interface BulkPlan {
  /** The ids to send, in the order the server applies them: oldest sign-up first. */
  ids: number[];
  outcomes: Map<number, BulkOutcome>;
  counts: Record<BulkOutcome, number>;
}

const emptyCounts = (): Record<BulkOutcome, number> =>
  Object.fromEntries(BULK_OUTCOMES.map((o) => [o, 0])) as Record<BulkOutcome, number>;

/** Oldest first (then by id): the first to sign up get the places first. */
export function inSignupOrder<T extends Pick<BulkRow, 'id' | 'createdAt'>>(
  rows: readonly T[],
): T[] {
  return [...rows].sort((a, b) =>
    a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1,
  );
}

/**
 * The plan of a bulk action on the selected rows: which are sent and what each will become.
 * Approvals use each activity's free places (capacity − approved − offered), from `places` when
 * given, else from the row, and count down as they are handed out in sign-up order; an offered
 * sign-up already holds its place.
 */
export function planBulk(
  action: BulkAction,
  rows: readonly BulkRow[],
  places: readonly ActivityPlaces[] = [],
): BulkPlan {
  const known = new Map(places.map((p) => [p.id, p]));
  const free = new Map<number, number>();
  const freeOf = (row: BulkRow) => {
    if (!free.has(row.activity.id)) {
      const a = known.get(row.activity.id) ?? row.activity;
      free.set(row.activity.id, Math.max(0, a.capacity - placesTaken(a)));
    }
    return free.get(row.activity.id)!;
  };
  const outcomes = new Map<number, BulkOutcome>();
  const ids: number[] = [];
  const seen = new Set<number>();
  for (const row of inSignupOrder(rows)) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    if (!reviewActions({ status: row.status, erasedAt: row.erasedAt ?? null }).includes(action)) {
      outcomes.set(row.id, 'skipped');
      continue;
    }
    ids.push(row.id);
    if (action === 'reject') outcomes.set(row.id, 'rejected');
    else if (action === 'revert') outcomes.set(row.id, 'reverted');
    else if (row.status === 'offered') outcomes.set(row.id, 'approved');
    else {
      const left = freeOf(row);
      if (left > 0) {
        free.set(row.activity.id, left - 1);
        outcomes.set(row.id, 'approved');
      } else outcomes.set(row.id, row.status === 'waitlisted' ? 'staysWaitlisted' : 'rejectedFull');
    }
  }
  return { ids, outcomes, counts: countOf(outcomes) };
}

function countOf(outcomes: Map<number, BulkOutcome>): Record<BulkOutcome, number> {
  const counts = emptyCounts();
  for (const outcome of outcomes.values()) counts[outcome] += 1;
  return counts;
}

/** What the server did, counted the same way, with the refused ones and their codes. */
export function bulkResult(
  action: BulkAction,
  response: BulkResponse,
): { counts: Record<BulkOutcome, number>; failed: Array<{ id: number; code: string }> } {
  const outcomes = new Map<number, BulkOutcome>();
  const failed: Array<{ id: number; code: string }> = [];
  for (const result of response.results) {
    if ('code' in result) {
      if (action === 'approve' && result.code === 'ACTIVITY_FULL') {
        outcomes.set(result.id, 'staysWaitlisted');
      } else {
        outcomes.set(result.id, 'failed');
        failed.push(result);
      }
      continue;
    }
    const outcome: BulkOutcome =
      action === 'approve'
        ? result.status === 'approved'
          ? 'approved'
          : result.status === 'rejected'
            ? 'rejectedFull'
            : 'failed'
        : action === 'reject'
          ? result.status === 'rejected'
            ? 'rejected'
            : 'failed'
          : result.status === 'new'
            ? 'reverted'
            : 'failed';
    if (outcome === 'failed') failed.push({ id: result.id, code: 'UNEXPECTED_STATUS' });
    outcomes.set(result.id, outcome);
  }
  return { counts: countOf(outcomes), failed };
}

/** The outcomes worth a line, in a fixed order. */
export function outcomeLines(counts: Record<BulkOutcome, number>): Array<[BulkOutcome, number]> {
  return BULK_OUTCOMES.filter((o) => counts[o] > 0).map((o) => [o, counts[o]]);
}
