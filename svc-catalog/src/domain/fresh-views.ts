import type { ActivityCountsAnswer, DrawStateAnswer } from '@nsa/contracts';
import type { Logger } from '@nsa/service-kit';
import type { ActivityRecord } from '../data-access/activities.js';
import type { Block } from '../data-access/named.js';

/**
 * What svc-registrations, the owner of sign-ups and draws, answers about them now: one entry
 * per key, in order (null: a block without a seed commitment). A question it cannot answer in
 * time rejects.
 */
export interface RegistrationsNow {
  counts(activityIds: number[]): Promise<ActivityCountsAnswer[]>;
  draws(blockIds: number[]): Promise<Array<DrawStateAnswer | null>>;
}

/** Which parts of an answer came from the projection because the owner did not answer. */
export type Lagging = 'counts' | 'draws';

export interface Fresh<T> {
  items: T[];
  lagging: Lagging[];
}

type DrawFields = Pick<Block, 'seedHash' | 'entriesDigest' | 'seed'>;

export interface FreshViewsDeps {
  /** svc-registrations, asked for its counts and draws now. */
  owner: RegistrationsNow;
  logger: Logger;
}

/**
 * R-FRESH-LISTS: the sign-up counts and the draws catalog shows are svc-registrations' data. The
 * projection its events keep may be behind by some milliseconds, and nothing in it tells by how
 * much, so every view that shows them asks the owner for the listed activities and lottery
 * blocks (one question for a whole list) and shows its answer: an approval or a published draw
 * answered a moment ago is in the next list. When the owner cannot answer in time the view
 * shows the projection's figures instead of failing, and says which parts may lag.
 */
export class FreshViews {
  constructor(private readonly deps: FreshViewsDeps) {}

  /** Activities with their counts and their lottery block's draw as svc-registrations has them. */
  async activities(records: ActivityRecord[]): Promise<Fresh<ActivityRecord>> {
    if (records.length === 0) return { items: records, lagging: [] };
    const lottery = [
      ...new Set(records.filter((r) => r.block.allocation === 'lottery').map((r) => r.blockId)),
    ];
    const [counts, draws] = await Promise.all([
      this.ask('counts', () => this.deps.owner.counts(records.map((r) => r.id))),
      this.ask('draws', () => this.deps.owner.draws(lottery)),
    ]);
    const drawOf = new Map(lottery.map((id, i) => [id, draws?.[i] ?? null]));
    const items = records.map((r, i) => {
      const c = counts?.[i];
      const d = drawOf.get(r.blockId) ?? null;
      return {
        ...r,
        ...(c && withCounts(r.capacity, c)),
        block: d ? { ...r.block, ...drawFields(d), drawPublishedAt: d.publishedAt } : r.block,
      };
    });
    return { items, lagging: lagging({ counts, draws }) };
  }

  /** Blocks with their draw as svc-registrations has it (lottery blocks only). */
  async blocks(blocks: Block[]): Promise<Fresh<Block>> {
    const lottery = blocks.filter((b) => b.allocation === 'lottery').map((b) => b.id);
    if (lottery.length === 0) return { items: blocks, lagging: [] };
    const draws = await this.ask('draws', () => this.deps.owner.draws(lottery));
    const drawOf = new Map(lottery.map((id, i) => [id, draws?.[i] ?? null]));
    const items = blocks.map((b) => {
      const d = drawOf.get(b.id);
      if (!d) return b;
      const publishedAt = d.publishedAt ? new Date(d.publishedAt) : null;
      return { ...b, ...drawFields(d), drawPublishedAt: publishedAt };
    });
    return { items, lagging: lagging({ draws }) };
  }

  /** The owner's answer, or undefined (the projection's figures stand) when it gave none. */
  private async ask<T>(part: Lagging, question: () => Promise<T[]>): Promise<T[] | undefined> {
    try {
      return await question();
    } catch (err) {
      this.deps.logger.warn({ err: (err as Error).message, part }, 'list shows the projection');
      return undefined;
    }
  }
}

const lagging = (parts: Partial<Record<Lagging, unknown[] | undefined>>): Lagging[] =>
  (Object.keys(parts) as Lagging[]).filter((k) => parts[k] === undefined);

const drawFields = (d: DrawStateAnswer): DrawFields => ({
  seedHash: d.seedHash,
  entriesDigest: d.entriesDigest,
  seed: d.seed,
});

/** R-WAITLIST-CAPACITY: a held offer takes a place as an approval does. */
const withCounts = (capacity: number, c: ActivityCountsAnswer) => ({
  approvedCount: c.approved,
  offeredCount: c.offered,
  waitlistCount: c.waitlisted,
  registrationsCount: c.registrations,
  availablePlaces: Math.max(0, capacity - c.approved - c.offered),
});
