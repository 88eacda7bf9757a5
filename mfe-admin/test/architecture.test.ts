// The remote's shape: feature folders that do not import each other in a circle, shared code
// that needs no feature, components short enough to read, and each feature's stylesheet beside
// it, loaded after the shared one, with no selector that two stylesheets both define.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** The longest a component (.tsx) may be. */
const MAX_COMPONENT_LINES = 200;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const sources = filesUnder(SRC).filter((path) => /\.(tsx?|css)$/.test(path));

/** The top-level folder of src a file is in, or null for a file at src's root. */
function featureOf(path: string): string | null {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 ? parts[0]! : null;
}

/** The relative specifiers a source imports: static, side-effect and dynamic imports. */
export function relativeImports(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|@import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** Feature → the other features it imports from. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const path of sources) {
    const from = featureOf(path);
    if (from === null) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of relativeImports(readFileSync(path, 'utf8'))) {
      const to = featureOf(resolve(dirname(path), specifier));
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The groups of nodes that reach each other (strongly connected, more than one node). */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const reach = (start: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [...(graph.get(start) ?? [])];
    while (todo.length > 0) {
      const node = todo.pop()!;
      if (seen.has(node)) continue;
      seen.add(node);
      todo.push(...(graph.get(node) ?? []));
    }
    return seen;
  };
  const reaches = new Map([...graph.keys()].map((node) => [node, reach(node)]));
  const groups = new Map<string, string[]>();
  for (const node of [...graph.keys()].sort()) {
    const group = [...graph.keys()]
      .filter(
        (other) =>
          other === node || (reaches.get(node)!.has(other) && reaches.get(other)?.has(node)),
      )
      .sort();
    if (group.length > 1) groups.set(group.join(' ↔ '), group);
  }
  return [...groups.values()];
}

describe('feature folders', () => {
  it('find a cycle where there is one', () => {
    const graph = new Map([
      ['catalog', new Set(['shared', 'registrations'])],
      ['registrations', new Set(['shared', 'catalog'])],
      ['draw', new Set(['catalog'])],
      ['shared', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([['catalog', 'registrations']]);
    expect(
      relativeImports(`import { a } from '../../registrations/lib/a';\nimport './draw.css';`),
    ).toEqual(['../../registrations/lib/a', './draw.css']);
  });

  it('do not import each other in a circle', () => {
    expect(cycles(featureGraph())).toEqual([]);
  });

  it('leave shared code free of any feature', () => {
    expect([...(featureGraph().get('shared') ?? [])]).toEqual([]);
  });
});

describe('components', () => {
  it(`are at most ${MAX_COMPONENT_LINES} lines each`, () => {
    const long = sources
      .filter((path) => path.endsWith('.tsx'))
      .map((path) => ({
        file: relative(SRC, path),
        lines: readFileSync(path, 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_COMPONENT_LINES);
    expect(long).toEqual([]);
  });
});

/** The selectors a stylesheet defines (inside @media too), each one of a list on its own. */
export function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: string[] = [];
  for (const match of text.matchAll(/([^{};]+)\{/g)) {
    const prelude = match[1]!.trim();
    if (prelude.startsWith('@')) continue;
    for (const selector of prelude.split(/,(?![^()[\]]*[)\]])/)) {
      found.push(selector.replace(/\s+/g, ' ').trim());
    }
  }
  return found;
}

describe('stylesheets', () => {
  const sheets = sources.filter((path) => path.endsWith('.css'));

  it('are one per feature folder, named after it', () => {
    expect(sheets.length).toBeGreaterThan(1);
    for (const path of sheets) {
      const feature = featureOf(path);
      expect(relative(SRC, path), 'a stylesheet in a feature folder').toBe(
        join(feature ?? '', `${feature}.css`),
      );
    }
  });

  it('read selectors from nested rules and lists', () => {
    expect(
      selectorsOf(`/* a, b { } */
.adm-a,
.adm-b :is(th, td) { color: red; }
@media (min-width: 40rem) {
  .adm-c[data-x='1,2'] { margin: 0; }
}`),
    ).toEqual(['.adm-a', '.adm-b :is(th, td)', ".adm-c[data-x='1,2']"]);
  });

  // Two stylesheets defining one selector would make the outcome depend on their import order.
  it('do not define a selector in two files', () => {
    const owners = new Map<string, Set<string>>();
    for (const path of sheets) {
      for (const selector of selectorsOf(readFileSync(path, 'utf8'))) {
        owners.set(selector, (owners.get(selector) ?? new Set()).add(relative(SRC, path)));
      }
    }
    const twice = [...owners].filter(([, files]) => files.size > 1).map(([selector]) => selector);
    expect(twice).toEqual([]);
  });

  it('are imported from their own feature, the shared one first by the remote', () => {
    const entry = readFileSync(join(SRC, 'export-app.tsx'), 'utf8');
    const sharedAt = entry.indexOf("import './shared/shared.css';");
    const firstPage = entry.search(/import \{[^}]*\} from '\.\/[a-z-]+\/pages\//);
    expect(sharedAt).toBeGreaterThan(-1);
    expect(sharedAt).toBeLessThan(firstPage);
    for (const path of sheets) {
      const feature = featureOf(path);
      if (feature === 'shared') continue;
      const importers = sources.filter(
        (file) =>
          featureOf(file) === feature &&
          relativeImports(readFileSync(file, 'utf8')).some(
            (specifier) => resolve(dirname(file), specifier) === path,
          ),
      );
      expect(importers, relative(SRC, path)).not.toEqual([]);
    }
  });
});
