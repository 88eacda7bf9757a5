// Renders the gateway's nginx.conf for the Kubernetes base and each overlay, from the same
// settings the services get (config.env: PUBLIC_BASE_URL, SIGNUP_RATE_LIMIT, LOGIN_RATE_LIMIT),
// so the gateway's limits and HSTS always match them. Run after changing a config.env or the
// gateway template; deploy/test/k8s.test.ts fails while a rendered file is out of date.
//
//   node deploy/k8s/render-gateway.mjs          (writes base/ and overlays/*/gateway/nginx.conf)
//   node deploy/k8s/render-gateway.mjs --check  (exit 1 if any is out of date)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderContainerConfig } from '../../gateway/render-container.mjs';

export const k8sDir = path.dirname(fileURLToPath(import.meta.url));

/** KEY=value lines; # comments and blank lines ignored (the kustomize env-file format). */
export function parseEnvFile(text) {
  const out = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const i = line.indexOf('=');
    if (i < 1) throw new Error(`not KEY=value: ${line}`);
    out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

const readEnv = (dir) => {
  const file = path.join(dir, 'config.env');
  return fs.existsSync(file) ? parseEnvFile(fs.readFileSync(file, 'utf8')) : {};
};

/** Base settings, then the overlay's (its configMapGenerator merges them the same way). */
export function settingsFor(target) {
  const base = readEnv(path.join(k8sDir, 'base'));
  return target === 'base' ? base : { ...base, ...readEnv(path.join(k8sDir, 'overlays', target)) };
}

export function targets() {
  const overlays = fs
    .readdirSync(path.join(k8sDir, 'overlays'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return ['base', ...overlays];
}

export function renderFor(target) {
  const s = settingsFor(target);
  return renderContainerConfig({
    PUBLIC_BASE_URL: s.PUBLIC_BASE_URL,
    SIGNUP_RATE_LIMIT: s.SIGNUP_RATE_LIMIT,
    LOGIN_RATE_LIMIT: s.LOGIN_RATE_LIMIT,
  });
}

export const outputFile = (target) =>
  path.join(
    k8sDir,
    ...(target === 'base' ? ['base'] : ['overlays', target]),
    'gateway',
    'nginx.conf',
  );

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const target of targets()) {
    const file = outputFile(target);
    const text = renderFor(target);
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (current === text) continue;
    if (check) {
      console.error(`out of date: ${path.relative(process.cwd(), file)}`);
      stale += 1;
    } else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
  }
  process.exitCode = stale ? 1 : 0;
}
