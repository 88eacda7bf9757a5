// `npm start`: runs the whole product in the foreground until Ctrl-C or SIGTERM.
import { startStack } from './stack.js';

const log = (line: string) => console.log(`[naschool] ${line}`);
const started = Date.now();
const abort = new AbortController();
let exiting = false;
let exitingSince = 0;

const starting = startStack({ env: process.env, log, signal: abort.signal, demoSignups: true });

async function shutdown(reason: string, code: number): Promise<void> {
  if (exiting) return;
  exiting = true;
  exitingSince = Date.now();
  log(`${reason}: stopping gateway, services, mail catcher, NATS and PostgreSQL…`);
  // During start-up the abort makes startStack stop what it started before it rejects.
  abort.abort();
  try {
    const stack = await starting.catch(() => undefined);
    await stack?.stop();
  } catch (err) {
    console.error(err);
    code = 1;
  }
  log('stopped');
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C reaches npm's wrapper and this process alike, and the wrapper
    // forwards it too: only a later, deliberate repeat deserves an answer.
    if (exiting && Date.now() - exitingSince > 1000)
      log(`still stopping (${signal}), please wait…`);
    void shutdown(`received ${signal}`, 0);
  });
}
process.on('uncaughtException', (err) => {
  console.error(err);
  void shutdown('internal error', 1);
});

try {
  const stack = await starting;
  if (!exiting) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(`healthy after ${seconds} s; data and logs in ${stack.dataDir}`);
    if (stack.mailWebUrl) log(`mail catcher: ${stack.mailWebUrl}`);
    log(`open ${stack.url}  (Ctrl-C stops everything)`);
  }
} catch (err) {
  if (!exiting) {
    console.error(`[naschool] could not start: ${(err as Error).message}`);
    process.exit(1);
  }
}
