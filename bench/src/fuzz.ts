// `npm run fuzz`: at least 10,000 generated bad requests against every call of R-API-CALLS, as
// admin, anonymous and with a forged session; no 5xx, and no table changed. Every call that
// names a row, link or account is also tried on a second organisation's host with the first's
// (R-ORG-RLS): none is accepted, and no answer holds anything of the first organisation.
// Options: --port N (default 19290), --requests N (default 10000), --seed N (default: random),
// --concurrency N (default 8), --replicas N (processes of each service, default 1).
import { parseArgs } from 'node:util';
import { runFuzz } from './fuzz/run.js';
import { fuzzRows } from './fuzz/rows.js';
import { machineFacts, printTable } from './lib/report.js';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '19290' },
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
    replicas: { type: 'string', default: '1' },
  },
});

async function main(): Promise<number> {
  const facts = machineFacts();
  const report = await runFuzz({
    port: Number(args.port),
    requests: Number(args.requests),
    concurrency: Number(args.concurrency),
    replicas: Number(args.replicas),
    seed: args.seed ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31),
  });
  const rows = fuzzRows(report);
  printTable(
    `fuzz on ${facts.cpus} CPUs, commit ${facts.commit.slice(0, 12)}${facts.dirty ? '+' : ''}`,
    rows,
  );
  for (const f of [
    ...report.serverErrors,
    ...report.accepted,
    ...report.crossed,
    ...report.noAnswer,
  ].slice(0, 20)) {
    console.log(JSON.stringify(f));
  }
  return rows.some((r) => r.ok === false) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.stack ?? err);
    process.exit(1);
  },
);
