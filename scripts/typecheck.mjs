// Type-checks every package (sources and tests) with its own tsconfig.json.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root, workspaces } from './workspaces.mjs';

let failed = 0;
for (const ws of workspaces().filter((w) => w.hasTsconfig)) {
  const r = spawnSync(
    join(root, 'node_modules/.bin/tsc'),
    ['--noEmit', '-p', join(ws.dir, 'tsconfig.json')],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) {
    failed += 1;
    console.error(`typecheck failed: ${ws.dir}`);
  }
}
process.exit(failed ? 1 : 0);
