/**
 * Resolves in a later task of the event loop, so that the browser can paint and
 * handle input in between: the shell's start-up is cut into several short
 * tasks instead of one long one (long tasks are what Total Blocking Time counts).
 * Uses scheduler.yield() where the browser has it (the continuation keeps its
 * place ahead of other queued work), else a message to itself (unlike
 * setTimeout, not clamped to 4 ms or throttled).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
