import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';
import type { DrawExport } from '@nsa/contracts';
import type { DrawResult, DrawStats } from '../domain/draw.js';

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
}

const COLUMNS = `block_id AS "blockId", seed, seed_hash AS "seedHash", committed_at AS "committedAt",
  draw_id AS "drawId", algorithm, entries_digest AS "entriesDigest", export, results, stats,
  previewed_at AS "previewedAt", published_at AS "publishedAt"`;

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

  async savePreview(
    tx: Transaction,
    blockId: number,
    p: {
      drawId: string;
      algorithm: string;
      entriesDigest: string;
      export: DrawExport;
      results: DrawResult[];
      stats: DrawStats;
    },
  ): Promise<DrawRow> {
    const [row] = await this.db.query<DrawRow>(
      `UPDATE draws SET draw_id = :drawId, algorithm = :algorithm, entries_digest = :entriesDigest,
         export = CAST(:export AS jsonb), results = CAST(:results AS jsonb),
         stats = CAST(:stats AS jsonb), previewed_at = now()
       WHERE block_id = :blockId RETURNING ${COLUMNS}`,
      {
        replacements: {
          blockId,
          drawId: p.drawId,
          algorithm: p.algorithm,
          entriesDigest: p.entriesDigest,
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

  /** Whether a block's draw is published (a lottery block then takes sign-ups as usual). */
  async publishedBlocks(blockIds: number[]): Promise<Set<number>> {
    if (blockIds.length === 0) return new Set();
    const rows = await this.db.query<{ blockId: number }>(
      `SELECT block_id AS "blockId" FROM draws
       WHERE block_id IN (:blockIds) AND published_at IS NOT NULL`,
      { replacements: { blockIds }, type: QueryTypes.SELECT },
    );
    return new Set(rows.map((r) => r.blockId));
  }
}
