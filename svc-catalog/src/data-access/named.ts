import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

export interface Block {
  id: number;
  name: string;
  weekStart: number;
  weekEnd: number;
  createdAt: Date;
  updatedAt: Date;
}
export interface Provider {
  id: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Blocks and providers: tables of named rows with a few columns each, read
 * and written the same way.
 */
export class NamedRepository<T extends object, Input extends Record<string, unknown>> {
  constructor(
    private readonly db: Sequelize,
    private readonly table: string,
    private readonly columns: string,
    private readonly fields: Record<keyof Input & string, string>,
    private readonly order: string,
  ) {}

  list(): Promise<T[]> {
    return this.db.query<T>(`SELECT ${this.columns} FROM ${this.table} ORDER BY ${this.order}`, {
      type: QueryTypes.SELECT,
    });
  }

  async byId(id: number, tx?: Transaction): Promise<T | undefined> {
    const [row] = await this.db.query<T>(
      `SELECT ${this.columns} FROM ${this.table} WHERE id = :id`,
      {
        replacements: { id },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return row;
  }

  async insert(tx: Transaction, input: Input): Promise<T> {
    const keys = Object.keys(this.fields) as (keyof Input & string)[];
    const [row] = await this.db.query<T>(
      `INSERT INTO ${this.table} (${keys.map((k) => this.fields[k]).join(', ')})
       VALUES (${keys.map((k) => `:${k}`).join(', ')}) RETURNING ${this.columns}`,
      { replacements: input, type: QueryTypes.SELECT, transaction: tx },
    );
    return row!;
  }

  async update(tx: Transaction, id: number, input: Input): Promise<T | undefined> {
    const keys = Object.keys(this.fields) as (keyof Input & string)[];
    const [row] = await this.db.query<T>(
      `UPDATE ${this.table} SET ${keys.map((k) => `${this.fields[k]} = :${k}`).join(', ')}, updated_at = now()
       WHERE id = :id RETURNING ${this.columns}`,
      { replacements: { ...input, id }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  async remove(tx: Transaction, id: number): Promise<boolean> {
    const rows = await this.db.query(`DELETE FROM ${this.table} WHERE id = :id RETURNING id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
      transaction: tx,
    });
    return rows.length > 0;
  }
}

export const blockRepository = (db: Sequelize) =>
  new NamedRepository<Block, { name: string; weekStart: number; weekEnd: number }>(
    db,
    'blocks',
    `id, name, week_start AS "weekStart", week_end AS "weekEnd", created_at AS "createdAt", updated_at AS "updatedAt"`,
    { name: 'name', weekStart: 'week_start', weekEnd: 'week_end' },
    'week_start, name, id',
  );

export const providerRepository = (db: Sequelize) =>
  new NamedRepository<Provider, { name: string }>(
    db,
    'providers',
    `id, name, created_at AS "createdAt", updated_at AS "updatedAt"`,
    { name: 'name' },
    'name, id',
  );

export type BlockRepository = ReturnType<typeof blockRepository>;
export type ProviderRepository = ReturnType<typeof providerRepository>;
