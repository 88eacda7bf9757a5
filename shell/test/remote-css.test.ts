/// <reference types="node" />
// The remotes' stylesheets all end up in one document: once a page of one remote has been shown,
// its CSS stays and applies to the pages of the others. So no remote may style a class another
// one uses. These tests read what the build ships (each remote's dist/*.css, `npm run build`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Each remote and the prefix of every class its stylesheet defines. */
const REMOTES = { 'mfe-public': 'pub-', 'mfe-admin': 'adm-', 'mfe-provider': 'prv-' } as const;
type Remote = keyof typeof REMOTES;
/** A remote's pages are web-kit's Page: main[data-remote=<its federation name>]. */
const federationName = (remote: Remote) => remote.replace('-', '_');

/** The selectors of a stylesheet, without at-rule preludes (@media …) and keyframe steps. */
function selectors(css: string): string[] {
  const text = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    // A string (an attribute value, a `content`) may hold a dot, a brace or a comma.
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (str) => str.replace(/[{}.;,()]/g, '_'));
  const found: string[] = [];
  for (const [, prelude] of text.matchAll(/([^{};]*)\{/g)) {
    const sel = prelude!.trim();
    if (sel.startsWith('@') || /^(from|to|[\d.]+%)(\s*,\s*(from|to|[\d.]+%))*$/.test(sel)) continue;
    found.push(sel);
  }
  return found;
}

/** The selectors of a list (`a, b:is(c, d)`), each on its own. */
function complexSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    if (list[i] === '(') depth += 1;
    else if (list[i] === ')') depth -= 1;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...parts, list.slice(start).trim()];
}

/** The class names a stylesheet's selectors name. */
function classNames(css: string): Set<string> {
  const names = new Set<string>();
  for (const sel of selectors(css)) {
    for (const [, name] of sel.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(name!);
  }
  return names;
}

const root = new URL('../../', import.meta.url);

/** The classes of web-kit's base.css: shared on purpose, loaded once by the shell. */
const baseClasses = classNames(
  readFileSync(new URL('packages/web-kit/src/base.css', root), 'utf8'),
);

/** The stylesheets a remote's build ships, joined. */
function builtCss(remote: Remote): string {
  const dist = new URL(`${remote}/dist/`, root);
  if (!existsSync(dist)) throw new Error(`${remote}/dist is missing: run npm run build first`);
  const files = readdirSync(dist).filter((file) => file.endsWith('.css'));
  if (files.length === 0) throw new Error(`${remote}/dist has no stylesheet`);
  return files.map((file) => readFileSync(new URL(file, dist), 'utf8')).join('\n');
}

/** The classes a remote's built CSS defines: every class it names but base.css's. */
const defined = new Map(
  (Object.keys(REMOTES) as Remote[]).map((remote) => [
    remote,
    [...classNames(builtCss(remote))].filter((name) => !baseClasses.has(name)),
  ]),
);

describe('remote stylesheets', () => {
  it('no CSS class is defined by two remotes', () => {
    const owners = new Map<string, Remote[]>();
    for (const [remote, names] of defined) {
      expect(names.length, `${remote} defines no class`).toBeGreaterThan(0);
      for (const name of names) owners.set(name, [...(owners.get(name) ?? []), remote]);
    }
    const shared = [...owners].filter(([, remotes]) => remotes.length > 1);
    expect(Object.fromEntries(shared)).toEqual({});
  });

  it('every class a remote defines starts with its prefix', () => {
    for (const [remote, names] of defined) {
      expect(
        names.filter((name) => !name.startsWith(REMOTES[remote])),
        remote,
      ).toEqual([]);
    }
  });

  it('every rule of a remote starts from one of its classes or from its own pages', () => {
    for (const remote of Object.keys(REMOTES) as Remote[]) {
      const prefix = REMOTES[remote];
      const page = new RegExp(`\\[data-remote=(['"]?)${federationName(remote)}\\1\\]`);
      const own = new RegExp(`\\.${prefix}`);
      // Lightning CSS writes `[data-remote='x']` as `[data-remote=x]`.
      const unscoped = selectors(builtCss(remote))
        .flatMap(complexSelectors)
        .filter((sel) => !own.test(sel) && !page.test(sel));
      expect(unscoped, remote).toEqual([]);
    }
  });

  it('reads every class of a minified stylesheet and nothing else', () => {
    const css =
      '.a .b,.c>.d{color:red}@media (min-width:40.5rem){.e:not(.f){margin:.5rem}}' +
      '[data-x=".g"]{content:".h"}@keyframes spin{to{transform:rotate(1turn)}}';
    expect([...classNames(css)].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(selectors('.a .b,.c:is(.d,.e),[x=","]{color:red}').flatMap(complexSelectors)).toEqual([
      '.a .b',
      '.c:is(.d,.e)',
      '[x="_"]',
    ]);
  });
});
