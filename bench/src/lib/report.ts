// Percentiles, target rows and the printed table every tool ends with.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { repoRoot } from './stack.js';

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length % 2 === 1 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/** Nearest-rank percentile of unsorted samples (0 when there are none). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface Row {
  /** What is measured. */
  name: string;
  /** The measured value, with its unit. */
  measured: string;
  /** The target, as the issue states it; empty for a number that has none. */
  target?: string;
  /** Whether the target is met; undefined when there is no target. */
  ok?: boolean;
}

export function row(name: string, measured: string, target?: string, ok?: boolean): Row {
  return { name, measured, target, ok };
}

export const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(digits);

export function printTable(title: string, rows: Row[]): string {
  const head = ['measure', 'measured', 'target', 'met'];
  const cells = rows.map((r) => [
    r.name,
    r.measured,
    r.target ?? '',
    r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i]!)).join(' | ');
  const out = [
    '',
    title,
    line(head),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...cells.map(line),
    '',
  ].join('\n');
  console.log(out);
  return out;
}

export function machineFacts() {
  let commit = 'unknown';
  let dirty = false;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !==
      '';
  } catch {
    // not a git checkout
  }
  return {
    commit,
    dirty,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadavg: os.loadavg(),
    node: process.version,
    at: new Date().toISOString(),
  };
}

export function say(line: string): void {
  process.stdout.write(`[bench] ${line}\n`);
}
