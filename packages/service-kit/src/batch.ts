/**
 * Group commit in the process: requests that arrive while a batch is being written wait and
 * are then written together, in arrival order, by one call of `run` (one transaction, one
 * commit). An idle batcher starts after one turn of the event loop (`setImmediate`), so the
 * requests a burst has already delivered to the process join the first batch; a quiet moment
 * costs no more than that turn. A burst on one hot row costs a few commits, not one per request.
 *
 * `run` answers one result per item, in order: a value, or an Error for that item alone.
 * A throw from `run` fails every item of the batch.
 */
export class Batcher<I, O> {
  private queue: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private running = false;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<Array<O | Error>>,
    private readonly maxBatch = 500,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running || this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.next();
      });
    });
  }

  private next(): void {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    const batch = this.queue.splice(0, this.maxBatch);
    void this.run(batch.map((b) => b.item))
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
