import { row, type Row } from '../lib/report.js';
import type { FuzzFailure, FuzzReport } from './run.js';

const first = (fs: FuzzFailure[]) =>
  fs.length === 0
    ? ''
    : ` — e.g. ${fs
        .slice(0, 3)
        .map((f) => `${f.status} ${f.auth} ${f.method} ${f.path}`)
        .join('; ')}`;

/** The fuzz report as target rows. */
export function fuzzRows(r: FuzzReport): Row[] {
  return [
    row('requests (seed)', `${r.requests} in ${r.seconds.toFixed(0)} s (seed ${r.seed})`),
    row('answers by status', JSON.stringify(r.byStatus)),
    row('requests by family', JSON.stringify(r.byFamily)),
    row(
      '5xx answers',
      `${r.serverErrors.length}${first(r.serverErrors)}`,
      '0',
      r.serverErrors.length === 0,
    ),
    row(
      'refused-by-design requests answered 2xx',
      `${r.accepted.length}${first(r.accepted)}`,
      '0',
      r.accepted.length === 0,
    ),
    row(
      `answers on a second organisation's host holding the first's rows (of ${r.isolationCases} cases)`,
      `${r.crossed.length}${first(r.crossed)}`,
      '0',
      r.crossed.length === 0,
    ),
    row(
      'requests without an answer',
      `${r.noAnswer.length}${first(r.noAnswer)}`,
      '0',
      r.noAnswer.length === 0,
    ),
    row(
      `tables changed (of ${r.tablesChecked}; login_failures and refusal counts excluded)`,
      r.changedTables.length === 0
        ? '0'
        : r.changedTables.map((t) => `${t.table}: ${t.before} → ${t.after}`).join('; '),
      '0',
      r.changedTables.length === 0,
    ),
    row(
      "the second organisation deleted: its rows left in any table; the first's tables changed",
      [...r.leftAfterDelete, ...r.changedOnDelete.map((t) => `${t} changed`)].join('; ') || '0',
      '0',
      r.leftAfterDelete.length === 0 && r.changedOnDelete.length === 0,
    ),
  ];
}
