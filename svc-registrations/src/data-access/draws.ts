import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';
import type { DrawExport, DrawStateAnswer } from '@nsa/contracts';
import type { DrawResult, DrawStats } from '@nsa/contracts';

export interface DrawRow {
  blockId: number;
  seed: string;
  seedHash: string;
  committedAt: Date;
  drawId: string | null;
  algorithm: string | null;
  entriesDigest: string | null;
  export: DrawExport | null;
  results: DrawResult[] | null;
  stats: DrawStats | null;
  previewedAt: Date | null;
  publishedAt: Date | null;
  /** R-DRAW-FREEZE: the close the freeze waits for, and the frozen input once frozen. */
  closesAt: Date | null;
  frozenAt: Date | null;
  frozenExport: Pick<DrawExport, 'activities' | 'entries'> | null;
}

const COLUMNS = `block_id AS "blockId", seed, seed_hash AS "seedHash", committed_at AS "committedAt",
  draw_id AS "drawId", algorithm, entries_digest AS "entriesDigest", export, results, stats,
  previewed_at AS "previewedAt", published_at AS "publishedAt", closes_at AS "closesAt",
  frozen_at AS "frozenAt", frozen_export AS "frozenExport"`;

/** The draws of lottery blocks (R-DRAW-*): seed, preview, publication. */
export class DrawRepository {
  constructor(private readonly db: Sequelize) {}

  async byBlock(blockId: number, tx?: Transaction, lock = false): Promise<DrawRow | undefined> {
    const [row] = await this.db.query<DrawRow>(
      `SELECT ${COLUMNS} FROM draws WHERE block_id = :blockId ${lock ? 'FOR UPDATE' : ''}`,
      { replacements: { blockId }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  /** Fixes a block's seed once; answers whether this call did (a replay finds it there). */
  async commit(tx: Transaction, blockId: number, seed: string, seedHash: string): Promise<boolean> {
    const rows = await this.db.query<{ blockId: number }>(
      `INSERT INTO draws (block_id, seed, seed_hash) VALUES (:blockId, :seed, :seedHash)
       ON CONFLICT (block_id) DO NOTHING RETURNING block_id AS "blockId"`,
      { replacements: { blockId, seed, seedHash }, type: QueryTypes.SELECT, transaction: tx },
    );
    return rows.length > 0;
  }

  /**
   * R-DRAW-FREEZE: the close a block's freeze waits for, from its newest block event (null: not
   * a lottery with a window). A frozen, unpublished draw whose close moved (a change catalog
   * took before the old close, arriving after it) is thawed: it freezes again at the new close.
   * Answers whether it thawed one.
   */
  async setCloses(tx: Transaction, blockId: number, closesAt: Date | null): Promise<boolean> {
    const row = await this.byBlock(blockId, tx, true);
    if (!row || row.publishedAt) return false;
    const same = (row.closesAt?.getTime() ?? null) === (closesAt?.getTime() ?? null);
    if (same) return false;
    const thaw = row.frozenAt !== null;
    await this.db.query(
      `UPDATE draws SET closes_at = :closesAt ${
        thaw
          ? `, frozen_at = NULL, frozen_export = NULL, entries_digest = NULL,
             frozen_announced = false, draw_id = NULL, algorithm = NULL, export = NULL,
             results = NULL, stats = NULL, previewed_at = NULL`
          : ''
      } WHERE block_id = :blockId`,
      { replacements: { blockId, closesAt }, transaction: tx },
    );
    return thaw;
  }

  /** R-DRAW-FREEZE: freezes the block's entries when its close has passed; whether it did now. */
  async freeze(tx: Transaction, blockId: number): Promise<boolean> {
    const [row] = await this.db.query<{ froze: boolean }>('SELECT freeze_draw(:blockId) AS froze', {
      replacements: { blockId },
      type: QueryTypes.SELECT,
      transaction: tx,
    });
    return row?.froze === true;
  }

  /** Lottery blocks whose close has passed and whose entries are not frozen yet. */
  async dueForFreeze(): Promise<number[]> {
    const rows = await this.db.query<{ blockId: number }>(
      `SELECT block_id AS "blockId" FROM draws
       WHERE frozen_at IS NULL AND published_at IS NULL AND closes_at <= now()`,
      { type: QueryTypes.SELECT },
    );
    return rows.map((r) => r.blockId);
  }

  /**
   * Freezes and thaws catalog has not been told of yet (one block, or all), locked so that two
   * processes never tell the same one; `markAnnounced` in the same transaction.
   */
  async unannounced(
    tx: Transaction,
    blockId?: number,
  ): Promise<Array<{ blockId: number; entriesDigest: string | null }>> {
    return this.db.query<{ blockId: number; entriesDigest: string | null }>(
      `SELECT block_id AS "blockId", entries_digest AS "entriesDigest" FROM draws
       WHERE NOT frozen_announced ${blockId === undefined ? '' : 'AND block_id = :blockId'}
       ORDER BY block_id FOR UPDATE SKIP LOCKED`,
      { replacements: { blockId }, type: QueryTypes.SELECT, transaction: tx },
    );
  }

  async markAnnounced(tx: Transaction, blockIds: number[]): Promise<void> {
    if (blockIds.length === 0) return;
    await this.db.query('UPDATE draws SET frozen_announced = true WHERE block_id IN (:blockIds)', {
      replacements: { blockIds },
      transaction: tx,
    });
  }

  async savePreview(
    tx: Transaction,
    blockId: number,
    p: {
      drawId: string;
      algorithm: string;
      export: DrawExport;
      results: DrawResult[];
      stats: DrawStats;
    },
  ): Promise<DrawRow> {
    const [row] = await this.db.query<DrawRow>(
      `UPDATE draws SET draw_id = :drawId, algorithm = :algorithm,
         export = CAST(:export AS jsonb), results = CAST(:results AS jsonb),
         stats = CAST(:stats AS jsonb), previewed_at = now()
       WHERE block_id = :blockId RETURNING ${COLUMNS}`,
      {
        replacements: {
          blockId,
          drawId: p.drawId,
          algorithm: p.algorithm,
          export: JSON.stringify(p.export),
          results: JSON.stringify(p.results),
          stats: JSON.stringify(p.stats),
        },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return row!;
  }

  async markPublished(tx: Transaction, blockId: number): Promise<DrawRow> {
    const [row] = await this.db.query<DrawRow>(
      `UPDATE draws SET published_at = now() WHERE block_id = :blockId RETURNING ${COLUMNS}`,
      { replacements: { blockId }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row!;
  }

  /**
   * The draws of these blocks as catalog shows them (R-FRESH-LISTS): the seed only once
   * published (R-DRAW-PUBLISH), the entries' digest once frozen (R-DRAW-FREEZE).
   */
  async states(blockIds: number[]): Promise<Map<number, DrawStateAnswer>> {
    if (blockIds.length === 0) return new Map();
    const rows = await this.db.query<{
      blockId: number;
      seedHash: string;
      entriesDigest: string | null;
      seed: string | null;
      publishedAt: Date | null;
    }>(
      `SELECT block_id AS "blockId", seed_hash AS "seedHash", entries_digest AS "entriesDigest",
         CASE WHEN published_at IS NOT NULL THEN seed END AS seed, published_at AS "publishedAt"
       FROM draws WHERE block_id IN (:blockIds)`,
      { replacements: { blockIds }, type: QueryTypes.SELECT },
    );
    return new Map(
      rows.map((r) => [
        r.blockId,
        {
          seedHash: r.seedHash,
          entriesDigest: r.entriesDigest,
          seed: r.seed,
          publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null,
        },
      ]),
    );
  }

  /** Whether a block's draw is published (a lottery block then takes sign-ups as usual). */
  async publishedBlocks(blockIds: number[], tx?: Transaction): Promise<Set<number>> {
    if (blockIds.length === 0) return new Set();
    const rows = await this.db.query<{ blockId: number }>(
      `SELECT block_id AS "blockId" FROM draws
       WHERE block_id IN (:blockIds) AND published_at IS NOT NULL`,
      { replacements: { blockIds }, type: QueryTypes.SELECT, transaction: tx },
    );
    return new Set(rows.map((r) => r.blockId));
  }
}
