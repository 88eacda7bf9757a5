import { describe, expect, it } from 'vitest';
import { Batcher } from '../src/batch.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Batcher', () => {
  it('groups what arrives in one turn, and what arrives while a batch runs', async () => {
    const batches: number[][] = [];
    const b = new Batcher<number, number>(async (items) => {
      batches.push(items);
      await tick();
      return items.map((i) => i * 10);
    });
    const first = [1, 2].map((i) => b.submit(i));
    await new Promise((r) => setImmediate(r));
    // The first batch has started; these wait for the next one.
    const rest = [3, 4, 5].map((i) => b.submit(i));
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(await Promise.all(rest)).toEqual([30, 40, 50]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('fails only the item whose result is an Error, and every item when the run throws', async () => {
    let fail = false;
    const b = new Batcher<number, number>(async (items) => {
      await tick();
      if (fail) throw new Error('database down');
      return items.map((i) => (i === 2 ? new Error('not this one') : i));
    });
    const answers = await Promise.allSettled([1, 2, 3].map((i) => b.submit(i)));
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    fail = true;
    const down = await Promise.allSettled([4, 5].map((i) => b.submit(i)));
    expect(down.every((a) => a.status === 'rejected')).toBe(true);
    // The batcher goes on after a failed batch.
    fail = false;
    expect(await b.submit(6)).toBe(6);
  });

  it('keeps a batch to its maximum size, in arrival order', async () => {
    const sizes: number[] = [];
    const b = new Batcher<number, number>(async (items) => {
      sizes.push(items.length);
      await tick();
      return items;
    }, 3);
    const all = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => b.submit(i)));
    expect(all).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([3, 3, 1]);
  });
});
