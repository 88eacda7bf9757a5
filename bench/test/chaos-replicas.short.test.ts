// The short chaos run of `npm test` on the production topology (R-RUN-REPLICAS): two processes of
// each service and a three-node JetStream cluster, keyed sign-ups arriving at a fixed rate,
// approvals and lapsing waiting-list offers, while the first process of each service and one
// nats-server are SIGKILLed in turn. `npm run chaos -- --replicas 2 --nats-nodes 3` runs it
// for 60 s.
import { expect, test } from 'vitest';
import { runChaos } from '../src/chaos/run.js';
import { chaosRows } from '../src/chaos/rows.js';
import { printTable } from '../src/lib/report.js';
import { expectChaosHeld } from './chaos-checks.js';

test('two of everything, one process of each killed in turn: no keyed sign-up answered 5xx, nothing lost or stored twice, every email once', async () => {
  const report = await runChaos({
    port: 19380,
    replicas: 2,
    natsNodes: 3,
    targets: ['catalog', 'registrations', 'identity', 'notify', 'nats'],
    loadS: 25,
    settleS: 1,
    convergeS: 45,
    signupWorkers: 0,
    signupRate: 20,
    approveWorkers: 2,
    ackWaitMs: 5000,
    log: () => undefined,
  });
  printTable('short chaos, REPLICAS=2 NATS_NODES=3', chaosRows(report));
  expect(report.signups.sent).toBeGreaterThan(300);
  expectChaosHeld(report);
}, 300_000);
