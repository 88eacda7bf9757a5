import type { Sequelize, Transaction } from '@nsa/service-kit';
import { catalogModels, type SchoolAttributes, type SchoolModel } from './models.js';

export interface School {
  id: number;
  name: string;
  accessToken: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The API's shape and field order of a school (its list holds the tokens: admins only). */
function toSchool(m: SchoolModel | SchoolAttributes): School {
  const s = 'get' in m ? m.get() : m;
  return {
    id: s.id,
    name: s.name,
    accessToken: s.accessToken,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

export class SchoolRepository {
  private readonly School;

  constructor(db: Sequelize) {
    this.School = catalogModels(db).School;
  }

  async list(): Promise<School[]> {
    const rows = await this.School.findAll({
      order: [
        ['name', 'ASC'],
        ['id', 'ASC'],
      ],
      raw: true,
    });
    return rows.map(toSchool);
  }

  async byId(id: number, tx?: Transaction): Promise<School | undefined> {
    const row = await this.School.findByPk(id, { transaction: tx, raw: true });
    return row ? toSchool(row) : undefined;
  }

  async byToken(accessToken: string): Promise<School | undefined> {
    const row = await this.School.findOne({ where: { accessToken }, raw: true });
    return row ? toSchool(row) : undefined;
  }

  async insert(tx: Transaction, school: { name: string; accessToken: string }): Promise<School> {
    return toSchool(await this.School.create(school, { transaction: tx }));
  }

  async update(
    tx: Transaction,
    id: number,
    fields: { name: string } | { accessToken: string },
  ): Promise<School | undefined> {
    const [, rows] = await this.School.update(fields, {
      where: { id },
      returning: true,
      transaction: tx,
    });
    return rows[0] && toSchool(rows[0]);
  }

  async remove(tx: Transaction, id: number): Promise<boolean> {
    return (await this.School.destroy({ where: { id }, transaction: tx })) > 0;
  }
}
