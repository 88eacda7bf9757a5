/**
 * Background work of a process that runs on start and again `everyMs` after each round has
 * ended, so a slow round never overlaps the next. A failed round (the database away) goes to
 * `onError` and is tried again at the next round. `stop()` ends the rounds and waits for the
 * one running.
 */
export function repeatEvery(
  work: () => Promise<unknown>,
  everyMs: number,
  onError: (err: Error) => void,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const round = () => {
    running = work()
      .catch((err: Error) => onError(err))
      .finally(() => {
        if (!stopped) timer = setTimeout(round, everyMs);
      });
  };
  round();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
