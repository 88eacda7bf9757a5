// The workspace packages in build order, read from the root package.json.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { join, dirname, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The workspace folders of the package.json in `tree`, as npm reads them: a pattern (`svc-*`,
 * each service's folder; `*` in its last part only) stands for the folders it matches that hold
 * a package.json, in alphabetical order; a plain folder stands for itself.
 */
export function workspaceDirs(tree = root) {
  const pkg = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8'));
  return (pkg.workspaces ?? []).flatMap((entry) => {
    if (!entry.includes('*')) return [entry];
    const parent = posix.dirname(entry);
    if (parent.includes('*')) throw new Error(`workspaces: unsupported pattern ${entry}`);
    const escaped = posix.basename(entry).replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    const name = new RegExp(`^${escaped.replace(/\*/g, '[^/]*')}$`);
    const dir = join(tree, parent);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && name.test(d.name))
      .map((d) => (parent === '.' ? d.name : `${parent}/${d.name}`))
      .filter((d) => existsSync(join(tree, d, 'package.json')))
      .sort();
  });
}

export function workspaces() {
  return workspaceDirs().map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    return {
      dir,
      name: manifest.name,
      scripts: manifest.scripts ?? {},
      hasTsconfig: existsSync(join(root, dir, 'tsconfig.json')),
    };
  });
}
