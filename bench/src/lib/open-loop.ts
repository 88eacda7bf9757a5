// An open-loop load: requests start at a fixed arrival rate whatever the answers do, so a slow
// answer cannot hold back the requests after it (a fixed number of connections would: the
// load then drops exactly when the product is slow, and the slow period looks short). Each
// request's time is counted from when it was due, not from when it was sent.
import { sleep } from './api.js';

export interface Arrival {
  /** 0, 1, 2 … in order of arrival. */
  i: number;
  /** When it was due (ms since the epoch). */
  dueAt: number;
  /** The status, or a network error's code / `timeout`. */
  status: number | string;
  /** From due to answer, in ms. */
  ms: number;
  body?: unknown;
}

export interface OpenLoopOptions {
  ratePerS: number;
  durationS: number;
  /** Sends request i; must not throw (a failure is a status). */
  send: (i: number) => Promise<{ status: number | string; body?: unknown }>;
  /** Called with each answer as it arrives. */
  onAnswer?: (a: Arrival) => void;
  /** Stop early (checked at every tick). */
  stopped?: () => boolean;
}

/** Runs the load; resolves with every arrival once all have answered. */
export async function openLoop(opts: OpenLoopOptions): Promise<Arrival[]> {
  const t0 = Date.now();
  const total = Math.round(opts.ratePerS * opts.durationS);
  const intervalMs = 1000 / opts.ratePerS;
  const inFlight: Promise<Arrival>[] = [];
  let next = 0;
  while (next < total && !opts.stopped?.()) {
    const now = Date.now();
    while (next < total && t0 + next * intervalMs <= now) {
      const i = next++;
      const dueAt = t0 + i * intervalMs;
      inFlight.push(
        opts.send(i).then(({ status, body }) => {
          const a: Arrival = { i, dueAt, status, ms: Date.now() - dueAt, body };
          opts.onAnswer?.(a);
          return a;
        }),
      );
    }
    await sleep(Math.max(1, Math.min(5, t0 + next * intervalMs - Date.now())));
  }
  return Promise.all(inFlight);
}

/** A request's answer as a status: a network error or time-out becomes its name. */
export async function settle(
  f: () => Promise<{ status: number; body?: unknown }>,
): Promise<{ status: number | string; body?: unknown }> {
  try {
    return await f();
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { status: e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.name) };
  }
}
