import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

export interface School {
  id: number;
  name: string;
  accessToken: string;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, name, access_token AS "accessToken", created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function insertSchool(
  sequelize: Sequelize,
  tx: Transaction,
  school: { name: string; accessToken: string },
): Promise<School> {
  const [row] = await sequelize.query<School>(
    `INSERT INTO schools (name, access_token) VALUES (:name, :accessToken) RETURNING ${COLUMNS}`,
    { replacements: school, type: QueryTypes.SELECT, transaction: tx },
  );
  return row!;
}

export async function countSchools(sequelize: Sequelize): Promise<number> {
  const [row] = await sequelize.query<{ n: string }>('SELECT count(*) AS n FROM schools', {
    type: QueryTypes.SELECT,
  });
  return Number(row?.n ?? 0);
}

export async function listSchools(sequelize: Sequelize): Promise<School[]> {
  return sequelize.query<School>(`SELECT ${COLUMNS} FROM schools ORDER BY name, id`, {
    type: QueryTypes.SELECT,
  });
}
