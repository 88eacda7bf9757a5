import { organisationCountsLookup, organisationEraseLookup } from '@nsa/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { withOrganisation } from './context.js';
import type { Logger } from './logger.js';
import { serveLookup } from './owner.js';

/**
 * R-PLATFORM-DELETE: every row of organisation `id` in the service's own schema goes, in one
 * transaction of that organisation's work, so its row policy and the explicit filter both hold
 * the statements to that organisation: a table whose policy were missing still loses only that
 * organisation's rows. Tables are emptied of it children first, along their foreign keys.
 * Answers how many rows went; a second run finds none (idempotent).
 */
export async function eraseOrganisationRows(sequelize: Sequelize, id: number): Promise<number> {
  return withOrganisation(id, () =>
    sequelize.transaction(async (transaction) => {
      let rows = 0;
      for (const table of await organisationTablesChildrenFirst(sequelize, transaction)) {
        const [gone] = await sequelize.query<{ n: number }>(
          `WITH gone AS (DELETE FROM ${quoted(sequelize, table)} WHERE organisation_id = :id RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          { replacements: { id }, type: QueryTypes.SELECT, transaction },
        );
        rows += gone?.n ?? 0;
      }
      return rows;
    }),
  );
}

/** The tables of the current schema that carry `organisation_id`, each after those referring to it. */
export async function organisationTablesChildrenFirst(
  sequelize: Sequelize,
  transaction?: Transaction,
): Promise<string[]> {
  const tables = await sequelize.query<{ t: string }>(
    `SELECT c.table_name AS t FROM information_schema.columns c
       JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND c.column_name = 'organisation_id'
        AND t.table_type = 'BASE TABLE'
      ORDER BY 1`,
    { type: QueryTypes.SELECT, transaction },
  );
  const references = await sequelize.query<{ child: string; parent: string }>(
    `SELECT cl.relname AS child, pl.relname AS parent
       FROM pg_constraint k
       JOIN pg_class cl ON cl.oid = k.conrelid
       JOIN pg_class pl ON pl.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = cl.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND cl.oid <> pl.oid`,
    { type: QueryTypes.SELECT, transaction },
  );
  const left = new Set(tables.map((r) => r.t));
  const order: string[] = [];
  while (left.size > 0) {
    // A table goes once no table still to empty refers to it.
    const ready = [...left].filter(
      (t) => !references.some((r) => r.parent === t && r.child !== t && left.has(r.child)),
    );
    // A cycle of references: what is left goes in name order (a failure then names it).
    const next = ready.length > 0 ? ready : [...left];
    for (const t of next) {
      order.push(t);
      left.delete(t);
    }
  }
  return order;
}

/**
 * R-PLATFORM-COUNTS, R-PLATFORM-DELETE: a service's answers to the platform about an
 * organisation, over NATS: how many of its things the organisation has (`count`, run in that
 * organisation's work, names and numbers only) and, on `eraseSubject`, every row of it erased.
 */
export function servePlatformQuestions(
  nc: NatsConnection,
  queue: string,
  sequelize: Sequelize,
  logger: Logger,
  subjects: {
    counts?: {
      subject: string;
      count: (transaction: Transaction) => Promise<Record<string, number>>;
    };
    erase: string;
    /** Before an organisation's rows go (the erasure ledger's line, R-ERASURE-LEDGER). */
    beforeErase?: (id: number) => Promise<void>;
  },
): { stop(): void } {
  const stops: Array<{ stop(): void }> = [];
  const counts = subjects.counts;
  if (counts) {
    stops.push(
      serveLookup(
        nc,
        counts.subject,
        queue,
        organisationCountsLookup,
        (ids) =>
          Promise.all(
            ids.map((id) =>
              withOrganisation(id, () => sequelize.transaction((t) => counts.count(t))),
            ),
          ),
        logger,
      ),
    );
  }
  stops.push(
    serveLookup(
      nc,
      subjects.erase,
      queue,
      organisationEraseLookup,
      async (ids) => {
        const out: Array<{ rows: number }> = [];
        for (const id of ids) {
          await subjects.beforeErase?.(id);
          const rows = await eraseOrganisationRows(sequelize, id);
          logger.info({ organisation: id, rows }, 'organisation erased');
          out.push({ rows });
        }
        return out;
      },
      logger,
    ),
  );
  return { stop: () => stops.forEach((s) => s.stop()) };
}

/** Counts rows of `tables` in the transaction's organisation: `{ name: table }`. */
export async function countRows(
  sequelize: Sequelize,
  transaction: Transaction,
  tables: Record<string, string>,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${quoted(sequelize, table)}`,
      { type: QueryTypes.SELECT, transaction },
    );
    out[name] = row?.n ?? 0;
  }
  return out;
}

const quoted = (sequelize: Sequelize, table: string) =>
  sequelize.getQueryInterface().quoteIdentifier(table);
