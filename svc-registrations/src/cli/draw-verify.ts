import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { DrawExport, DrawView } from '@nsa/contracts';
import { DRAW_ALGORITHM, runDraw } from '../domain/draw.js';
import { sha256 } from '../domain/links.js';
import { entriesDigest } from '../domain/lottery.js';

/**
 * `npm run draw:verify -- --seed S --entries draw.json` (R-DRAW-VERIFY): recomputes a draw from
 * its export (the JSON an admin downloads: the whole draw, or only its `export`) and the seed
 * published with it, and says whether the results, the seed's hash and the digest of the entries
 * frozen at close (R-DRAW-FREEZE, the `entriesDigest` the block showed from its close) match.
 * Exit code 0 when everything matches, 1 when something does not, 2 on bad input.
 */
function main(): number {
  const { values } = parseArgs({
    options: { seed: { type: 'string' }, entries: { type: 'string' } },
  });
  if (!values.seed || !values.entries) {
    process.stderr.write('usage: npm run draw:verify -- --seed <seed> --entries <draw.json>\n');
    return 2;
  }
  const file = JSON.parse(readFileSync(values.entries, 'utf8')) as
    DrawExport | (Partial<DrawView> & { export: DrawExport });
  const published = 'export' in file ? file : undefined;
  const exported: DrawExport = 'export' in file ? file.export : file;
  if (exported.algorithm !== DRAW_ALGORITHM) {
    process.stderr.write(
      `draw:verify: this tool computes ${DRAW_ALGORITHM}; the export says ${exported.algorithm}\n`,
    );
    return 2;
  }
  const out = runDraw(values.seed, exported.activities, exported.entries);
  const checks: Array<[string, boolean | undefined]> = [];
  const seedHash = sha256(values.seed);
  checks.push([
    'seed matches the published seedHash',
    published?.seedHash === undefined ? undefined : published.seedHash === seedHash,
  ]);
  checks.push([
    'entries match the published digest',
    published?.entriesDigest === undefined
      ? undefined
      : published.entriesDigest === entriesDigest(exported.entries),
  ]);
  // Field by field: stored JSON may come back with its keys in another order.
  const plain = (rs: DrawView['results']) =>
    JSON.stringify(rs.map((r) => [r.registrationId, r.outcome, r.waitlistPosition, r.round]));
  checks.push([
    'results match the published results',
    published?.results === undefined ? undefined : plain(published.results) === plain(out.results),
  ]);
  const lines = [
    `algorithm ${DRAW_ALGORITHM}, block ${exported.blockId}`,
    `seedHash ${seedHash}`,
    `entries digest ${entriesDigest(exported.entries)}`,
    `entries ${out.stats.entries}, children ${out.stats.children}, placed ${out.stats.placed}, ` +
      `waitlisted ${out.stats.waitlisted}, first choices ${out.stats.firstChoices}`,
    ...checks.map(
      ([what, ok]) => `${ok === undefined ? 'not in the file' : ok ? 'yes' : 'NO'}: ${what}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!published) process.stdout.write(`${JSON.stringify(out.results)}\n`);
  return checks.some(([, ok]) => ok === false) ? 1 : 0;
}

process.exitCode = main();
