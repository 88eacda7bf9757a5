// `npm run chaos`: 60 s of sign-ups with approvals (send-email on), and small waiting lists whose
// offers lapse every few seconds, while each service, then nats-server, then PostgreSQL is killed
// in turn; prints what was lost, duplicated, missing or over capacity, whether every lapsed offer
// moved on exactly once, whether a revoked credential (a logged-out cookie, a revoked or replaced
// provider link) was ever accepted, and how long the product took to be healthy again after each
// kill. `npm run chaos -- --help` lists the options.
import { parseArgs } from 'node:util';
import { ALL_TARGETS, runChaos, type Target } from './chaos/run.js';
import { chaosRows } from './chaos/rows.js';
import { WAITLIST_DEFAULTS } from './chaos/waitlist.js';
import { machineFacts, printTable } from './lib/report.js';

const USAGE = `npm run chaos -- [options]
  --port N           gateway port of the tool's own stack (default 19260; the stack also uses
                     N+10001..N+10026, the tool's SMTP server N+10028)
  --load S           seconds of load at least (default 60); it lasts until every kill has
                     recovered plus --settle
  --settle S         seconds of steady load after one recovery before the next kill (default 5)
  --converge S       seconds to wait after the load for every email and count (default 120)
  --targets a,b      what to kill, in order (default ${ALL_TARGETS.join(',')}; with
                     --replicas 2 the first process of each, without postgres, which has no
                     second copy here)
  --replicas N       processes of each service (REPLICAS, default 1)
  --nats-nodes N     nats-servers, 1 or 3 (NATS_NODES, default 1)
  --rate N           sign-ups a second at a fixed arrival rate, each with its own
                     Idempotency-Key (default: 6 workers one after the other; 30 with --replicas)
  --ack-wait-ms N    CONSUMER_ACK_WAIT_MS of the stack (default: the product's 30 s)
  --waitlisted N     sign-ups on the waiting lists before the load (default ${WAITLIST_DEFAULTS.waitlisted})
  --offer-hours H    WAITLIST_OFFER_HOURS of the stack (default ${WAITLIST_DEFAULTS.offerHours}, i.e. ${(WAITLIST_DEFAULTS.offerHours * 3600).toFixed(1)} s)
  --sweep-ms N       WAITLIST_SWEEP_MS of the stack (default ${WAITLIST_DEFAULTS.sweepMs})
  --churn-ms N       a waiting-list place freed every N ms, activities in turn (default ${WAITLIST_DEFAULTS.churnMs})
  --help             this text`;

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '19260' },
    load: { type: 'string', default: '60' },
    settle: { type: 'string', default: '5' },
    converge: { type: 'string', default: '120' },
    targets: { type: 'string' },
    replicas: { type: 'string', default: '1' },
    'nats-nodes': { type: 'string', default: '1' },
    rate: { type: 'string' },
    'ack-wait-ms': { type: 'string' },
    waitlisted: { type: 'string', default: String(WAITLIST_DEFAULTS.waitlisted) },
    'offer-hours': { type: 'string', default: String(WAITLIST_DEFAULTS.offerHours) },
    'sweep-ms': { type: 'string', default: String(WAITLIST_DEFAULTS.sweepMs) },
    'churn-ms': { type: 'string', default: String(WAITLIST_DEFAULTS.churnMs) },
    help: { type: 'boolean', default: false },
  },
});

async function main(): Promise<number> {
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const replicas = Number(args.replicas);
  const natsNodes = Number(args['nats-nodes']);
  const defaultTargets = replicas > 1 ? ALL_TARGETS.filter((t) => t !== 'postgres') : ALL_TARGETS;
  const targets = (args.targets ?? defaultTargets.join(',')).split(',') as Target[];
  const rate = args.rate ? Number(args.rate) : replicas > 1 ? 30 : undefined;
  const unknown = targets.filter((t) => !(ALL_TARGETS as readonly string[]).includes(t));
  if (unknown.length) {
    console.error(`unknown target(s) ${unknown.join(', ')}; known: ${ALL_TARGETS.join(', ')}`);
    return 2;
  }
  const facts = machineFacts();
  const report = await runChaos({
    port: Number(args.port),
    targets,
    loadS: Number(args.load),
    settleS: Number(args.settle),
    convergeS: Number(args.converge),
    signupWorkers: 6,
    approveWorkers: 3,
    replicas,
    natsNodes,
    signupRate: rate,
    ...(args['ack-wait-ms'] ? { ackWaitMs: Number(args['ack-wait-ms']) } : {}),
    waitlist: {
      waitlisted: Number(args.waitlisted),
      offerHours: Number(args['offer-hours']),
      sweepMs: Number(args['sweep-ms']),
      churnMs: Number(args['churn-ms']),
    },
  });
  const rows = chaosRows(report);
  printTable(
    `chaos on ${facts.cpus} CPUs, commit ${facts.commit.slice(0, 12)}${facts.dirty ? '+' : ''}`,
    rows,
  );
  console.log(
    JSON.stringify(
      {
        signups: report.signups,
        approvals: report.approvals,
        emails: report.emails,
        waitlist: report.waitlist,
      },
      null,
      2,
    ),
  );
  return rows.some((r) => r.ok === false) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.stack ?? err);
    process.exit(1);
  },
);
