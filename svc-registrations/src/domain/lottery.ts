import { randomBytes, randomUUID } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  EVENT_TYPES,
  type ActivityEvent,
  type BlockEvent,
  type DrawCommittedEvent,
  type DrawExport,
  type DrawPublishedEvent,
  type DrawView,
} from '@nsa/contracts';
import {
  AppError,
  recordAudit,
  sessionActor,
  type ServiceContext,
  type SessionUser,
  type Transaction,
} from '@nsa/service-kit';
import { activitiesOfBlock, type ProjectedActivity } from '../data-access/activities.js';
import type { DrawRepository, DrawRow } from '../data-access/draws.js';
import {
  drawEntriesOfBlock,
  waitlistInOrder,
  type DrawEntryRow,
  type RegistrationRepository,
} from '../data-access/registrations.js';
import { DRAW_ALGORITHM, runDraw } from './draw.js';
import { sha256 } from './links.js';
import { MSG } from './messages.js';
import { statusEvent } from './status-events.js';
import type { Waitlist } from './waitlist.js';

export interface LotteryDeps {
  db: ServiceContext['sequelize'];
  outbox: ServiceContext['outbox'];
  repo: RegistrationRepository;
  draws: DrawRepository;
  waitlist: Waitlist;
  /** Published draws by result, with the sign-ups each placed (R-OPS-METRICS). */
  metrics?: Pick<ServiceContext['metrics'], 'jobRun'>;
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
 * The draw's input without personal data (R-DRAW-EXPORT): a family is keyed by its first
 * sign-up's id, a child likewise; a child's preference is the order it was signed up in.
 */
export function drawExport(
  blockId: number,
  activities: ProjectedActivity[],
  taken: Map<number, number>,
  rows: DrawEntryRow[],
): DrawExport {
  const firstOf = (key: (r: DrawEntryRow) => string) => {
    const first = new Map<string, number>();
    for (const r of rows) if (!first.has(key(r))) first.set(key(r), r.registrationId);
    return first;
  };
  const family = firstOf((r) => r.familyKey);
  const child = firstOf((r) => `${r.familyKey}|${r.childKey}`);
  const preference = new Map<string, number>();
  return {
    algorithm: DRAW_ALGORITHM,
    blockId,
    activities: activities.map((a) => ({
      id: a.id,
      places: Math.max(0, a.capacity - (taken.get(a.id) ?? 0)),
      weekday: a.weekday,
      startTime: a.startTime,
      weekStart: a.weekStart,
      weekEnd: a.weekEnd,
    })),
    entries: rows.map((r) => {
      const c = `child-${child.get(`${r.familyKey}|${r.childKey}`)}`;
      const p = preference.get(c) ?? 0;
      preference.set(c, p + 1);
      return {
        registrationId: r.registrationId,
        activityId: r.activityId,
        family: `family-${family.get(r.familyKey)}`,
        child: c,
        preference: p,
      };
    }),
  };
}

/**
 * The digest a published draw is checked against: SHA-256 of its export's activities and entries
 * as JSON, each field in a fixed order (stored JSON may come back with its keys reordered).
 */
export const exportDigest = (e: DrawExport): string =>
  sha256(
    JSON.stringify({
      activities: e.activities.map((a) => ({
        id: a.id,
        places: a.places,
        weekday: a.weekday,
        startTime: a.startTime,
        weekStart: a.weekStart,
        weekEnd: a.weekEnd,
      })),
      entries: e.entries.map((x) => ({
        registrationId: x.registrationId,
        activityId: x.activityId,
        family: x.family,
        child: x.child,
        preference: x.preference,
      })),
    }),
  );

function view(row: DrawRow): DrawView {
  return {
    drawId: row.drawId!,
    blockId: row.blockId,
    seed: row.seed,
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
    if (block.allocation !== 'lottery' || !block.signupOpensAt || !block.signupClosesAt) return;
    const seed = randomBytes(32).toString('hex');
    const seedHash = sha256(seed);
    if (await this.deps.draws.commit(tx, block.id, seed, seedHash))
      await this.deps.outbox.add<DrawCommittedEvent>(tx, {
        type: EVENT_TYPES.drawCommitted,
        data: { blockId: block.id, seedHash },
      });
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

  /** The draw's input now, read under the caller's locks. */
  private async input(tx: Transaction, blockId: number, lock: boolean) {
    const activities = await activitiesOfBlock(this.deps.db, blockId, tx, lock);
    const taken = await this.deps.repo.takenCounts(
      tx,
      activities.map((a) => a.id),
    );
    const rows = await drawEntriesOfBlock(this.deps.db, blockId, tx);
    return { activities, exported: drawExport(blockId, activities, taken, rows) };
  }

  /** The block's draw, locked, when it may be drawn now: a lottery, closed, not published. */
  private async drawable(
    tx: Transaction,
    blockId: number,
    activities: ProjectedActivity[],
    now: Date,
  ): Promise<DrawRow> {
    const row = await this.deps.draws.byBlock(blockId, tx, true);
    if (!row) throw AppError.conflict(MSG.notLottery);
    if (row.publishedAt) throw AppError.conflict(MSG.drawPublished);
    const [first] = activities;
    const closes = first?.blockSignupClosesAt ? new Date(first.blockSignupClosesAt) : null;
    if (!closes || now < closes) throw AppError.conflict(MSG.drawBeforeClose);
    return row;
  }

  /** R-DRAW-PREVIEW: the draw on the entries as they are now; nothing changes but the preview. */
  preview(blockId: number, now = new Date()): Promise<DrawView> {
    return this.deps.db.transaction(async (tx) => {
      const { activities, exported } = await this.input(tx, blockId, false);
      const row = await this.drawable(tx, blockId, activities, now);
      const out = runDraw(row.seed, exported.activities, exported.entries);
      return view(
        await this.deps.draws.savePreview(tx, blockId, {
          drawId: randomUUID(),
          algorithm: DRAW_ALGORITHM,
          entriesDigest: exportDigest(exported),
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
   * is emailed (when asked), the seed is revealed. Refused (409) when published already, or when
   * the entries changed since the preview (then preview again).
   */
  publish(
    blockId: number,
    admin: SessionUser,
    sendEmail: boolean,
    requestId?: string,
    now = new Date(),
  ): Promise<DrawView> {
    const { repo, draws, waitlist, outbox, metrics } = this.deps;
    let placed = 0;
    const published = this.deps.db.transaction(async (tx) => {
      const { activities, exported } = await this.input(tx, blockId, true);
      const row = await this.drawable(tx, blockId, activities, now);
      if (!row.drawId || row.entriesDigest !== exportDigest(exported))
        throw AppError.conflict(MSG.drawChanged);
      const results = row.results!;
      placed = results.length;
      const approvedIds = results
        .filter((r) => r.outcome === 'approved')
        .map((r) => r.registrationId);
      const activityOf = new Map(exported.entries.map((e) => [e.registrationId, e.activityId]));
      const waitlisted = results
        .filter((r) => r.outcome === 'waitlisted')
        .sort(
          (a, b) =>
            activityOf.get(a.registrationId)! - activityOf.get(b.registrationId)! ||
            a.waitlistPosition! - b.waitlistPosition!,
        )
        .map((r) => r.registrationId);
      const before = new Map(
        (await repo.byIds([...approvedIds, ...waitlisted], tx, true)).map((r) => [r.id, r]),
      );
      const ref = { id: admin.uid, name: admin.name, email: admin.email };
      const approvedRows = await repo.setStatuses(
        tx,
        approvedIds.map((id) => ({ id, status: 'approved' as const, admin: ref, reason: null })),
      );
      await waitlistInOrder(this.deps.db, tx, waitlisted);
      const after = new Map((await repo.byIds(waitlisted, tx)).map((r) => [r.id, r]));
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
          { sendEmail, sealedLink: links.get(reg.id), requestId, now },
        ),
      );
      await outbox.addMany(tx, events);
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
        requestId,
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
