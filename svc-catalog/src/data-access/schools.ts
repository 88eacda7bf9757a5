import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

export interface School {
  id: number;
  name: string;
  accessToken: string;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, name, access_token AS "accessToken", created_at AS "createdAt", updated_at AS "updatedAt"`;

export class SchoolRepository {
  constructor(private readonly db: Sequelize) {}

  list(): Promise<School[]> {
    return this.db.query<School>(`SELECT ${COLUMNS} FROM schools ORDER BY name, id`, {
      type: QueryTypes.SELECT,
    });
  }

  async byId(id: number, tx?: Transaction): Promise<School | undefined> {
    const [row] = await this.db.query<School>(`SELECT ${COLUMNS} FROM schools WHERE id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
      transaction: tx,
    });
    return row;
  }

  async byToken(accessToken: string): Promise<School | undefined> {
    const [row] = await this.db.query<School>(
      `SELECT ${COLUMNS} FROM schools WHERE access_token = :accessToken`,
      {
        replacements: { accessToken },
        type: QueryTypes.SELECT,
      },
    );
    return row;
  }

  async insert(tx: Transaction, school: { name: string; accessToken: string }): Promise<School> {
    const [row] = await this.db.query<School>(
      `INSERT INTO schools (name, access_token) VALUES (:name, :accessToken) RETURNING ${COLUMNS}`,
      { replacements: school, type: QueryTypes.SELECT, transaction: tx },
    );
    return row!;
  }

  async update(tx: Transaction, id: number, name: string): Promise<School | undefined> {
    const [row] = await this.db.query<School>(
      `UPDATE schools SET name = :name, updated_at = now() WHERE id = :id RETURNING ${COLUMNS}`,
      { replacements: { id, name }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  async remove(tx: Transaction, id: number): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM schools WHERE id = :id RETURNING id', {
      replacements: { id },
      type: QueryTypes.SELECT,
      transaction: tx,
    });
    return rows.length > 0;
  }
}
