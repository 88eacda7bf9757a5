// `npm run chaos`: 60 s of sign-ups with approvals (send-email on) while each service, then
// nats-server, then PostgreSQL is killed in turn; prints what was lost, duplicated, missing or
// over capacity, whether a revoked credential (a logged-out cookie, a revoked or replaced provider
// link) was ever accepted, and how long the product took to be healthy again after each kill.
// Options: --port N (default 19260), --load S (default 60), --settle S (default 5),
// --targets a,b (default: catalog,registrations,identity,notify,nats,postgres).
import { parseArgs } from 'node:util';
import { ALL_TARGETS, runChaos, type Target } from './chaos/run.js';
import { chaosRows } from './chaos/rows.js';
import { machineFacts, printTable } from './lib/report.js';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '19260' },
    load: { type: 'string', default: '60' },
    settle: { type: 'string', default: '5' },
    targets: { type: 'string', default: ALL_TARGETS.join(',') },
  },
});

async function main(): Promise<number> {
  const facts = machineFacts();
  const report = await runChaos({
    port: Number(args.port),
    targets: args.targets.split(',') as Target[],
    loadS: Number(args.load),
    settleS: Number(args.settle),
    convergeS: 120,
    signupWorkers: 6,
    approveWorkers: 3,
  });
  const rows = chaosRows(report);
  printTable(
    `chaos on ${facts.cpus} CPUs, commit ${facts.commit.slice(0, 12)}${facts.dirty ? '+' : ''}`,
    rows,
  );
  console.log(JSON.stringify({ signups: report.signups, approvals: report.approvals }, null, 2));
  return rows.some((r) => r.ok === false) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.stack ?? err);
    process.exit(1);
  },
);
