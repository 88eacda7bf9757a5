import { randomBytes, randomUUID } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  EVENT_TYPES,
  type ActivityEvent,
  type BlockEvent,
  type DrawCommittedEvent,
  type DrawExport,
  type DrawFrozenEvent,
  type DrawPublishedEvent,
  type DrawStateAnswer,
  type DrawView,
} from '@nsa/contracts';
import {
  AppError,
  recordAudit,
  ORGANISATIONS_AT_WORK,
  repeatEvery,
  type EveryOrganisation,
  sessionActor,
  type Logger,
  type Metrics,
  type Outbox,
  type Transaction,
  type Transactor,
} from '@nsa/service-kit';
import type { ActivityRepository, ProjectedActivity } from '../data-access/activities.js';
import type { DrawRepository, DrawRow } from '../data-access/draws.js';
import type { RegistrationRepository } from '../data-access/registrations.js';
import { actingAdmin, adminRef } from './acting-admin.js';
import { DRAW_ALGORITHM, runDraw } from './draw.js';
import { sha256 } from './links.js';
import { MSG } from './messages.js';
import { statusEvent } from './status-events.js';
import type { Waitlist } from './waitlist.js';

export interface LotteryDeps {
  db: Transactor;
  outbox: Outbox;
  registrations: RegistrationRepository;
  activities: ActivityRepository;
  draws: DrawRepository;
  waitlist: Waitlist;
  /** Published draws by result, with the sign-ups each placed (R-OPS-METRICS). */
  metrics?: Pick<Metrics, 'jobRun'>;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** How often closed lottery blocks are looked for to freeze (R-DRAW-FREEZE); default 1 s. */
  freezeSweepMs?: number;
}

/** How a sign-up meets its block's window (R-DRAW-WINDOW): refused, or taken (capacity or not). */
export type WindowAnswer = { ignoreCapacity: boolean };

/**
 * R-DRAW-WINDOW on the block as its owner answered it: before the window opens 409
 * SIGNUP_NOT_OPEN; after it closes 409 SIGNUP_CLOSED; a lottery block whose draw is not yet
 * published takes sign-ups whatever the capacity (the draw decides); once published it is
 * first come, first served, like any block.
 */
export function admitToWindow(
  block: ActivityEvent['block'],
  drawPublished: boolean,
  now: Date,
): WindowAnswer {
  const opens = block.signupOpensAt ? new Date(block.signupOpensAt) : null;
  const closes = block.signupClosesAt ? new Date(block.signupClosesAt) : null;
  if (block.allocation === 'lottery' && drawPublished) return { ignoreCapacity: false };
  if (opens && now < opens) throw AppError.conflict(MSG.signupNotOpen, 'SIGNUP_NOT_OPEN');
  if (closes && now >= closes) throw AppError.conflict(MSG.signupClosed, 'SIGNUP_CLOSED');
  return { ignoreCapacity: block.allocation === 'lottery' };
}

/**
 * R-DRAW-FREEZE: an entry's key, everything the draw reads of it:
 * `registrationId|activityId|family|child|preference` (docs/draw.md).
 */
export const entryKey = (e: DrawExport['entries'][number]): string =>
  `${e.registrationId}|${e.activityId}|${e.family}|${e.child}|${e.preference}`;

/**
 * R-DRAW-FREEZE: the digest of the entries frozen at close: SHA-256 hex of the entry keys sorted
 * by their characters (byte order: `LC_ALL=C sort`), each followed by a line feed. The database
 * computes the same in `freeze_draw` (migration 0011); a test holds the two together.
 */
export const entriesDigest = (entries: DrawExport['entries']): string =>
  sha256(
    entries
      .map(entryKey)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((k) => `${k}\n`)
      .join(''),
  );

/** The frozen input as the draw takes it and an admin downloads it (R-DRAW-EXPORT). */
function frozenExport(row: DrawRow): DrawExport {
  const frozen = row.frozenExport!;
  return {
    algorithm: DRAW_ALGORITHM,
    blockId: row.blockId,
    activities: frozen.activities,
    entries: frozen.entries,
  };
}

/** R-DRAW-SECRET: the seed only once published; no answer carries it before. */
function view(row: DrawRow): DrawView {
  const published = row.publishedAt !== null;
  return {
    drawId: row.drawId!,
    blockId: row.blockId,
    seed: published ? row.seed : null,
    seedHash: row.seedHash,
    algorithm: row.algorithm!,
    createdAt: new Date(row.previewedAt!).toISOString(),
    published: row.publishedAt !== null,
    publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
    entriesDigest: row.entriesDigest!,
    results: row.results!,
    stats: row.stats!,
    export: row.export!,
  };
}

/** Lottery blocks (R-DRAW-*): commit to a seed, preview the draw, publish it. */
export class Lottery {
  constructor(private readonly deps: LotteryDeps) {}

  /**
   * R-DRAW-COMMIT: as soon as a lottery block has a window its seed is fixed (256 random bits)
   * and only its hash published; the seed stays here until the draw is published.
   */
  async blockChanged(tx: Transaction, block: BlockEvent): Promise<void> {
    const lottery =
      block.allocation === 'lottery' && !!block.signupOpensAt && !!block.signupClosesAt;
    if (lottery) await this.commitSeed(tx, block.id);
    // R-DRAW-FREEZE: the close the entries freeze at; a freeze made on a close that then moved
    // (catalog took the change before the old close) is undone, and catalog told so.
    const closes = lottery ? new Date(block.signupClosesAt!) : null;
    if (await this.deps.draws.setCloses(tx, block.id, closes)) await this.announce(tx, block.id);
  }

  /**
   * R-DRAW-COMMIT: fixes a block's seed once (a replay or a second asker finds it there) and
   * answers its hash; the first fix tells catalog by event too.
   */
  private async commitSeed(tx: Transaction, blockId: number): Promise<string> {
    const seed = randomBytes(32).toString('hex');
    const seedHash = sha256(seed);
    if (await this.deps.draws.commit(tx, blockId, seed, seedHash)) {
      await this.deps.outbox.add<DrawCommittedEvent>(tx, {
        type: EVENT_TYPES.drawCommitted,
        data: { blockId, seedHash },
      });
      return seedHash;
    }
    return (await this.deps.draws.byBlock(blockId, tx))!.seedHash;
  }

  /**
   * R-DRAW-COMMIT: catalog asks, inside the write that gives a block a lottery window, for the
   * seed commitment of each block, so that write answers with the block's `seedHash`. The
   * commitment is made here, by the owner of the seed; the block's own event, arriving later,
   * finds it made.
   */
  commitments(blockIds: number[]): Promise<Array<{ seedHash: string }>> {
    return this.deps.db.transaction(async (tx: Transaction) => {
      const byId = new Map<number, string>();
      for (const id of [...new Set(blockIds)].sort((a, b) => a - b))
        byId.set(id, await this.commitSeed(tx, id));
      return blockIds.map((id) => ({ seedHash: byId.get(id)! }));
    });
  }

  /**
   * R-FRESH-LISTS: the draws of these blocks as they are now, for catalog's views, one entry per
   * id in order; null for a block without a seed commitment. Asking commits nothing.
   */
  async states(blockIds: number[]): Promise<Array<DrawStateAnswer | null>> {
    const states = await this.deps.draws.states([...new Set(blockIds)]);
    return blockIds.map((id) => states.get(id) ?? null);
  }

  /** R-DRAW-FREEZE: tells catalog the digest of each freeze (or thaw) it has not heard of. */
  private async announce(tx: Transaction, blockId?: number): Promise<void> {
    const rows = await this.deps.draws.unannounced(tx, blockId);
    await this.deps.outbox.addMany<DrawFrozenEvent>(
      tx,
      rows.map((r) => ({
        type: EVENT_TYPES.drawFrozen,
        data: { blockId: r.blockId, entriesDigest: r.entriesDigest },
      })),
    );
    await this.deps.draws.markAnnounced(
      tx,
      rows.map((r) => r.blockId),
    );
  }

  /**
   * R-DRAW-FREEZE: freezes the entries of every lottery block whose close has passed, and tells
   * catalog their digests (also of freezes the database made on its own, before an entry of a
   * closed block changed). Any number of processes may run it: a freeze happens once.
   */
  async freezeDue(): Promise<number> {
    let frozen = 0;
    for (const blockId of await this.deps.draws.dueForFreeze()) {
      if (await this.deps.db.transaction((tx) => this.deps.draws.freeze(tx, blockId))) frozen += 1;
    }
    await this.deps.db.transaction((tx) => this.announce(tx));
    return frozen;
  }

  /**
   * Freezes on start and every `freezeSweepMs`, every active organisation in turn (R-ORG-JOBS);
   * a failed round (database away) is retried.
   */
  start(organisations: Pick<EveryOrganisation, 'run'>): { stop(): Promise<void> } {
    return repeatEvery(
      () =>
        organisations.run(ORGANISATIONS_AT_WORK, async (organisationId) => {
          const n = await this.freezeDue();
          if (n > 0) {
            this.deps.logger?.info({ frozen: n, organisationId }, 'draw: entries frozen at close');
          }
        }),
      this.deps.freezeSweepMs ?? 1000,
      (err) => this.deps.logger?.warn({ err: err.message }, 'draw: freeze failed; will retry'),
    );
  }

  /**
   * R-DRAW-FREEZE: those of these activities whose sign-ups belong to a frozen draw: a lottery
   * block whose close has passed and whose draw is not published. An admin's decision on such a
   * sign-up is refused (409 DRAW_FROZEN): until publication only the draw places it, and nothing
   * becomes an entry after close.
   */
  async frozenActivities(
    tx: Transaction,
    activities: ProjectedActivity[],
    now = new Date(),
  ): Promise<Set<number>> {
    const closed = activities.filter(
      (a) =>
        a.blockAllocation === 'lottery' &&
        a.blockSignupClosesAt !== null &&
        new Date(a.blockSignupClosesAt) <= now,
    );
    if (closed.length === 0) return new Set();
    const published = await this.deps.draws.publishedBlocks(
      [...new Set(closed.map((a) => a.blockId))],
      tx,
    );
    return new Set(closed.filter((a) => !published.has(a.blockId)).map((a) => a.id));
  }

  /** Whether the sign-up's block has a published draw (only asked for lottery blocks). */
  async drawPublished(blockId: number): Promise<boolean> {
    return (await this.deps.draws.publishedBlocks([blockId])).has(blockId);
  }

  async get(blockId: number): Promise<DrawView> {
    const row = await this.deps.draws.byBlock(blockId);
    if (!row?.drawId) throw AppError.notFound(MSG.drawNotFound);
    return view(row);
  }

  /**
   * The block's draw, locked, when it may be drawn now: a lottery whose entries froze at close
   * (frozen now if the close has just passed), not published.
   */
  private async drawable(tx: Transaction, blockId: number): Promise<DrawRow> {
    const row = await this.deps.draws.byBlock(blockId, tx, true);
    if (!row) throw AppError.conflict(MSG.notLottery);
    if (row.publishedAt) throw AppError.conflict(MSG.drawPublished);
    if (row.frozenAt) return row;
    if (!(await this.deps.draws.freeze(tx, blockId))) throw AppError.conflict(MSG.drawBeforeClose);
    await this.announce(tx, blockId);
    return (await this.deps.draws.byBlock(blockId, tx, true))!;
  }

  /**
   * R-DRAW-PREVIEW: the draw on the entries frozen at close (R-DRAW-FREEZE), so every preview of
   * a block gives the same results; without the seed (R-DRAW-SECRET). Nothing changes but the
   * preview.
   */
  preview(blockId: number): Promise<DrawView> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.drawable(tx, blockId);
      const exported = frozenExport(row);
      const out = runDraw(row.seed, exported.activities, exported.entries);
      return view(
        await this.deps.draws.savePreview(tx, blockId, {
          drawId: randomUUID(),
          algorithm: DRAW_ALGORITHM,
          export: exported,
          results: out.results,
          stats: out.stats,
        }),
      );
    });
  }

  /**
   * R-DRAW-PUBLISH: the preview applied in one transaction, under the block's activity locks:
   * approved ones take their places, the rest join the waiting list in draw order, each parent
   * is emailed (when asked), the seed is revealed. An entry withdrawn or erased since close is
   * skipped (R-DRAW-FREEZE): it gets nothing, and a place the draw gave it goes to the waiting
   * list like any freed place. Refused (409) when published already or not previewed, or when
   * places were taken since close (which the freeze does not let happen).
   */
  publish(blockId: number, sendEmail: boolean, now = new Date()): Promise<DrawView> {
    // The acting admin, from the request's context (who approved, in the rows and the audit).
    const admin = actingAdmin();
    const { registrations, draws, waitlist, outbox, metrics } = this.deps;
    let placed = 0;
    const published = this.deps.db.transaction(async (tx) => {
      const activities = await this.deps.activities.ofBlock(blockId, tx, true);
      const row = await this.drawable(tx, blockId);
      if (!row.drawId) throw AppError.conflict(MSG.drawNoPreview);
      const exported = frozenExport(row);
      const live = new Set(
        (
          await registrations.byIds(
            exported.entries.map((e) => e.registrationId),
            tx,
            true,
          )
        )
          .filter((r) => r.status === 'new')
          .map((r) => r.id),
      );
      const results = row.results!.filter((r) => live.has(r.registrationId));
      placed = results.length;
      const approvedIds = results
        .filter((r) => r.outcome === 'approved')
        .map((r) => r.registrationId);
      const activityOf = new Map(exported.entries.map((e) => [e.registrationId, e.activityId]));
      // Capacity holds: the places the draw fills must still be free.
      const taken = await registrations.takenCounts(
        tx,
        activities.map((a) => a.id),
      );
      for (const id of approvedIds)
        taken.set(activityOf.get(id)!, (taken.get(activityOf.get(id)!) ?? 0) + 1);
      if (activities.some((a) => (taken.get(a.id) ?? 0) > a.capacity))
        throw AppError.conflict(MSG.drawChanged);
      const waitlisted = results
        .filter((r) => r.outcome === 'waitlisted')
        .sort(
          (a, b) =>
            activityOf.get(a.registrationId)! - activityOf.get(b.registrationId)! ||
            a.waitlistPosition! - b.waitlistPosition!,
        )
        .map((r) => r.registrationId);
      const before = new Map(
        (await registrations.byIds([...approvedIds, ...waitlisted], tx, true)).map((r) => [
          r.id,
          r,
        ]),
      );
      const ref = adminRef(admin);
      const approvedRows = await registrations.setStatuses(
        tx,
        approvedIds.map((id) => ({ id, status: 'approved' as const, admin: ref, reason: null })),
      );
      await registrations.waitlistInOrder(tx, waitlisted);
      const after = new Map((await registrations.byIds(waitlisted, tx)).map((r) => [r.id, r]));
      for (const [id, r] of approvedRows) after.set(id, r);
      const links = sendEmail ? await waitlist.mintLinks(tx, [...before.values()]) : new Map();
      const activityById = new Map(activities.map((a) => [a.id, a]));
      const events = [...before.values()].map((reg) =>
        statusEvent(
          after.get(reg.id)!.status === 'approved'
            ? EVENT_TYPES.registrationApproved
            : EVENT_TYPES.registrationWaitlisted,
          reg,
          after.get(reg.id)!,
          activityById.get(reg.activityId)!,
          { sendEmail, sealedLink: links.get(reg.id), now },
        ),
      );
      await outbox.addMany(tx, events);
      // A place the draw gave an entry skipped since close goes to the waiting list.
      if (live.size < exported.entries.length) await waitlist.fill(tx, activities);
      const published = await draws.markPublished(tx, blockId);
      await outbox.add<DrawPublishedEvent>(tx, {
        type: EVENT_TYPES.drawPublished,
        data: {
          blockId,
          drawId: published.drawId!,
          seed: published.seed,
          seedHash: published.seedHash,
          algorithm: published.algorithm!,
          publishedAt: new Date(published.publishedAt!).toISOString(),
        },
      });
      // R-AUDIT-ADMIN-CHANGES: who published the block's draw, and how many it placed.
      await recordAudit(tx, outbox, 'registrations', {
        actor: sessionActor(admin),
        action: AUDIT_ACTIONS.drawPublished,
        target: { type: 'block', id: String(blockId) },
        changes: {
          approved: { before: null, after: approvedIds.length },
          waitlisted: { before: null, after: waitlisted.length },
        },
      });
      return view(published);
    });
    // A refusal (409: published already, changed, not closed) is the admin's answer, not a
    // failed draw; anything else is.
    published.then(
      () => metrics?.jobRun('draw-publish', 'ok', placed),
      (err: unknown) => {
        if (!(err instanceof AppError)) metrics?.jobRun('draw-publish', 'failed');
      },
    );
    return published;
  }
}
