import { sleep } from './ports.js';

/** Polls `url` until it answers `expectStatus` (default 200); throws with the last answer on timeout. */
export async function waitForHttp(
  url: string,
  opts: { timeoutMs?: number; expectStatus?: number } = {},
): Promise<void> {
  const expectStatus = opts.expectStatus ?? 200;
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  let last = 'no answer yet';
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
      // Drain the body so the keep-alive socket is released rather than left dangling.
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === expectStatus) return;
      last = `status ${res.status}`;
    } catch (err) {
      last =
        err instanceof Error
          ? err.cause instanceof Error
            ? err.cause.message
            : err.message
          : String(err);
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${url} to answer ${expectStatus} (last: ${last})`);
    }
    await sleep(200);
  }
}
