// Imports the repository's TypeScript sources without a build, from this checkout or from a
// copy of another commit (`git archive`): a module hook turns each .ts file into JavaScript with
// TypeScript's transpileModule, resolves `./x.js` to `./x.ts` and a workspace package
// (`@nsa/contracts`, `@nsa/service-kit/openapi`) to its src/ in the same tree. Other packages
// (zod, express) come from this checkout's node_modules.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { workspaceDirs } from '../../scripts/workspaces.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Workspace package name → its directory, from the tree's root package.json. */
function workspacePackages(tree) {
  const out = new Map();
  for (const dir of workspaceDirs(tree)) {
    const file = path.join(tree, dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    out.set(JSON.parse(fs.readFileSync(file, 'utf8')).name, path.join(tree, dir));
  }
  return out;
}

/** `./dist/x.js` of a package's exports → `src/x.ts`, when that source exists. */
function sourceOf(dir, subpath) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const entry = pkg.exports?.[subpath] ?? (subpath === '.' ? pkg.main : undefined);
  const target = typeof entry === 'string' ? entry : (entry?.default ?? entry?.import);
  if (typeof target !== 'string') return undefined;
  const file = path.join(dir, target.replace(/^\.\/dist\//, './src/').replace(/\.js$/, '.ts'));
  return fs.existsSync(file) ? file : undefined;
}

const registered = new Set();

/** Lets `import()` load the TypeScript sources under `tree` (a directory). */
export function registerTree(tree) {
  tree = path.resolve(tree);
  if (registered.has(tree)) return;
  registered.add(tree);
  const inTree = (file) => file.startsWith(tree + path.sep);
  const packages = workspacePackages(tree);
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL?.startsWith('file:')
        ? fileURLToPath(context.parentURL)
        : undefined;
      if (!parent || !inTree(parent)) return nextResolve(specifier, context);
      if (specifier.startsWith('.') && specifier.endsWith('.js')) {
        const ts = path.resolve(path.dirname(parent), specifier.replace(/\.js$/, '.ts'));
        if (fs.existsSync(ts)) return { url: pathToFileURL(ts).href, shortCircuit: true };
      }
      if (!specifier.startsWith('.') && !specifier.startsWith('node:')) {
        const parts = specifier.split('/');
        const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
        const dir = packages.get(name);
        if (dir) {
          const sub = specifier.slice(name.length);
          const file = sourceOf(dir, sub ? `.${sub}` : '.');
          if (file) return { url: pathToFileURL(file).href, shortCircuit: true };
        }
        // A package of node_modules: as the same file of this checkout would find it.
        const mirror = path.join(repoRoot, path.relative(tree, parent));
        return nextResolve(specifier, { ...context, parentURL: pathToFileURL(mirror).href });
      }
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
      const file = fileURLToPath(url);
      if (!inTree(file)) return nextLoad(url, context);
      const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
        fileName: file,
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          sourceMap: false,
        },
      });
      return { format: 'module', source: outputText, shortCircuit: true };
    },
  });
}

/** Imports a .ts file of `tree` (relative path) from source. */
export async function importSource(tree, relative) {
  registerTree(tree);
  return import(pathToFileURL(path.join(path.resolve(tree), relative)).href);
}
