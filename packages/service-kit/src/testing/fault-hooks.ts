// Test-only fault injection, never a product setting: it is not in any configuration schema,
// .env.example or a manifest. A crash test starts a service's process with
// NSA_TEST_HOLD_BEFORE_ACK=1: its consumers then stop after committing an event and before
// acking it, and say so on the log, so that the test can kill the process at that point
// (R-EMAIL-ONCE). Read here alone; no dependency beyond the kit's own types.
import type { Logger } from '../logger.js';
import type { ConsumerHooks } from '../consumer.js';

/** The variable a crash test sets; no deployment sets it. */
export const TEST_HOLD_BEFORE_ACK = 'NSA_TEST_HOLD_BEFORE_ACK';

/** The consumer hooks a crash test asked for through the environment, if any. */
export function testFaultHooks(
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): ConsumerHooks | undefined {
  if (env[TEST_HOLD_BEFORE_ACK] !== '1') return undefined;
  return {
    beforeAck: (event) => {
      logger.warn({ eventId: event.id, faultHoldBeforeAck: true }, 'holding before ack');
      return new Promise<void>(() => undefined);
    },
  };
}
