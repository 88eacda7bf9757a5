// repeatEvery: background work on start and after each round, a failed round retried, and a
// stop that waits for the round running (the waiting list's sweep, the draw's freeze, the
// idempotency keys' prune).
import { describe, expect, it } from 'vitest';
import { repeatEvery } from '../src/repeat.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('repeatEvery', () => {
  it('runs at once, again after each round, never two rounds at a time, and retries after a failure', async () => {
    let rounds = 0;
    let active = 0;
    let overlap = false;
    const errors: string[] = [];
    const job = repeatEvery(
      async () => {
        rounds += 1;
        active += 1;
        if (active > 1) overlap = true;
        await sleep(15);
        active -= 1;
        if (rounds === 2) throw new Error('database away');
      },
      5,
      (err) => errors.push(err.message),
    );
    expect(rounds).toBe(1);
    await sleep(150);
    await job.stop();
    expect(rounds).toBeGreaterThanOrEqual(4);
    expect(overlap).toBe(false);
    expect(errors).toEqual(['database away']);
  });

  it('waits on stop for the round running, and starts none after it', async () => {
    let finished = 0;
    let started = 0;
    const job = repeatEvery(
      async () => {
        started += 1;
        await sleep(50);
        finished += 1;
      },
      1,
      () => undefined,
    );
    await job.stop();
    expect(finished).toBe(1);
    await sleep(30);
    expect(started).toBe(1);
  });
});
