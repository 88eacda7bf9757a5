import { describe, expect, it } from 'vitest';
import { Batcher } from '../src/batch.js';
import { currentOrganisation, withOrganisation } from '../src/context.js';

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

describe('Batcher with announced items', () => {
  it('waits for the items announced before it starts, so a burst goes in one batch', async () => {
    const batches: number[][] = [];
    const b = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        await tick();
        return items;
      },
      500,
      1000,
    );
    const arrived = [1, 2, 3].map(() => b.expect());
    const first = b.submit(1);
    arrived[0]!();
    await tick();
    // Two more are on their way: nothing has started.
    expect(batches).toEqual([]);
    const second = b.submit(2);
    arrived[1]!();
    await tick();
    expect(batches).toEqual([]);
    // The third gives up (refused before it was submitted): the batch starts at once.
    arrived[2]!();
    arrived[2]!();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
    // Nothing announced: an item goes alone after one turn.
    expect(await b.submit(4)).toBe(4);
    expect(batches).toEqual([[1, 2], [4]]);
  });

  it('starts without an announced item once the oldest has waited gatherMs', async () => {
    const batches: number[][] = [];
    const b = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        return items;
      },
      500,
      30,
    );
    const late = b.expect();
    const t0 = performance.now();
    expect(await b.submit(1)).toBe(1);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
    expect(batches).toEqual([[1]]);
    late();
  });

  it('lets the items that came during a running batch wait for announced ones too', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const b = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        if (items[0] === 1) await new Promise<void>((r) => (release = r));
        return items;
      },
      500,
      1000,
    );
    const first = b.submit(1);
    await tick();
    const arrived = [b.expect(), b.expect()];
    const rest = [b.submit(2)];
    arrived[0]!();
    release();
    expect(await first).toBe(1);
    await tick();
    // One announced item is still on its way: 2 waits for it.
    expect(batches).toEqual([[1]]);
    rest.push(b.submit(3));
    arrived[1]!();
    expect(await Promise.all(rest)).toEqual([2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("batches each organisation's items apart, runs each batch as its organisation's work, and lets no organisation wait for another's", async () => {
    const batches: Array<{ items: number[]; as: number | undefined }> = [];
    let release7: () => void = () => undefined;
    const b = new Batcher<number, number>(async (items) => {
      batches.push({ items, as: currentOrganisation() });
      // Organisation 7's first batch is slow; 8's and the items of none are not held by it.
      if (currentOrganisation() === 7 && batches.filter((x) => x.as === 7).length === 1)
        await new Promise<void>((r) => (release7 = r));
      return items;
    });
    const seven = [1, 2].map((i) => withOrganisation(7, () => b.submit(i)));
    const eight = [3, 4].map((i) => withOrganisation(8, () => b.submit(i)));
    const none = [5].map((i) => b.submit(i));
    // 8 and none are answered while 7's batch still runs.
    expect(await Promise.all([...eight, ...none])).toEqual([3, 4, 5]);
    const laterSeven = withOrganisation(7, () => b.submit(6));
    release7();
    expect(await Promise.all([...seven, laterSeven])).toEqual([1, 2, 6]);
    expect(batches).toEqual([
      { items: [1, 2], as: 7 },
      { items: [3, 4], as: 8 },
      { items: [5], as: undefined },
      { items: [6], as: 7 },
    ]);
  });

  it("waits for one organisation's announced items only in that organisation's batches", async () => {
    const batches: number[][] = [];
    const b = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        return items;
      },
      500,
      10_000,
    );
    const announced = withOrganisation(7, () => b.expect());
    // Organisation 8 does not wait for 7's announced item.
    expect(await withOrganisation(8, () => b.submit(1))).toBe(1);
    const seven = withOrganisation(7, () => b.submit(2));
    await tick();
    expect(batches).toEqual([[1]]);
    announced();
    expect(await seven).toBe(2);
  });
});
