// .env.example lists every setting of R-RUN-ENV with its default and meaning, in the order of
// README.md's table; each is one the launcher or a service reads, and every variable the
// launcher reads is in both.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVICES, servicePortVariable } from '@nsa/contracts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (f: string) => fs.readFileSync(path.join(repo, f), 'utf8');
const NAME = /^[A-Z][A-Z0-9_]+$/;

/** Names in the README's environment table: the variable column, then those its meaning names. */
function readmeNames(): string[] {
  const lines = read('README.md').split('\n');
  const start = lines.findIndex((l) => /^\| variable\s+\| default\s+\| meaning/.test(l));
  expect(start).toBeGreaterThan(0);
  const names: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [variable = '', , meaning = ''] = line.split('|').slice(1, -1);
    for (const cell of [variable, meaning])
      for (const [, n] of cell.matchAll(/`([^`]+)`/g))
        if (NAME.test(n!) && !names.includes(n!)) names.push(n!);
  }
  return names;
}

function exampleNames(): string[] {
  const names: string[] = [];
  for (const [, n] of read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm))
    if (!names.includes(n!)) names.push(n!);
  return names;
}

describe('.env.example', () => {
  it('lists the README table variables, in its order', () => {
    const readme = readmeNames();
    expect(readme.length).toBeGreaterThan(25);
    expect(exampleNames()).toEqual(readme);
  });

  it('lists only variables something reads, and every one the launcher reads', () => {
    const sources = [
      'deploy/local/config.ts',
      'packages/service-kit/src/config.ts',
      'deploy/ops/seal.ts',
      ...SERVICES.map((s) => `${s.folder}/src/config.ts`),
    ]
      .map(read)
      // The launcher reads each service's port variable by the table of services' names.
      .concat(SERVICES.map((s) => servicePortVariable(s.name)))
      .join('\n');
    for (const n of exampleNames()) expect(sources, n).toContain(n);
    const launcher = read('deploy/local/config.ts');
    // Reads (env.X, int(env, 'X', ...), the port offsets), not what it sets for the services.
    const launcherReads = new Set([
      ...[...launcher.matchAll(/env\.([A-Z][A-Z0-9_]+)\b(?!\s*=[^=])/g)].map((m) => m[1]!),
      ...[...launcher.matchAll(/env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!),
      ...[...launcher.matchAll(/^\s+([A-Z][A-Z0-9_]+_PORT): \d+,$/gm)].map((m) => m[1]!),
    ]);
    expect(launcherReads.size).toBeGreaterThan(20);
    for (const n of launcherReads) expect(exampleNames(), n).toContain(n);
  });
});
