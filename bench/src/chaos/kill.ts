// Killing one process of the stack (its whole process group, as a crash would) and watching
// GET /api/health for the recovery. The launcher starts every process again by itself
// (R-RUN-REPLICAS), services, nats-servers and PostgreSQL alike.
import fs from 'node:fs';
import { sleep } from '../lib/api.js';
import type { BenchStack } from '../lib/stack.js';
import type { Target } from './run.js';

/**
 * Kills `target`'s first process (`catalog` is catalog-1, `nats` nats-1), or the one it names;
 * resolves once the launcher has started it again (a new pid in its pid file), or after 15 s.
 */
export async function kill(
  s: BenchStack,
  target: Target,
  log: (line: string) => void,
  which = 1,
): Promise<void> {
  const name = `${target}-${which}`;
  const pid = s.pid(name);
  if (!pid) throw new Error(`no pid file for ${name} in ${s.dataDir}/pids`);
  log(`SIGKILL ${name} (process group ${pid}); the launcher starts it again`);
  process.kill(-pid, 'SIGKILL');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(50);
  for (let i = 0; i < 150; i++) {
    const now = s.pid(name);
    if (now && now !== pid && alive(now)) return;
    await sleep(100);
  }
  log(`${name} was not started again within 15 s`);
}

function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
}

/** Seconds from `t0` until health answered 200 after having failed (or plainly 200 again). */
export async function waitRecovered(
  health: Array<{ t: number; ok: boolean }>,
  t0: number,
  timeoutMs: number,
): Promise<{ recoveryS: number | undefined; sawDown: boolean }> {
  const deadline = t0 + timeoutMs;
  for (;;) {
    const after = health.filter((h) => h.t > t0);
    const down = after.findIndex((h) => !h.ok);
    if (down >= 0) {
      const up = after.slice(down).find((h) => h.ok);
      if (up) return { recoveryS: (up.t - t0) / 1000, sawDown: true };
    } else if (after.length > 0 && Date.now() - t0 > 5000) {
      // Never seen failing within 5 s: the kill did not show on the product's health.
      return { recoveryS: (after[0]!.t - t0) / 1000, sawDown: false };
    }
    if (Date.now() > deadline) return { recoveryS: undefined, sawDown: down >= 0 };
    await sleep(100);
  }
}
