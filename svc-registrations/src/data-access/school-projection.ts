import type { Sequelize, Transaction } from '@nsa/service-kit';
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
