import { requestContext } from './context.js';

/**
 * Group commit in the process: requests that arrive while a batch is being written wait and
 * are then written together, in arrival order, by one call of `run` (one transaction, one
 * commit). An idle batcher starts after one turn of the event loop (`setImmediate`), so the
 * requests a burst has already delivered to the process join the first batch; a quiet moment
 * costs no more than that turn. A burst on one hot row costs a few commits, not one per request.
 *
 * A caller can announce an item before it is ready (`expect()`: a request received whose
 * checks, such as its session's, are still running). While announced items are on their way,
 * a batch does not start until they have been submitted or given up, or its oldest item has
 * waited `gatherMs`: a burst whose requests get through their checks at slightly different
 * moments is written as one batch instead of a first batch of one and the rest after it. Without
 * announcements nothing waits.
 *
 * `run` answers one result per item, in order: a value, or an Error for that item alone.
 * A throw from `run` fails every item of the batch.
 */
export class Batcher<I, O> {
  private queue: Array<{
    item: I;
    at: number;
    resolve: (o: O) => void;
    reject: (e: unknown) => void;
  }> = [];
  private running = false;
  private scheduled = false;
  private expected = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly run: (items: I[]) => Promise<Array<O | Error>>,
    private readonly maxBatch = 500,
    private readonly gatherMs = 0,
  ) {}

  /**
   * Announces one item that will be submitted soon; call the answer once it has been submitted
   * or will not be (more calls do nothing).
   */
  expect(): () => void {
    this.expected += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.expected -= 1;
      if (this.expected === 0) this.schedule();
    };
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, at: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.next();
    });
  }

  private next(): void {
    if (this.running || this.queue.length === 0) return;
    if (this.expected > 0) {
      const waited = performance.now() - this.queue[0]!.at;
      if (waited < this.gatherMs) {
        // Announced items are on their way: wait for them, or until the oldest waited enough.
        if (!this.timer) {
          this.timer = setTimeout(() => {
            this.timer = undefined;
            this.next();
          }, this.gatherMs - waited);
        }
        return;
      }
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.running = true;
    const batch = this.queue.splice(0, this.maxBatch);
    // A batch is written for all its requests at once: it runs in none of their contexts.
    void requestContext
      .exit(() => this.run(batch.map((b) => b.item)))
      .then(
        (results) =>
          batch.forEach((b, i) => {
            const r = results[i];
            if (r instanceof Error) b.reject(r);
            else if (i >= results.length) b.reject(new Error('batch answered too few results'));
            else b.resolve(r as O);
          }),
        (err: unknown) => batch.forEach((b) => b.reject(err)),
      )
      .finally(() => {
        this.running = false;
        this.next();
      });
  }
}
