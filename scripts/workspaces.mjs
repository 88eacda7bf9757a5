// The workspace packages in build order, read from the root package.json.
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function workspaces() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return pkg.workspaces.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    return {
      dir,
      name: manifest.name,
      scripts: manifest.scripts ?? {},
      hasTsconfig: existsSync(join(root, dir, 'tsconfig.json')),
    };
  });
}
