import {
  QueryTypes,
  type IdempotencyStore,
  type KeyRow,
  type Sequelize,
  type StoredAnswer,
  type Transaction,
} from '@nsa/service-kit';

/** How long a key's answer is kept and answered again (R-IDEMPOTENCY). */
export const IDEMPOTENCY_HOURS = 24;

/** The rows of keyed requests (R-IDEMPOTENCY); see migration 0012. */
export class IdempotencyRepository implements IdempotencyStore {
  readonly hours = IDEMPOTENCY_HOURS;

  constructor(private readonly db: Sequelize) {}

  /** The recorded answer of a key within its 24 hours, if any. */
  async find(keyHash: string): Promise<KeyRow | undefined> {
    const [row] = await this.db.query<KeyRow>(
      `SELECT request_hash AS "requestHash", status, answer FROM idempotency_keys
        WHERE key_hash = :keyHash AND status IS NOT NULL
          AND created_at > now() - make_interval(hours => :hours)`,
      { replacements: { keyHash, hours: IDEMPOTENCY_HOURS }, type: QueryTypes.SELECT },
    );
    return row;
  }

  /**
   * Claims a key in `tx`: true when this transaction now holds it (a new key, or one whose 24
   * hours are over, taken over); false when another request recorded it. While another
   * transaction holds the key, this waits on the primary key until it ends (a rollback frees
   * the key for this one).
   */
  async claim(tx: Transaction, keyHash: string, requestHash: string): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO idempotency_keys AS k (key_hash, request_hash) VALUES (:keyHash, :requestHash)
        ON CONFLICT (key_hash) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, status = NULL, answer = NULL, created_at = now()
          WHERE k.created_at <= now() - make_interval(hours => :hours)
        RETURNING 1`,
      {
        replacements: { keyHash, requestHash, hours: IDEMPOTENCY_HOURS },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return rows.length === 1;
  }

  /** The answer of a claimed key, in the transaction that claimed it. */
  async record(tx: Transaction, keyHash: string, status: number, answer: StoredAnswer) {
    await this.db.query(
      'UPDATE idempotency_keys SET status = :status, answer = :answer::jsonb WHERE key_hash = :keyHash',
      { replacements: { keyHash, status, answer: JSON.stringify(answer) }, transaction: tx },
    );
  }

  /** Claims and records at once (a refusal); false when another request has the key. */
  async claimAndRecord(
    keyHash: string,
    requestHash: string,
    status: number,
    answer: StoredAnswer,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await this.claim(tx, keyHash, requestHash))) return false;
      await this.record(tx, keyHash, status, answer);
      return true;
    });
  }

  /** Deletes the rows older than 24 hours; answers how many. */
  async prune(): Promise<number> {
    const [, meta] = await this.db.query(
      'DELETE FROM idempotency_keys WHERE created_at <= now() - make_interval(hours => :hours)',
      { replacements: { hours: IDEMPOTENCY_HOURS } },
    );
    return (meta as { rowCount?: number } | undefined)?.rowCount ?? 0;
  }
}
