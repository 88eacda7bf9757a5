// A stand-in for svc-registrations as the owner of lottery seeds (R-DRAW-COMMIT): catalog's own
// tests run without registrations, yet a write that gives a block a lottery window asks for its
// seed commitment. Answers a fixed hash per block id, as the test feed (no service's user).
import { createHash } from 'node:crypto';
import { RPC_SUBJECTS, drawCommitmentLookup } from '@nsa/contracts';
import { createLogger, serveLookup } from '@nsa/service-kit';
import { testFeed } from '@nsa/service-kit/testing';

export const seedHashOf = (blockId: number) =>
  createHash('sha256').update(`stand-in seed ${blockId}`).digest('hex');

export async function serveSeedCommitments(natsUrl: string): Promise<{ stop(): Promise<void> }> {
  const nc = await testFeed(natsUrl);
  const served = serveLookup(
    nc,
    RPC_SUBJECTS.drawCommitments,
    'registrations',
    drawCommitmentLookup,
    (blockIds) => Promise.resolve(blockIds.map((id) => ({ seedHash: seedHashOf(id) }))),
    createLogger('seed-owner', 'silent'),
  );
  await nc.flush();
  return {
    stop: async () => {
      served.stop();
      await nc.flush();
    },
  };
}
