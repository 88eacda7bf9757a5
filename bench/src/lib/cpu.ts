// CPU time per process group, from /proc: tells where a benchmark's CPU went (each stack part
// is a process group led by the pid in DATA_DIR/run; PostgreSQL's backends and nginx's workers
// are in their leader's group).
import fs from 'node:fs';

const TICKS_PER_S = 100; // USER_HZ on Linux

interface Proc {
  ppid: number;
  pgrp: number;
  seconds: number;
}

/** CPU seconds (user + system, with reaped children's) of every process, by pid. */
export function cpuSnapshot(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt
    // cmajflt utime stime cutime cstime
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    out.set(Number(entry), {
      ppid: Number(f[1]),
      pgrp: Number(f[2]),
      seconds: ticks / TICKS_PER_S,
    });
  }
  return out;
}

/**
 * CPU seconds of a process and everything under it: its process group, and its descendants
 * (PostgreSQL's backends make themselves group leaders, so the group alone misses them).
 */
function treeSeconds(procs: Map<number, Proc>, root: number): Map<number, number> {
  const members = new Map<number, number>();
  for (const [pid, p] of procs) {
    let inTree = p.pgrp === root;
    for (let q: number | undefined = pid, hops = 0; !inTree && q && hops < 20; hops++) {
      if (q === root) inTree = true;
      q = procs.get(q)?.ppid;
    }
    if (inTree) members.set(pid, p.seconds);
  }
  return members;
}

export type CpuSnapshot = Map<number, Proc>;

/** CPU seconds each named process tree used between two snapshots. */
export function cpuDelta(
  before: CpuSnapshot,
  after: CpuSnapshot,
  roots: Record<string, number | undefined>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, root] of Object.entries(roots)) {
    if (root === undefined) continue;
    const b = treeSeconds(before, root);
    let total = 0;
    // A process that started meanwhile counts whole; one that ended is in its parent's cutime.
    for (const [pid, seconds] of treeSeconds(after, root)) total += seconds - (b.get(pid) ?? 0);
    out[name] = Math.max(0, total);
  }
  return out;
}

/** Total CPU seconds of the whole machine (all CPUs) from /proc/stat. */
export function machineCpu(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / TICKS_PER_S, total: total / TICKS_PER_S };
}

/**
 * Waits until the machine has been quiet for `windowS` (its CPUs busy less than `busyBelow` of
 * the time: the stack's background work done, autovacuum and checkpoints over, nobody else
 * busy), at most `maxS`. Answers how long it waited and the last window's busy fraction.
 */
export async function machineQuiet(
  opts: { busyBelow?: number; windowS?: number; maxS?: number } = {},
): Promise<{ waitedS: number; busy: number }> {
  const { busyBelow = 0.15, windowS = 2, maxS = 90 } = opts;
  const t0 = Date.now();
  for (;;) {
    const a = machineCpu();
    await new Promise((r) => setTimeout(r, windowS * 1000));
    const b = machineCpu();
    const busy = b.total > a.total ? (b.busy - a.busy) / (b.total - a.total) : 0;
    const waitedS = (Date.now() - t0) / 1000;
    if (busy < busyBelow || waitedS >= maxS) return { waitedS, busy };
  }
}
