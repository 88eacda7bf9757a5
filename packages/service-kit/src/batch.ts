import { currentOrganisation, requestContext } from './context.js';

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
 *
 * Each organisation has its own batches (R-ORG-EVENTS): an item goes with those submitted in
 * the same organisation's work (or outside any), and `run` runs as that organisation's work, so
 * its transactions have it set. Organisations' batches do not wait for each other; the
 * announcements of one do not hold back another's.
 */
export class Batcher<I, O> {
  private readonly lanes = new Map<number | undefined, Lane<I, O>>();

  constructor(
    private readonly run: (items: I[]) => Promise<Array<O | Error>>,
    private readonly maxBatch = 500,
    private readonly gatherMs = 0,
  ) {}

  /**
   * Announces one item that will be submitted soon, in the current work's organisation; call
   * the answer once it has been submitted or will not be (more calls do nothing).
   */
  expect(): () => void {
    const lane = this.lane(currentOrganisation());
    lane.expected += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      lane.expected -= 1;
      if (lane.expected === 0) this.schedule(lane);
    };
  }

  submit(item: I): Promise<O> {
    const lane = this.lane(currentOrganisation());
    return new Promise<O>((resolve, reject) => {
      lane.queue.push({ item, at: performance.now(), resolve, reject });
      this.schedule(lane);
    });
  }

  private lane(organisationId: number | undefined): Lane<I, O> {
    let lane = this.lanes.get(organisationId);
    if (!lane) {
      lane = { organisationId, queue: [], running: false, scheduled: false, expected: 0 };
      this.lanes.set(organisationId, lane);
    }
    return lane;
  }

  private schedule(lane: Lane<I, O>): void {
    if (lane.running || lane.scheduled || lane.queue.length === 0) return;
    lane.scheduled = true;
    setImmediate(() => {
      lane.scheduled = false;
      this.next(lane);
    });
  }

  private next(lane: Lane<I, O>): void {
    if (lane.running || lane.queue.length === 0) return;
    if (lane.expected > 0) {
      const waited = performance.now() - lane.queue[0]!.at;
      if (waited < this.gatherMs) {
        // Announced items are on their way: wait for them, or until the oldest waited enough.
        if (!lane.timer) {
          lane.timer = setTimeout(() => {
            lane.timer = undefined;
            this.next(lane);
          }, this.gatherMs - waited);
        }
        return;
      }
    }
    if (lane.timer) {
      clearTimeout(lane.timer);
      lane.timer = undefined;
    }
    lane.running = true;
    const batch = lane.queue.splice(0, this.maxBatch);
    // A batch is written for all its requests at once: it runs in none of their contexts, but
    // in their organisation's.
    void requestContext
      .shared(lane.organisationId, () => this.run(batch.map((b) => b.item)))
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
        lane.running = false;
        this.next(lane);
      });
  }
}

/** One organisation's (or no organisation's) items waiting, and whether its batch runs. */
interface Lane<I, O> {
  organisationId: number | undefined;
  queue: Array<{ item: I; at: number; resolve: (o: O) => void; reject: (e: unknown) => void }>;
  running: boolean;
  scheduled: boolean;
  expected: number;
  timer?: ReturnType<typeof setTimeout>;
}
