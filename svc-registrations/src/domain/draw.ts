import { createHmac } from 'node:crypto';
import type { DrawActivity, DrawEntry, DrawResult, DrawStats } from '@nsa/contracts';

/**
 * The draw for an oversubscribed lottery block (R-DRAW-RULES), a pure function of the seed and
 * the entries, so that anyone holding a published draw's export can recompute it
 * (`npm run draw:verify`). Version 1, in five lines:
 * 1. Every family (the same parent email) gets a lottery number: HMAC-SHA-256 of its family key
 *    under the seed; families are ordered by it (ties, which need a hash collision, by key).
 * 2. Rounds: in each, families take turns in lottery order (reversed in every second round:
 *    snake order), and each child of a family, in child-key order, gets at most one more place:
 *    the first of its remaining entries, in its order of preference, that can be placed.
 * 3. Siblings who entered the same activity form one group: the group is placed only whole
 *    (capacity for all of them, none of them with a place at the same time already, none of
 *    them placed before in this round), otherwise it waits for the next round or is waitlisted.
 * 4. A group that cannot fit any more (too few places left, or a member already has a place at
 *    the same time: R-SIGNUP-OVERLAP) is waitlisted; a round that places nobody ends the draw.
 * 5. Waitlisted entries keep the order the draw reached them in, per activity, positions from 1;
 *    siblings take consecutive positions.
 * The outcome does not depend on the order the entries are given in.
 */
export const DRAW_ALGORITHM = 'family-rounds-snake/v1';

// The draw's input and output types are the API's (contracts: DrawActivity, DrawEntry,
// DrawResult, DrawStats), so the export an admin downloads is exactly what runDraw takes.
export type { DrawActivity, DrawEntry, DrawResult, DrawStats };

export interface DrawOutcome {
  results: DrawResult[];
  stats: DrawStats;
}

/** A family's lottery number: HMAC-SHA-256 of its key under the seed, hex. */
export function lotteryNumber(seed: string, family: string): string {
  return createHmac('sha256', seed).update(family).digest('hex');
}

/** R-SIGNUP-OVERLAP: the same weekday and start time in overlapping weeks. */
export function overlaps(a: DrawActivity, b: DrawActivity): boolean {
  return (
    a.id !== b.id &&
    a.weekday === b.weekday &&
    a.startTime === b.startTime &&
    a.weekStart <= b.weekEnd &&
    a.weekEnd >= b.weekStart
  );
}

interface Group {
  activity: DrawActivity;
  entries: DrawEntry[];
  children: string[];
  state: 'open' | 'placed' | 'waitlisted';
  round?: number;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function runDraw(seed: string, activities: DrawActivity[], given: DrawEntry[]): DrawOutcome {
  const activityById = new Map(activities.map((a) => [a.id, a]));
  const entries = [...given].sort((a, b) => a.registrationId - b.registrationId);
  for (const e of entries) {
    if (!activityById.has(e.activityId))
      throw new RangeError(`entry ${e.registrationId}: unknown activity ${e.activityId}`);
  }

  // Groups: the children of one family in one activity.
  const groups = new Map<string, Group>();
  for (const e of entries) {
    const key = JSON.stringify([e.family, e.activityId]);
    let g = groups.get(key);
    if (!g) {
      g = { activity: activityById.get(e.activityId)!, entries: [], children: [], state: 'open' };
      groups.set(key, g);
    }
    g.entries.push(e);
    if (!g.children.includes(e.child)) g.children.push(e.child);
  }
  for (const g of groups.values()) {
    g.entries.sort((a, b) => byString(a.child, b.child) || a.registrationId - b.registrationId);
    g.children.sort(byString);
  }

  // Each child's groups in its order of preference; each family's children in key order.
  const choices = new Map<string, Array<{ group: Group; preference: number }>>();
  const familyChildren = new Map<string, Set<string>>();
  for (const g of groups.values()) {
    for (const e of g.entries) {
      const list = choices.get(e.child) ?? [];
      if (!list.some((c) => c.group === g)) list.push({ group: g, preference: e.preference });
      choices.set(e.child, list);
      familyChildren.set(e.family, (familyChildren.get(e.family) ?? new Set()).add(e.child));
    }
  }
  for (const list of choices.values())
    list.sort((a, b) => a.preference - b.preference || a.group.activity.id - b.group.activity.id);

  const families = [...familyChildren.keys()]
    .map((f) => ({ family: f, number: lotteryNumber(seed, f) }))
    .sort((a, b) => byString(a.number, b.number) || byString(a.family, b.family))
    .map((f) => ({
      family: f.family,
      children: [...familyChildren.get(f.family)!].sort(byString),
    }));

  const left = new Map(activities.map((a) => [a.id, Math.max(0, a.places)]));
  const placedIn = new Map<string, DrawActivity[]>();
  const waitlistOrder: Group[] = [];
  const waitlist = (g: Group) => {
    g.state = 'waitlisted';
    waitlistOrder.push(g);
  };

  for (let round = 1; ; round += 1) {
    const order = round % 2 === 1 ? families : [...families].reverse();
    const gotThisRound = new Set<string>();
    let placedAny = false;
    for (const { children } of order) {
      for (const child of children) {
        if (gotThisRound.has(child)) continue;
        for (const { group } of choices.get(child)!) {
          if (group.state !== 'open') continue;
          if (group.children.some((c) => gotThisRound.has(c))) continue;
          const clash = group.children.some((c) =>
            (placedIn.get(c) ?? []).some(
              (p) => p.id === group.activity.id || overlaps(p, group.activity),
            ),
          );
          if (clash || group.children.length > left.get(group.activity.id)!) {
            waitlist(group);
            continue;
          }
          left.set(group.activity.id, left.get(group.activity.id)! - group.children.length);
          group.state = 'placed';
          group.round = round;
          for (const c of group.children) {
            placedIn.set(c, [...(placedIn.get(c) ?? []), group.activity]);
            gotThisRound.add(c);
          }
          placedAny = true;
          break;
        }
      }
    }
    if (!placedAny) break;
  }
  // A round that placed nobody tried every open group and waitlisted it; none is left open.

  const position = new Map<number, number>();
  const results = new Map<number, DrawResult>();
  for (const g of waitlistOrder) {
    for (const e of g.entries) {
      const p = (position.get(g.activity.id) ?? 0) + 1;
      position.set(g.activity.id, p);
      results.set(e.registrationId, {
        registrationId: e.registrationId,
        outcome: 'waitlisted',
        waitlistPosition: p,
        round: null,
      });
    }
  }
  for (const g of groups.values()) {
    if (g.state !== 'placed') continue;
    for (const e of g.entries)
      results.set(e.registrationId, {
        registrationId: e.registrationId,
        outcome: 'approved',
        waitlistPosition: null,
        round: g.round!,
      });
  }

  const ordered = entries.map((e) => results.get(e.registrationId)!);
  const first = [...choices.entries()].filter(([, list]) => list[0]!.group.state === 'placed');
  return {
    results: ordered,
    stats: {
      entries: entries.length,
      children: choices.size,
      placed: ordered.filter((r) => r.outcome === 'approved').length,
      waitlisted: ordered.filter((r) => r.outcome === 'waitlisted').length,
      firstChoices: first.length,
      childrenPlaced: placedIn.size,
    },
  };
}
