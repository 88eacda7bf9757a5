// R-RUN-IMAGES: the nine images, really built (`npm run images`, podman or docker) and looked
// into: each exists as naschool/<name>:<version>; a service image (all from service.Dockerfile)
// carries its own name, schema and workspace packages, runs as a numeric non-root user on a
// read-only root and refuses to start without its configuration, naming what is missing; a static image serves on 8080 with a read-only root and only /tmp writable; no
// layer of any image holds a .env file, a test file or a dev dependency; every service image
// carries its SBOM. Skipped, saying why, where no container engine is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGES,
  detectEngine,
  imageExists,
  imageTag,
  repoRoot,
  run,
  type Engine,
} from '../images/engine.mjs';

const engine = detectEngine();
const SERVICES = IMAGES.filter((i) => i.kind === 'service').map((i) => i.name);
const STATICS = IMAGES.filter((i) => i.kind === 'static').map((i) => i.name);
const ALL = IMAGES.map((i) => i.name);
// `npm test` runs it first in the images' suite, where an engine is installed
// (vitest.images.config.ts sets IMAGES_TEST=1, as `npm run images:test` does).
const SKIP_REASON = !engine
  ? 'no container engine (podman or docker) on this machine'
  : process.env.IMAGES_TEST !== '1'
    ? "IMAGES_TEST=1 not set (npm run images:test runs the images' suite)"
    : undefined;
if (SKIP_REASON) console.warn(`images-build.test.ts skipped: ${SKIP_REASON}`);

const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; link?: boolean }>;
};
/** Top-level names npm marks as needed for development only, in the whole workspace. */
const devOnly = new Set(
  Object.entries(lock.packages)
    .filter(([p, e]) => e.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(p))
    .map(([p]) => p.slice('node_modules/'.length)),
);
// Not @types/node: wkx (sequelize's) depends on it in production, so npm installs it.
const DEV_TOOLS = ['vitest', 'typescript', 'eslint', 'prettier', 'tsx', '@types/express'];

const e = engine as Engine;
const started: string[] = [];
const ctr = (args: string[], allowFail = false) => run(e, args, { allowFail });

/** The directory of every layer of an image (overlay storage), top first. */
function layerDirs(ref: string): string[] | undefined {
  const out = ctr(['image', 'inspect', '--format', '{{json .GraphDriver}}', ref]).stdout;
  const driver = JSON.parse(out) as { Name: string; Data?: Record<string, string> };
  const dirs = [driver.Data?.UpperDir, ...(driver.Data?.LowerDir ?? '').split(':')].filter(
    (d): d is string => !!d,
  );
  return dirs.length > 0 && dirs.every((d) => fs.existsSync(d)) ? dirs : undefined;
}

/** Every path (relative to /) in every layer of an image, deleted ones included. */
function layerPaths(ref: string): string[][] {
  const dirs = layerDirs(ref);
  if (dirs) {
    return dirs.map((dir) =>
      (fs.readdirSync(dir, { recursive: true }) as string[]).map((p) => `/${p}`),
    );
  }
  // Not on this machine's disk (a remote engine): the saved image's layer archives.
  const tmp = fs.mkdtempSync(path.join(repoRoot, '.tmp', 'image-layers-'));
  try {
    const tar = path.join(tmp, 'image.tar');
    ctr(['save', '-o', tar, ref]);
    const list = (file: string) =>
      spawnSync('tar', ['-tf', file], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout.split('\n');
    const manifest = JSON.parse(
      spawnSync('tar', ['-xOf', tar, 'manifest.json'], { encoding: 'utf8' }).stdout,
    ) as { Layers: string[] }[];
    return manifest[0]!.Layers.map((layer) => {
      spawnSync('tar', ['-xf', tar, '-C', tmp, layer]);
      return list(path.join(tmp, layer)).map((p) => `/${p.replace(/^\.\//, '')}`);
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

describe.skipIf(!!SKIP_REASON)(
  SKIP_REASON ? `images (skipped: ${SKIP_REASON})` : `images, built with ${engine!.name}`,
  { timeout: 600_000 },
  () => {
    beforeAll(() => {
      const t0 = Date.now();
      const r = spawnSync(process.execPath, [path.join(repoRoot, 'deploy/images/build.mjs')], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
      const table = r.stdout.slice(r.stdout.lastIndexOf('\nimage '));
      console.log(`npm run images: ${((Date.now() - t0) / 1000).toFixed(0)} s${table}`);
      if (r.status !== 0) throw new Error(`npm run images failed:\n${r.stderr.slice(-4000)}`);
    }, 3_600_000);

    afterAll(() => {
      for (const id of started) ctr(['rm', '-f', '-t', '0', id], true);
    });

    it.each(ALL)('%s exists as naschool/<name>:<version>', (name) => {
      expect(imageExists(e, imageTag(name))).toBe(true);
    });

    it.each(SERVICES)('%s runs as a numeric non-root user on a read-only root', (name) => {
      const user = ctr(['image', 'inspect', '--format', '{{.Config.User}}', imageTag(name)]).stdout;
      expect(user.trim()).toMatch(/^[1-9]\d*(:\d+)?$/);
      const id = ctr([
        'run',
        '--rm',
        '--no-healthcheck',
        '--read-only',
        '--network=none',
        '--entrypoint',
        'id',
        imageTag(name),
      ]);
      expect(id.stdout).toMatch(/^uid=1000\b/);
    });

    it.each(SERVICES)(
      '%s refuses to start without configuration and names what is missing',
      (name) => {
        const r = ctr(
          [
            'run',
            '--rm',
            '--no-healthcheck',
            '--read-only',
            '--network=none',
            '--tmpfs',
            '/tmp',
            imageTag(name),
          ],
          true,
        );
        const out = r.stdout + r.stderr;
        expect(r.status, out).not.toBe(0);
        for (const setting of ['DATABASE_URL', 'NATS_URL', 'SESSION_SECRET']) {
          expect(out).toContain(setting);
        }
        expect(out).not.toMatch(/\n\s+at .*\(node:|Cannot find module|ERR_DLOPEN/);
      },
    );

    // One service.Dockerfile for all: each image's name, schema and workspace packages are its own.
    it.each(SERVICES)('%s: its name and schema from the table, its workspace packages', (name) => {
      const image = IMAGES.find((i) => i.name === name)!;
      const env = JSON.parse(
        ctr(['image', 'inspect', '--format', '{{json .Config.Env}}', imageTag(name)]).stdout,
      ) as string[];
      expect(env).toContain(`SERVICE_NAME=${image.buildArgs.SERVICE_NAME}`);
      expect(env).toContain(`DB_SCHEMA=${image.buildArgs.DB_SCHEMA}`);
      const workdir = ctr([
        'image',
        'inspect',
        '--format',
        '{{.Config.WorkingDir}}',
        imageTag(name),
      ]);
      expect(workdir.stdout.trim()).toBe(`/app/${name}`);
      // The @nsa/ dependencies of the service and of those, each under packages/ (the lock's link).
      const links = lock.packages as Record<string, { link?: boolean; resolved?: string }>;
      const uses = new Set<string>();
      const visit = (dir: string) => {
        const deps = (
          JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as {
            dependencies?: Record<string, string>;
          }
        ).dependencies;
        for (const dep of Object.keys(deps ?? {})) {
          const to = links[`node_modules/${dep}`];
          if (to?.link && to.resolved && !uses.has(to.resolved)) {
            uses.add(to.resolved);
            visit(to.resolved);
          }
        }
      };
      visit(name);
      const ls = ctr([
        'run',
        '--rm',
        '--no-healthcheck',
        '--network=none',
        '--entrypoint',
        'sh',
        imageTag(name),
        '-c',
        'ls -d /app/packages/*/dist /app/svc-*/dist',
      ]).stdout;
      expect(ls.trim().split('\n').sort()).toEqual(
        [...[...uses].map((d) => `/app/${d}/dist`), `/app/${name}/dist`].sort(),
      );
    });

    it('svc-identity loads argon2 (its native module) and hashes with it', () => {
      const script =
        "import('argon2').then(async (a) => { const h = await a.hash('x'); console.log(h.slice(0, 9)); })";
      const r = ctr([
        'run',
        '--rm',
        '--no-healthcheck',
        '--read-only',
        '--network=none',
        '--entrypoint',
        'node',
        imageTag('svc-identity'),
        '-e',
        script,
      ]);
      expect(r.stdout.trim()).toBe('$argon2id');
    });

    it.each(STATICS)(
      '%s serves on 8080 as a non-root user with a read-only root and only /tmp writable',
      (name) => {
        const user = ctr([
          'image',
          'inspect',
          '--format',
          '{{.Config.User}}',
          imageTag(name),
        ]).stdout;
        expect(user.trim()).toMatch(/^[1-9]\d*(:\d+)?$/);
        // Its own network namespace: each listens on 8080, as in its pod.
        const hosts = [
          'catalog',
          'registrations',
          'identity',
          'notify',
          'shell',
          'mfe-public',
          'mfe-admin',
          'mfe-provider',
        ].flatMap((h) => ['--add-host', `${h}:127.0.0.1`]);
        const id = ctr([
          'run',
          '-d',
          '--read-only',
          '--read-only-tmpfs=false',
          '--tmpfs',
          '/tmp',
          '--network=none',
          ...hosts,
          imageTag(name),
        ]).stdout.trim();
        started.push(id);
        const get = (p: string) =>
          ctr(
            [
              'exec',
              id,
              'curl',
              '-fsS',
              '--retry',
              '20',
              '--retry-connrefused',
              '--retry-delay',
              '1',
              `http://127.0.0.1:8080${p}`,
            ],
            true,
          );
        const health = get('/healthz');
        expect(health.status, health.stderr + ctr(['logs', id], true).stderr).toBe(0);
        expect(health.stdout).toMatch(name === 'gateway' ? /"ok":true/ : /^ok\n$/);
        // The image's own HEALTHCHECK runs with what its base has (curl).
        if (e.name === 'podman') expect(ctr(['healthcheck', 'run', id], true).status).toBe(0);
        if (name === 'shell') expect(get('/').stdout).toMatch(/<!doctype html>/i);
        if (name.startsWith('mfe-')) {
          const short = name.replace('mfe-', '');
          const files = ctr(['exec', id, 'ls', `/usr/share/nginx/html/mfe/${short}/`])
            .stdout.trim()
            .split('\n');
          expect(files.length).toBeGreaterThan(0);
          const entry = get(`/mfe/${short}/${files[0]}/remoteEntry.js`);
          expect(entry.status, entry.stderr).toBe(0);
        }
        const ps = ctr(['exec', id, 'sh', '-c', 'id -u; touch /etc/x 2>&1 || true']).stdout;
        expect(ps).toMatch(/^101\n/);
        expect(ps).toMatch(/Read-only file system/);
        ctr(['rm', '-f', '-t', '0', id], true);
      },
    );

    it.each(ALL)('%s: no layer holds a .env file, a test file or a dev dependency', (name) => {
      const found: string[] = [];
      for (const paths of layerPaths(imageTag(name))) {
        for (const p of paths) {
          const base = path.posix.basename(p);
          if (/^\.env(\..+)?$/.test(base)) found.push(p);
          if (
            p.startsWith('/app/') ||
            p.startsWith('/usr/share/nginx/') ||
            p.startsWith('/usr/share/naschool/')
          ) {
            const own = !p.includes('/node_modules/');
            if (
              own &&
              (/\.(test|spec)\.[cm]?[jt]sx?$/.test(base) ||
                /\/(test|tests|e2e|__tests__)\//.test(`${p}/`))
            ) {
              found.push(p);
            }
            const m = /^\/app\/node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(p);
            if (m && (devOnly.has(m[1]!) || DEV_TOOLS.includes(m[1]!))) found.push(p);
          }
        }
      }
      expect(found).toEqual([]);
    });

    it.each(SERVICES)('%s carries its SBOM (CycloneDX JSON) at /app/sbom.cdx.json', (name) => {
      const text = ctr([
        'run',
        '--rm',
        '--no-healthcheck',
        '--network=none',
        '--entrypoint',
        'cat',
        imageTag(name),
        '/app/sbom.cdx.json',
      ]).stdout;
      const sbom = JSON.parse(text) as {
        bomFormat: string;
        specVersion: string;
        components: { name: string; group?: string }[];
      };
      expect(sbom.bomFormat).toBe('CycloneDX');
      const names = new Set(
        sbom.components.map((c) => (c.group ? `${c.group}/${c.name}` : c.name)),
      );
      const manifest = JSON.parse(
        fs.readFileSync(path.join(repoRoot, name, 'package.json'), 'utf8'),
      ) as {
        dependencies: Record<string, string>;
      };
      // npm names a workspace package by its folder (packages/contracts: contracts).
      for (const dep of Object.keys(manifest.dependencies)) {
        expect(names.has(dep) || names.has(dep.replace('@nsa/', '')), dep).toBe(true);
      }
      for (const dev of DEV_TOOLS) expect(names.has(dev), dev).toBe(false);
    });
  },
);
