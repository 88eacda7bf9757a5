import {
  QueryTypes,
  type Model,
  type ModelStatic,
  type Sequelize,
  type Transaction,
} from '@nsa/service-kit';
import { catalogModels } from './models.js';

export interface Block {
  id: number;
  name: string;
  weekStart: number;
  weekEnd: number;
  year: number;
  signupOpensAt: Date | null;
  signupClosesAt: Date | null;
  allocation: 'fcfs' | 'lottery';
  seedHash: string | null;
  seed: string | null;
  /** R-DRAW-FREEZE: the digest of the entries frozen at close, as svc-registrations told it. */
  entriesDigest: string | null;
  drawPublishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
/** What an admin sets on a block (R-CATALOG-VALIDATION, R-DRAW-WINDOW). */
export interface BlockInput {
  name: string;
  weekStart: number;
  weekEnd: number;
  /** Left out: a new block gets the current year, an updated one keeps its own. */
  year?: number;
  signupOpensAt: Date | null;
  signupClosesAt: Date | null;
  allocation: 'fcfs' | 'lottery';
}
export interface Provider {
  id: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Blocks and providers: tables of named rows with a few columns each, read
 * and written the same way through their models (`{ id } as never`: `id` is
 * both tables' key, which the generic model type cannot see).
 */
export class NamedRepository<T extends { id: number }, Input extends Partial<T>> {
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one repository over two models
    protected readonly model: ModelStatic<Model<T, any>>,
    /** The API's fields, in the API's order. */
    private readonly fields: readonly (keyof T & string)[],
    private readonly order: readonly (keyof T & string)[],
  ) {}

  /** The API's fields in the API's order, from a model instance or a raw row. */
  private shape(row: T | Model<T>): T {
    const values = row instanceof this.model ? row.get() : (row as T);
    return Object.fromEntries(this.fields.map((f) => [f, values[f]])) as unknown as T;
  }

  async list(): Promise<T[]> {
    const rows = await this.model.findAll({
      order: this.order.map((f) => [f, 'ASC']),
      raw: true,
    });
    return rows.map((r) => this.shape(r));
  }

  async byId(id: number, tx?: Transaction): Promise<T | undefined> {
    const row = await this.model.findByPk(id, { transaction: tx, raw: true });
    return row ? this.shape(row) : undefined;
  }

  async insert(tx: Transaction, input: Input): Promise<T> {
    return this.shape(await this.model.create(input, { transaction: tx }));
  }

  async update(tx: Transaction, id: number, input: Input): Promise<T | undefined> {
    const [, rows] = await this.model.update(input, {
      where: { id } as never,
      returning: true,
      transaction: tx,
    });
    return rows[0] && this.shape(rows[0]);
  }

  async remove(tx: Transaction, id: number): Promise<boolean> {
    return (await this.model.destroy({ where: { id } as never, transaction: tx })) > 0;
  }
}

/** What decides whether a block's draw is frozen (R-DRAW-FREEZE). */
export type BlockDrawState = Pick<Block, 'allocation' | 'signupClosesAt' | 'drawPublishedAt'>;

/**
 * Blocks, and what svc-registrations tells of their draw (R-DRAW-COMMIT, R-DRAW-FREEZE,
 * R-DRAW-PUBLISH).
 */
export class BlockRepository extends NamedRepository<Block, BlockInput> {
  async recordDraw(
    tx: Transaction,
    id: number,
    values:
      | { seedHash: string }
      | { entriesDigest: string | null }
      | { seed: string; drawPublishedAt: Date },
  ): Promise<void> {
    await this.model.update(values as never, { where: { id } as never, transaction: tx });
  }

  /**
   * The block's window and draw, its row locked: for update (a change of the block itself) or
   * for share (a change of one of its activities), so that neither passes a check the other
   * is about to invalidate.
   */
  async drawState(
    tx: Transaction,
    id: number,
    mode: 'update' | 'share',
  ): Promise<BlockDrawState | undefined> {
    const [row] = await this.model.sequelize!.query<BlockDrawState>(
      `SELECT allocation, signup_closes_at AS "signupClosesAt",
         draw_published_at AS "drawPublishedAt"
       FROM blocks WHERE id = :id FOR ${mode === 'update' ? 'UPDATE' : 'SHARE'}`,
      { replacements: { id }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }
}

export const blockRepository = (db: Sequelize) =>
  new BlockRepository(
    catalogModels(db).Block,
    [
      'id',
      'name',
      'weekStart',
      'weekEnd',
      'year',
      'signupOpensAt',
      'signupClosesAt',
      'allocation',
      'seedHash',
      'seed',
      'entriesDigest',
      'drawPublishedAt',
      'createdAt',
      'updatedAt',
    ],
    ['weekStart', 'name', 'id'],
  );

export const providerRepository = (db: Sequelize) =>
  new NamedRepository<Provider, { name: string }>(
    catalogModels(db).Provider,
    ['id', 'name', 'createdAt', 'updatedAt'],
    ['name', 'id'],
  );

export type ProviderRepository = ReturnType<typeof providerRepository>;
