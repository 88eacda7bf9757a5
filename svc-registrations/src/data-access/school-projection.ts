import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';
import type { SchoolEvent } from '@nsa/contracts';

export async function upsertSchool(
  sequelize: Sequelize,
  tx: Transaction,
  school: SchoolEvent,
): Promise<void> {
  await sequelize.query(
    `INSERT INTO schools (id, name, access_token_hash) VALUES (:id, :name, :accessTokenHash)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name,
       access_token_hash = EXCLUDED.access_token_hash, updated_at = now()`,
    { replacements: school, transaction: tx },
  );
}

export async function findSchool(
  sequelize: Sequelize,
  id: number,
): Promise<{ id: number; name: string; accessTokenHash: string } | undefined> {
  const [row] = await sequelize.query<{ id: number; name: string; accessTokenHash: string }>(
    'SELECT id, name, access_token_hash AS "accessTokenHash" FROM schools WHERE id = :id',
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  return row;
}
