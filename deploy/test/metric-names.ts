// The nsa_* metric names registered in the services' and the kit's sources, for the tests that
// keep the dashboard and the alerting rules asking only for series that exist.
import fs from 'node:fs';
import path from 'node:path';

export function registeredMetricNames(repo: string): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.ts'))
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/'(nsa_[a-z_]+)'/g))
          names.add(m[1]!);
    }
  };
  for (const dir of [
    'packages/service-kit/src',
    'svc-catalog/src',
    'svc-registrations/src',
    'svc-identity/src',
    'svc-notify/src',
  ])
    walk(path.join(repo, dir));
  return names;
}
