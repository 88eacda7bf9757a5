import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { STREAMS, type StreamName } from '@nsa/contracts';
import type { Logger } from './logger.js';
import type { NatsConnection } from './nats.js';

/**
 * The highest stream sequence every durable consumer of the stream is done with: a message at or
 * below it has been handled wherever it matters, so deleting it loses no count or email.
 */
async function handledUpTo(jsm: JetStreamManager, stream: string): Promise<number> {
  let floor = Number.MAX_SAFE_INTEGER;
  for (const ci of await jsm.consumers.list(stream).next()) {
    if (!ci.config.durable_name) continue;
    if (ci.num_pending === 0 && ci.num_ack_pending === 0) continue;
    floor = Math.min(floor, ci.ack_floor.stream_seq);
  }
  return floor;
}

/**
 * R-PRIVACY-ERASE: deletes, and overwrites on disk, every message of a stream that `match`
 * picks (by subject and the message's text), once every durable consumer of the stream has
 * handled it; waits up to `waitMs` for consumers still behind. Answers how many were deleted
 * and how many could not be yet (those leave with the stream's age limit).
 */
export async function purgeStreamMessages(
  nc: NatsConnection,
  streamName: StreamName,
  match: (subject: string, text: string) => boolean,
  logger: Logger,
  waitMs = 15_000,
): Promise<{ deleted: number; pending: number }> {
  const jsm = await jetstreamManager(nc);
  const stream = STREAMS[streamName].name;
  const info = await jsm.streams.info(stream);
  const found: number[] = [];
  const decoder = new TextDecoder();
  let seq = info.state.first_seq;
  const last = info.state.last_seq;
  // One look per sequence; a deleted one (a gap) is skipped.
  for (; info.state.messages > 0 && seq <= last; seq += 1) {
    const m = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (m && match(m.subject, decoder.decode(m.data))) found.push(m.seq);
  }
  const deadline = Date.now() + waitMs;
  let deleted = 0;
  let left = found;
  while (left.length > 0) {
    const floor = await handledUpTo(jsm, stream);
    for (const s of left.filter((x) => x <= floor)) {
      if (await jsm.streams.deleteMessage(stream, s, true).catch(() => false)) deleted += 1;
    }
    left = left.filter((x) => x > floor);
    if (left.length === 0 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (left.length > 0)
    logger.warn({ stream, pending: left.length }, 'stream purge: consumers behind');
  return { deleted, pending: left.length };
}
