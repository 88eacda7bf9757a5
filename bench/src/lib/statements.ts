// `--statements`: where PostgreSQL's time went during a benchmark, from pg_stat_statements
// (the stack's PostgreSQL is then started with it preloaded). A diagnostic, not a target: its
// own bookkeeping costs a little of the time it measures.
import type pg from 'pg';
import { fmt } from './report.js';

/** The server settings that make pg_stat_statements count, nested calls included. */
export const STATEMENTS_SETTINGS = [
  'shared_preload_libraries=pg_stat_statements',
  'pg_stat_statements.track=all',
];

export interface StatementTime {
  calls: number;
  totalMs: number;
  meanMs: number;
  /** The normalised statement, whitespace folded, cut at 140 characters. */
  query: string;
}

/** Starts counting afresh. */
export async function resetStatements(db: pg.Pool): Promise<void> {
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await db.query('SELECT pg_stat_statements_reset()');
}

/** The `limit` statements that took the most time since the reset. */
export async function topStatements(db: pg.Pool, limit = 15): Promise<StatementTime[]> {
  const { rows } = await db.query<{ calls: string; total: number; query: string }>(
    `SELECT calls, total_exec_time AS total, query FROM pg_stat_statements
      ORDER BY total_exec_time DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    calls: Number(r.calls),
    totalMs: r.total,
    meanMs: r.total / Number(r.calls),
    query: r.query.replace(/\s+/g, ' ').slice(0, 140),
  }));
}

/** One line per statement: total and mean time, calls, and the statement. */
export function statementLines(top: StatementTime[]): string[] {
  return top.map(
    (t) =>
      `${fmt(t.totalMs, 0).padStart(7)} ms  ${fmt(t.meanMs, 3).padStart(7)} ms × ` +
      `${String(t.calls).padStart(6)}  ${t.query}`,
  );
}
