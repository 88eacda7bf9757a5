import {
  ACTIVITY_ANSWER_REUSE_MS,
  AUDIT_ACTIONS,
  EVENT_TYPES,
  type ActivityInput,
  type AuditAction,
  type AuditEntry,
  type BlockEvent,
  type BlockFields,
  type DrawCommittedEvent,
  type DrawFrozenEvent,
  type DrawPublishedEvent,
  type SchoolEvent,
} from '@nsa/contracts';
import {
  AppError,
  auditChanges,
  currentActor,
  recordAudit,
  type Outbox,
  type Transaction,
  type Transactor,
} from '@nsa/service-kit';
import type {
  ActivityFilter,
  ActivityRecord,
  ActivityRepository,
} from '../data-access/activities.js';
import type {
  Block,
  BlockDrawState,
  BlockInput,
  BlockRepository,
  Provider,
  ProviderRepository,
} from '../data-access/named.js';
import type { School, SchoolRepository } from '../data-access/schools.js';
import { activityEvent } from './events.js';
import { MSG } from './messages.js';
import { hashToken, newAccessToken } from './tokens.js';

/** Fields an audit entry shows before/after (none of them personal; never a token). */
const SCHOOL_FIELDS = ['name'];
const PROVIDER_FIELDS = ['name'];
const BLOCK_FIELDS = [
  'name',
  'weekStart',
  'weekEnd',
  'year',
  'signupOpensAt',
  'signupClosesAt',
  'allocation',
];
const ACTIVITY_FIELDS = [
  'title',
  'capacity',
  'weekday',
  'startTime',
  'schoolId',
  'blockId',
  'providerId',
  'isLocked',
  'isHidden',
];

/** What an audited deletion records: the action and target type. */
interface DeletionAudit {
  action: AuditAction;
  type: string;
}

const isForeignKeyViolation = (err: unknown) =>
  (err as { parent?: { code?: string } })?.parent?.code === '23503';

/**
 * R-DRAW-FREEZE: a lottery block from its close until its draw is published. Whether it is
 * published is what svc-registrations told: until that news has arrived the block counts as
 * frozen (a refusal too many, never a change let through).
 */
export function drawFrozen(block: BlockDrawState | undefined, now: Date): boolean {
  return (
    block?.allocation === 'lottery' &&
    block.signupClosesAt !== null &&
    new Date(block.signupClosesAt).getTime() <= now.getTime() &&
    block.drawPublishedAt === null
  );
}

const DRAW_FROZEN = () => AppError.conflict(undefined, 'DRAW_FROZEN');
const time = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);

export interface CatalogDeps {
  db: Transactor;
  outbox: Outbox;
  schools: SchoolRepository;
  blocks: BlockRepository;
  providers: ProviderRepository;
  activities: ActivityRepository;
  /**
   * Asks svc-registrations how many sign-ups an activity has right now (an activity with
   * sign-ups is not deleted).
   */
  countSignups: (activityId: number) => Promise<number>;
  /**
   * Asks the seed's owner (svc-registrations) for a block's seed commitment (R-DRAW-COMMIT);
   * null when it does not know the block. Without it (tests of catalog alone) a block learns its
   * `seedHash` only from the event.
   */
  drawCommitment?: (blockId: number) => Promise<string | null>;
  /**
   * Asks the same owner whether a block's draw is published, for a block the news has not
   * reached yet.
   */
  drawPublishedNow?: (blockId: number) => Promise<boolean>;
}

/** Schools, blocks, providers and activities, each change with its event in one transaction. */
export class Catalog {
  constructor(private readonly deps: CatalogDeps) {}

  /** Every school with its access token (admins only). */
  listSchools(): Promise<School[]> {
    return this.deps.schools.list();
  }

  school(id: number): Promise<School | undefined> {
    return this.deps.schools.byId(id);
  }

  schoolByToken(accessToken: string): Promise<School | undefined> {
    return this.deps.schools.byToken(accessToken);
  }

  listBlocks(): Promise<Block[]> {
    return this.deps.blocks.list();
  }

  block(id: number): Promise<Block | undefined> {
    return this.deps.blocks.byId(id);
  }

  listProviders(): Promise<Provider[]> {
    return this.deps.providers.list();
  }

  /** Activities as the API and the events show them, hidden ones only when asked for. */
  findActivities(filter: ActivityFilter): Promise<ActivityRecord[]> {
    return this.deps.activities.find(filter);
  }

  /**
   * R-DRAW-FREEZE: whether the block's draw is frozen now. The block row says published only
   * once svc-registrations' news has arrived, so a block it calls frozen is asked about at the
   * owner (R-FRESH-LISTS): a draw published a moment ago frees the block on the next request.
   * Without an answer the block stays frozen (a refusal too many, never a change let through).
   */
  private async frozen(
    tx: Transaction,
    blockId: number,
    lock: 'update' | 'share',
    now = new Date(),
  ): Promise<boolean> {
    if (!drawFrozen(await this.deps.blocks.drawState(tx, blockId, lock), now)) return false;
    const { drawPublishedNow } = this.deps;
    if (!drawPublishedNow) return true;
    return !(await drawPublishedNow(blockId).catch(() => false));
  }

  private tx<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.deps.db.transaction(work);
  }

  private emit(tx: Transaction, type: string, data: unknown) {
    return this.deps.outbox.add(tx, { type, data });
  }

  /**
   * R-AUDIT-ADMIN-CHANGES: the change's audit entry in its own transaction; the admin who made
   * it (the request's actor), or the system (demo data) when there is none.
   */
  private audit(
    tx: Transaction,
    action: AuditAction,
    target: { type: string; id: number },
    changes: AuditEntry['changes'] = null,
  ) {
    return recordAudit(tx, this.deps.outbox, 'catalog', {
      actor: currentActor(),
      action,
      target: { type: target.type, id: String(target.id) },
      changes,
    });
  }

  /** Re-announces every activity that embeds a renamed school, block or provider. */
  private async reannounce(
    tx: Transaction,
    filter: { schoolId?: number; blockId?: number; providerId?: number },
  ) {
    for (const a of await this.deps.activities.find({ ...filter, includeHidden: true }, tx)) {
      await this.emit(tx, EVENT_TYPES.activityUpdated, activityEvent(a));
    }
  }

  createSchool(name: string, accessToken = newAccessToken()): Promise<School> {
    return this.tx(async (tx) => {
      const school = await this.deps.schools.insert(tx, { name, accessToken });
      await this.emit(tx, EVENT_TYPES.schoolCreated, schoolEvent(school));
      await this.audit(
        tx,
        AUDIT_ACTIONS.schoolCreated,
        { type: 'school', id: school.id },
        auditChanges({}, school, SCHOOL_FIELDS),
      );
      return school;
    });
  }

  updateSchool(id: number, name: string): Promise<School> {
    return this.tx(async (tx) => {
      const before = await this.deps.schools.byId(id, tx);
      const school = await this.deps.schools.update(tx, id, { name });
      if (!school) throw AppError.notFound(MSG.schoolNotFound);
      await this.emit(tx, EVENT_TYPES.schoolUpdated, schoolEvent(school));
      await this.reannounce(tx, { schoolId: id });
      await this.audit(
        tx,
        AUDIT_ACTIONS.schoolUpdated,
        { type: 'school', id },
        auditChanges(before ?? {}, school, SCHOOL_FIELDS),
      );
      return school;
    });
  }

  /**
   * R-SCHOOL-ROTATE: a new secret link for a school whose link leaked. The school page reads
   * the token from the database, so the old link is refused at once there. svc-registrations
   * may reuse an activity's answer (with the school's token hash) for ACTIVITY_ANSWER_REUSE_MS
   * counted from when it asked; waiting that long after the commit means every answer that
   * could still carry the old hash has expired before the admin hears the rotation succeeded.
   */
  async rotateSchoolToken(id: number): Promise<School> {
    const school = await this.tx(async (tx) => {
      const rotated = await this.deps.schools.update(tx, id, { accessToken: newAccessToken() });
      if (!rotated) throw AppError.notFound(MSG.schoolNotFound);
      // R-AUDIT-ADMIN-CHANGES: that the link changed, never the token.
      await this.audit(tx, AUDIT_ACTIONS.schoolTokenRotated, { type: 'school', id });
      await this.emit(tx, EVENT_TYPES.schoolUpdated, schoolEvent(rotated));
      await this.reannounce(tx, { schoolId: id });
      return rotated;
    });
    await new Promise((resolve) => setTimeout(resolve, ACTIVITY_ANSWER_REUSE_MS + 50));
    return school;
  }

  deleteSchool(id: number): Promise<void> {
    return this.deleteWithGuard(
      'school_id',
      id,
      MSG.schoolHasActivities,
      MSG.schoolNotFound,
      EVENT_TYPES.schoolDeleted,
      (tx) => this.deps.schools.remove(tx, id),
      { action: AUDIT_ACTIONS.schoolDeleted, type: 'school' },
    );
  }

  /**
   * R-DRAW-COMMIT: a write that gives a block a lottery window answers with its `seedHash`,
   * and so does every read after it: the commitment is asked of the seed's owner inside the
   * write, which fails (503, nothing changed) when the owner cannot be asked.
   */
  private async withCommitment(tx: Transaction, block: Block): Promise<Block> {
    const lottery =
      block.allocation === 'lottery' && !!block.signupOpensAt && !!block.signupClosesAt;
    const { drawCommitment } = this.deps;
    if (!lottery || block.seedHash || !drawCommitment) return block;
    const seedHash = await drawCommitment(block.id);
    if (!seedHash) return block;
    await this.deps.blocks.recordDraw(tx, block.id, { seedHash });
    return { ...block, seedHash };
  }

  createBlock(input: NewBlock): Promise<Block> {
    return this.tx(async (tx) => {
      const block = await this.withCommitment(
        tx,
        await this.deps.blocks.insert(tx, blockInput(input)),
      );
      await this.emit(tx, EVENT_TYPES.blockCreated, blockEvent(block));
      await this.audit(
        tx,
        AUDIT_ACTIONS.blockCreated,
        { type: 'block', id: block.id },
        auditChanges({}, blockEvent(block), BLOCK_FIELDS),
      );
      return block;
    });
  }

  updateBlock(id: number, input: NewBlock): Promise<Block> {
    return this.tx(async (tx) => {
      // R-DRAW-FREEZE: from close to publication the window and allocation stay as they are.
      const frozen = await this.frozen(tx, id, 'update');
      const before = await this.deps.blocks.byId(id, tx);
      const next = blockInput(input);
      if (
        frozen &&
        (next.allocation !== before!.allocation ||
          time(next.signupOpensAt) !== time(before!.signupOpensAt) ||
          time(next.signupClosesAt) !== time(before!.signupClosesAt))
      )
        throw DRAW_FROZEN();
      const updated = await this.deps.blocks.update(tx, id, next);
      if (!updated) throw AppError.notFound(MSG.blockNotFound);
      const block = await this.withCommitment(tx, updated);
      await this.emit(tx, EVENT_TYPES.blockUpdated, blockEvent(block));
      await this.reannounce(tx, { blockId: id });
      await this.audit(
        tx,
        AUDIT_ACTIONS.blockUpdated,
        { type: 'block', id },
        auditChanges(before ? blockEvent(before) : {}, blockEvent(block), BLOCK_FIELDS),
      );
      return block;
    });
  }

  /** R-DRAW-COMMIT: the block shows the hash of the seed its draw will use. */
  drawCommitted(tx: Transaction, e: DrawCommittedEvent): Promise<void> {
    return this.deps.blocks.recordDraw(tx, e.blockId, { seedHash: e.seedHash });
  }

  /** R-DRAW-FREEZE: from close on the block shows the digest of its frozen entries. */
  drawFrozen(tx: Transaction, e: DrawFrozenEvent): Promise<void> {
    return this.deps.blocks.recordDraw(tx, e.blockId, { entriesDigest: e.entriesDigest });
  }

  /** R-DRAW-PUBLISH: once published, the block shows the seed, so anyone can recompute. */
  drawPublished(tx: Transaction, e: DrawPublishedEvent): Promise<void> {
    return this.deps.blocks.recordDraw(tx, e.blockId, {
      seed: e.seed,
      drawPublishedAt: new Date(e.publishedAt),
    });
  }

  deleteBlock(id: number): Promise<void> {
    return this.deleteWithGuard(
      'block_id',
      id,
      MSG.blockHasActivities,
      MSG.blockNotFound,
      EVENT_TYPES.blockDeleted,
      (tx) => this.deps.blocks.remove(tx, id),
      { action: AUDIT_ACTIONS.blockDeleted, type: 'block' },
    );
  }

  createProvider(input: { name: string }): Promise<Provider> {
    return this.tx(async (tx) => {
      const provider = await this.deps.providers.insert(tx, input);
      await this.audit(
        tx,
        AUDIT_ACTIONS.providerCreated,
        { type: 'provider', id: provider.id },
        auditChanges({}, provider, PROVIDER_FIELDS),
      );
      await this.emit(tx, EVENT_TYPES.providerCreated, { id: provider.id, name: provider.name });
      return provider;
    });
  }

  updateProvider(id: number, input: { name: string }): Promise<Provider> {
    return this.tx(async (tx) => {
      const before = await this.deps.providers.byId(id, tx);
      const provider = await this.deps.providers.update(tx, id, input);
      if (!provider) throw AppError.notFound(MSG.providerNotFound);
      await this.audit(
        tx,
        AUDIT_ACTIONS.providerUpdated,
        { type: 'provider', id },
        auditChanges(before ?? {}, provider, PROVIDER_FIELDS),
      );
      await this.emit(tx, EVENT_TYPES.providerUpdated, { id: provider.id, name: provider.name });
      await this.reannounce(tx, { providerId: id });
      return provider;
    });
  }

  deleteProvider(id: number): Promise<void> {
    return this.deleteWithGuard(
      'provider_id',
      id,
      MSG.providerHasActivities,
      MSG.providerNotFound,
      EVENT_TYPES.providerDeleted,
      (tx) => this.deps.providers.remove(tx, id),
      { action: AUDIT_ACTIONS.providerDeleted, type: 'provider' },
    );
  }

  async createActivity(input: ActivityInput): Promise<ActivityRecord> {
    try {
      return await this.tx(async (tx) => {
        // R-DRAW-FREEZE: no activity joins a frozen draw.
        if (await this.frozen(tx, input.blockId, 'share')) throw DRAW_FROZEN();
        const id = await this.deps.activities.insert(tx, input);
        const activity = await this.ownReferences(tx, id);
        await this.audit(
          tx,
          AUDIT_ACTIONS.activityCreated,
          { type: 'activity', id },
          auditChanges({}, activity, ACTIVITY_FIELDS),
        );
        await this.emit(tx, EVENT_TYPES.activityCreated, activityEvent(activity));
        return activity;
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw AppError.validation({}, MSG.unknownReference);
      throw err;
    }
  }

  /**
   * The activity just written, read back with its school, block and provider. A reference the
   * database's foreign key accepted may still be another organisation's row, which this
   * organisation does not see (R-ORG-RLS): the activity then reads as absent, and the write is
   * refused (rolled back) like a reference to no row.
   */
  private async ownReferences(tx: Transaction, id: number): Promise<ActivityRecord> {
    const activity = await this.deps.activities.byId(id, tx);
    if (!activity) throw AppError.validation({}, MSG.unknownReference);
    return activity;
  }

  async updateActivity(id: number, input: ActivityInput): Promise<ActivityRecord> {
    try {
      return await this.tx(async (tx) => {
        if (!(await this.deps.activities.lock(tx, id)))
          throw AppError.notFound(MSG.activityNotFound);
        const before = await this.deps.activities.byId(id, tx);
        await this.assertDrawNotFrozen(tx, before!, input);
        if (!(await this.deps.activities.update(tx, id, input)))
          throw AppError.notFound(MSG.activityNotFound);
        const activity = await this.ownReferences(tx, id);
        await this.audit(
          tx,
          AUDIT_ACTIONS.activityUpdated,
          { type: 'activity', id },
          auditChanges(before ?? {}, activity, ACTIVITY_FIELDS),
        );
        await this.emit(tx, EVENT_TYPES.activityUpdated, activityEvent(activity));
        return activity;
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw AppError.validation({}, MSG.unknownReference);
      throw err;
    }
  }

  /**
   * Deletes an activity unless it has sign-ups. The count comes from
   * svc-registrations now, while the row is locked, so it is exact.
   */
  deleteActivity(id: number): Promise<void> {
    return this.tx(async (tx) => {
      if (!(await this.deps.activities.lock(tx, id))) throw AppError.notFound(MSG.activityNotFound);
      // R-DRAW-FREEZE: no activity leaves a frozen draw.
      const activity = await this.deps.activities.byId(id, tx);
      if (await this.frozen(tx, activity!.blockId, 'share')) throw DRAW_FROZEN();
      if ((await this.deps.countSignups(id)) > 0) throw AppError.conflict(MSG.activityHasSignups);
      await this.deps.activities.remove(tx, id);
      await this.emit(tx, EVENT_TYPES.activityDeleted, { id });
      await this.audit(tx, AUDIT_ACTIONS.activityDeleted, { type: 'activity', id });
    });
  }

  /**
   * R-DRAW-FREEZE: while its block's draw is frozen an activity keeps its capacity, lock and
   * hide, and stays in its block; none moves into a frozen block either.
   */
  private async assertDrawNotFrozen(
    tx: Transaction,
    before: ActivityRecord,
    next: ActivityInput,
  ): Promise<void> {
    const now = new Date();
    const moves = next.blockId !== before.blockId;
    if (await this.frozen(tx, before.blockId, 'share', now)) {
      if (
        moves ||
        next.capacity !== before.capacity ||
        next.isLocked !== before.isLocked ||
        next.isHidden !== before.isHidden
      )
        throw DRAW_FROZEN();
    }
    if (moves && (await this.frozen(tx, next.blockId, 'share', now))) throw DRAW_FROZEN();
  }

  private deleteWithGuard(
    column: 'school_id' | 'block_id' | 'provider_id',
    id: number,
    hasActivities: (typeof MSG)[keyof typeof MSG],
    notFound: (typeof MSG)[keyof typeof MSG],
    eventType: string,
    remove: (tx: Transaction) => Promise<boolean>,
    audit?: DeletionAudit,
  ): Promise<void> {
    return this.tx(async (tx) => {
      if ((await this.deps.activities.countBy(column, id, tx)) > 0)
        throw AppError.conflict(hasActivities);
      try {
        if (!(await remove(tx))) throw AppError.notFound(notFound);
      } catch (err) {
        // An activity added between the count and the delete.
        if (isForeignKeyViolation(err)) throw AppError.conflict(hasActivities);
        throw err;
      }
      await this.emit(tx, eventType, { id });
      if (audit) await this.audit(tx, audit.action, { type: audit.type, id });
    });
  }
}

function schoolEvent(school: School): SchoolEvent {
  return { id: school.id, name: school.name, accessTokenHash: hashToken(school.accessToken) };
}

function blockEvent(b: Block): BlockEvent {
  return {
    id: b.id,
    name: b.name,
    weekStart: b.weekStart,
    weekEnd: b.weekEnd,
    year: b.year,
    signupOpensAt: b.signupOpensAt ? new Date(b.signupOpensAt).toISOString() : null,
    signupClosesAt: b.signupClosesAt ? new Date(b.signupClosesAt).toISOString() : null,
    allocation: b.allocation,
  };
}

/** The API's block (R-CATALOG-VALIDATION, R-DRAW-WINDOW) as the repository stores it. */
export function blockInput(b: NewBlock): BlockInput {
  return {
    name: b.name,
    weekStart: b.weekStart,
    weekEnd: b.weekEnd,
    ...(b.year !== undefined ? { year: b.year } : {}),
    signupOpensAt: b.signupOpensAt ? new Date(b.signupOpensAt) : null,
    signupClosesAt: b.signupClosesAt ? new Date(b.signupClosesAt) : null,
    allocation: b.allocation ?? 'fcfs',
  };
}

/** A block as the API gives it; without a window it is first come, first served any time. */
export type NewBlock = Pick<BlockFields, 'name' | 'weekStart' | 'weekEnd'> &
  Partial<Pick<BlockFields, 'year' | 'signupOpensAt' | 'signupClosesAt' | 'allocation'>>;
