// docs/requirements.md and the code agree on the rule ids: every rule defined there is cited by a
// test (in its name, its describe's name or a comment), and every id the sources, tests and docs
// cite is one the requirements define. A rule nobody checks, or a citation of a rule that does
// not exist, fails here, naming the ids.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workspaceDirs } from '../../scripts/workspaces.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const here = path.relative(repo, fileURLToPath(import.meta.url));
const read = (f: string) => fs.readFileSync(path.join(repo, f), 'utf8');

/** Built output, installed packages and test reports: never the product's own words. */
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'test-results',
  'playwright-report',
  'coverage',
]);
/** An id as it is cited: `R-` and upper-case words joined by dashes, not inside a longer word. */
const ID = /(?<![A-Za-z0-9_-])R-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*/g;
/** What follows a family named as a prefix (`-*`, `-\*` in Markdown, `-…`), not an id. */
const PREFIX_MARK = /^-?(?:\\?\*|…)/;

/** Files under `dir` (relative to the repository) ending in one of `exts`, hidden dirs left out. */
function files(dir: string, exts: RegExp): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(repo, rel), { withFileTypes: true })) {
      if (e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue;
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (exts.test(e.name)) out.push(child);
    }
  };
  if (fs.existsSync(path.join(repo, dir))) walk(dir);
  return out;
}

const workspaces = workspaceDirs(repo);
const sources = () => [...workspaces, 'docs'].flatMap((d) => files(d, /\.(ts|tsx|mjs|md)$/));

/**
 * Rules no test cites yet, each with the reason. The first test fails for any other rule no test
 * cites, and for one of these once a test cites it (take it out here then).
 */
const NOT_YET_TESTED: Record<string, string> = {};

/** A test file: in a `test` or `tests` folder of any workspace, or anywhere under e2e/. */
const isTestFile = (f: string) =>
  f.startsWith('e2e/') ||
  f
    .split('/')
    .slice(0, -1)
    .some((d) => d === 'test' || d === 'tests');

/** The ids of the requirements' tables, each row `| R-… | rule |`. */
function definedIds(): string[] {
  const ids = [...read('docs/requirements.md').matchAll(/^\| (R-[A-Z0-9-]+) +\|/gm)].map(
    (m) => m[1]!,
  );
  expect(ids.length).toBeGreaterThan(150);
  expect(new Set(ids).size, 'an id defined twice').toBe(ids.length);
  return ids;
}

/** Every id cited in a file, with its line; a family named as a prefix is no citation. */
function citations(file: string): { id: string; at: string }[] {
  const out: { id: string; at: string }[] = [];
  read(file)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(ID)) {
        if (PREFIX_MARK.test(line.slice(m.index + m[0].length))) continue;
        out.push({ id: m[0], at: `${file}:${i + 1}` });
      }
    });
  return out;
}

describe('rule ids (docs/requirements.md)', () => {
  it('every rule is cited by at least one test', () => {
    const testFiles = workspaces
      .flatMap((d) => files(d, /\.(ts|tsx|mts|mjs|js|md)$/))
      .filter((f) => isTestFile(f) && f !== here);
    expect(testFiles.length).toBeGreaterThan(150);
    const cited = new Set(testFiles.flatMap((f) => citations(f).map((c) => c.id)));
    const defined = definedIds();
    const uncited = defined.filter((id) => !cited.has(id) && !(id in NOT_YET_TESTED));
    expect(uncited, 'rules that no test cites').toEqual([]);
    const excused = Object.keys(NOT_YET_TESTED);
    expect(
      excused.filter((id) => !defined.includes(id) || cited.has(id)),
      'rules in NOT_YET_TESTED that are cited now, or not defined',
    ).toEqual([]);
  });

  it('every id cited in the sources, tests and docs is defined', () => {
    const defined = new Set(definedIds());
    const files = sources().filter((f) => f !== here);
    expect(files.length).toBeGreaterThan(500);
    const unknown = files
      .flatMap(citations)
      .filter((c) => !defined.has(c.id))
      .map((c) => `${c.id} (${c.at})`);
    expect(unknown, 'ids that docs/requirements.md does not define').toEqual([]);
  });

  it('no source, test or doc cites a section of a document the repository does not hold', () => {
    // The rules are cited by id; a section sign points into a specification kept elsewhere.
    const elsewhere = /\b(?:CONTRACT|spec) §/;
    const citing = [...sources(), '.env.example']
      .filter((f) => f !== here)
      .flatMap((f) =>
        read(f)
          .split('\n')
          .flatMap((line, i) => (elsewhere.test(line) ? [`${f}:${i + 1}`] : [])),
      );
    expect(citing, 'cite the requirement id instead').toEqual([]);
  });
});
