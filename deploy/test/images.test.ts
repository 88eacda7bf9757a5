// deploy/images/*.Dockerfile, read without an engine: each is linted (dockerfile-utils, the
// Docker language server's validator) and checked for what the deployment relies on: a build
// stage, a non-root numeric USER, a HEALTHCHECK its base can run, a small base, only production
// dependencies in the final image, an SBOM in every service image, and a context limited to the
// package's own folder, packages/ and the root manifests. Every service is built from the one
// service.Dockerfile with the build arguments `npm run images` takes from the table of services.
// The images themselves are built and run, with podman or docker, by images-build.test.ts
// (`npm run images:test`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { SERVICES as TABLE } from '@nsa/contracts';
import { IMAGES as BUILT } from '../images/engine.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A new folder under the repository's ignored `.tmp/`, made first on a fresh clone. */
function scratchDir(prefix: string): string {
  const scratch = path.join(repo, '.tmp');
  fs.mkdirSync(scratch, { recursive: true });
  return fs.mkdtempSync(path.join(scratch, prefix));
}
const imagesDir = path.join(repo, 'deploy', 'images');

/** Each service of the table of services has an image of its own, from service.Dockerfile. */
const SERVICES: readonly string[] = TABLE.map((s) => s.folder);
const FRONTENDS = ['shell', 'mfe-public', 'mfe-admin', 'mfe-provider'];
/** The Dockerfiles: one for every service, one for each frontend and the gateway. */
const IMAGES = ['service', ...FRONTENDS, 'gateway'];
const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.web.json'];
const SMALL_BASES = [
  /^node:24(\.\d+)*-bookworm-slim$/,
  /^nginxinc\/nginx-unprivileged:[\w.-]+$/,
  /^gcr\.io\/distroless\//,
];

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Instructions with continuation lines joined; comments and blank lines dropped. */
function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const start = i;
    let line = lines[i]!;
    if (/^\s*(#|$)/.test(line)) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) {
      i += 1;
      line = `${line.slice(0, -1)} ${lines[i]!.trim()}`;
    }
    const m = /^\s*(\w+)\s+(.*)$/.exec(line);
    if (m) out.push({ keyword: m[1]!.toUpperCase(), args: m[2]!.trim(), line: start + 1 });
  }
  return out;
}

function parse(text: string): { globalArgs: Record<string, string>; stages: Stage[] } {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const ins of instructions(text)) {
    if (ins.keyword === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      stages.push({ from: m![1]!, name: m![2], instructions: [] });
    } else if (stages.length === 0) {
      if (ins.keyword === 'ARG') {
        const [k, v = ''] = ins.args.split('=', 2) as [string, string?];
        globalArgs[k] = v.replace(/\$\{(\w+)\}/g, (_, n: string) => globalArgs[n] ?? '');
      }
    } else {
      stages.at(-1)!.instructions.push(ins);
    }
  }
  return { globalArgs, stages };
}

const resolve = (ref: string, args: Record<string, string>) =>
  ref.replace(/\$\{(\w+)\}/g, (_, n: string) => args[n] ?? `\${${n}}`);

/** COPY sources taken from the build context (not --from another stage). */
/**
 * What a Dockerfile's stages copy from the build context, but for the `manifests` stage, which
 * copies all of it and passes on the package manifests alone (tested on its own).
 */
function contextSources(stages: Stage[]): string[] {
  return stages
    .filter((s) => s.name !== 'manifests')
    .flatMap((s) =>
      s.instructions
        .filter((i) => i.keyword === 'COPY' && !/--from=/.test(i.args))
        .flatMap((i) =>
          i.args
            .split(/\s+/)
            .filter((a) => !a.startsWith('--'))
            .slice(0, -1),
        ),
    );
}

function workspaceDeps(pkg: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repo, pkg, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {})
    .filter((d) => d.startsWith('@nsa/'))
    .map((d) => d.replace('@nsa/', ''));
}

const read = (image: string) =>
  fs.readFileSync(path.join(imagesDir, `${image}.Dockerfile`), 'utf8');

describe('container images', () => {
  // R-RUN-DEPLOY: an image of its own for every service, micro-frontend and the gateway.
  it('has one Dockerfile per service, frontend and the gateway, and no stray ones', () => {
    const found = fs
      .readdirSync(imagesDir)
      .filter((f) => f.endsWith('.Dockerfile'))
      .map((f) => f.replace(/\.Dockerfile$/, ''))
      .sort();
    expect(found).toEqual([...IMAGES].sort());
  });

  it.each(IMAGES)('%s: builds and runs on Node 24 and nginx stable 1.28 (R-RUN-NODE)', (image) => {
    const { globalArgs, stages } = parse(read(image));
    const bases = stages.map((s) => resolve(s.from, globalArgs));
    for (const base of bases.filter((b) => /^node:/.test(b))) expect(base).toMatch(/^node:24\b/);
    for (const base of bases.filter((b) => /nginx/.test(b))) expect(base).toMatch(/:1\.28\b/);
    expect(bases.some((b) => /^node:24\b/.test(b))).toBe(true);
  });

  it.each(IMAGES)('%s passes the Dockerfile linter', (image) => {
    const problems = validate(read(image)).map(
      (d) => `line ${d.range.start.line + 1}: ${d.message} (severity ${d.severity})`,
    );
    expect(problems).toEqual([]);
  });

  it.each(IMAGES)(
    '%s: build stage, small base, non-root USER and HEALTHCHECK in the final image',
    (image) => {
      const { globalArgs, stages } = parse(read(image));
      expect(stages.length, 'multi-stage').toBeGreaterThanOrEqual(2);
      expect(
        stages.some((s) => s.name === 'build'),
        'a stage named build',
      ).toBe(true);
      const final = stages.at(-1)!;
      const base = resolve(final.from, globalArgs);
      expect(
        SMALL_BASES.some((re) => re.test(base)),
        `final base ${base}`,
      ).toBe(true);
      const users = final.instructions.filter((i) => i.keyword === 'USER');
      expect(users.length, 'USER in the final stage').toBeGreaterThan(0);
      const user = users.at(-1)!.args;
      // Numeric, so Kubernetes' runAsNonRoot can verify it without reading /etc/passwd.
      expect(user).toMatch(/^\d+(:\d+)?$/);
      expect(user.split(':')[0]).not.toBe('0');
      const health = final.instructions.filter((i) => i.keyword === 'HEALTHCHECK');
      expect(health).toHaveLength(1);
      // The process only (R-OPS-PROBES): a database outage must not make the container unhealthy.
      expect(health[0]!.args).toMatch(image === 'service' ? /\/livez\b/ : /\/healthz\b/);
      expect(final.instructions.some((i) => i.keyword === 'EXPOSE' && i.args === '8080')).toBe(
        true,
      );
    },
  );

  it.each(IMAGES)('%s: installs no dev dependency into what ships', (image) => {
    const { stages } = parse(read(image));
    const final = stages.at(-1)!;
    // Whatever the final stage copies from another stage must come from one that installs
    // production dependencies only, or from compiled output.
    for (const stage of stages) {
      for (const ins of stage.instructions.filter((i) => i.keyword === 'RUN')) {
        expect(ins.args, `${image} line ${ins.line}`).not.toMatch(
          /\bnpm (install|i)\b(?!.*--omit=dev)/,
        );
        expect(ins.args, `${image} line ${ins.line}`).not.toMatch(/\byarn\b|\bpnpm\b/);
      }
    }
    const finalRuns = final.instructions.filter((i) => i.keyword === 'RUN');
    for (const ins of finalRuns) expect(ins.args).not.toMatch(/\bnpm\b/);
    const copiedNodeModules = final.instructions.filter(
      (i) => i.keyword === 'COPY' && /node_modules/.test(i.args),
    );
    for (const ins of copiedNodeModules) {
      const from = /--from=(\S+)/.exec(ins.args)?.[1];
      const source = stages.find((s) => s.name === from);
      expect(source, `${image}: node_modules from ${from}`).toBeDefined();
      const installs = source!.instructions.filter((i) => /\bnpm ci\b/.test(i.args));
      expect(installs.length).toBeGreaterThan(0);
      for (const i of installs) expect(i.args).toMatch(/--omit=dev/);
    }
  });

  // R-RUN-IMAGES: the nginx images start from the Debian variant (the one a stand-in of Debian's
  // nginx package can replace), whose tools are curl, not busybox's wget.
  it.each(IMAGES)(
    '%s: nginx from the Debian variant, health probed with what the base has',
    (image) => {
      const { globalArgs, stages } = parse(read(image));
      const final = stages.at(-1)!;
      const base = resolve(final.from, globalArgs);
      for (const b of stages.map((s) => resolve(s.from, globalArgs)))
        expect(b).not.toMatch(/alpine/);
      const health = final.instructions.find((i) => i.keyword === 'HEALTHCHECK')!.args;
      if (base.startsWith('nginxinc/')) {
        expect(base).toMatch(/^nginxinc\/nginx-unprivileged:1\.28(\.\d+)?-bookworm$/);
        expect(health).toMatch(/CMD curl -fsS -o \/dev\/null http:\/\/127\.0\.0\.1:8080\/healthz/);
      } else {
        expect(health).toMatch(/"node", "-e"/);
      }
      expect(health).not.toMatch(/\bwget\b/);
    },
  );

  // R-RUN-IMAGES: the SBOM lists the production dependencies the image ships.
  it('service: carries a CycloneDX SBOM of what it ships at /app/sbom.cdx.json', () => {
    const { stages } = parse(read('service'));
    const deps = stages.find((s) => s.name === 'deps')!;
    const sbom = deps.instructions.find((i) => /\bnpm sbom\b/.test(i.args));
    // Not an optional peer the workspace's lock holds for development (typescript, of i18next).
    expect(sbom?.args).toMatch(/npm ci --omit=dev --omit=optional [^&]*-w \$\{SERVICE\}/);
    expect(sbom?.args).toMatch(
      /npm sbom --omit=dev --omit=optional --sbom-format cyclonedx -w \$\{SERVICE\} > \/app\/sbom\.cdx\.json/,
    );
    const final = stages.at(-1)!;
    expect(final.instructions.map((i) => `${i.keyword} ${i.args}`)).toContain(
      'COPY --from=deps /app/sbom.cdx.json sbom.cdx.json',
    );
  });

  it("service: built by npm run images with each service's folder, name and schema", () => {
    const { stages } = parse(read('service'));
    // The arguments without a default, in any stage: each must be passed.
    const needed = new Set(
      stages.flatMap((s) =>
        s.instructions
          .filter((i) => i.keyword === 'ARG' && !i.args.includes('='))
          .map((i) => i.args),
      ),
    );
    expect([...needed].sort()).toEqual(['DB_SCHEMA', 'SERVICE', 'SERVICE_NAME']);
    const final = stages.at(-1)!;
    const env = final.instructions.find((i) => i.keyword === 'ENV')!.args;
    expect(env).toMatch(/SERVICE_NAME=\$\{SERVICE_NAME\}/);
    expect(env).toMatch(/DB_SCHEMA=\$\{DB_SCHEMA\}/);
    const services = BUILT.filter((i) => i.kind === 'service');
    expect(services.map((i) => i.name)).toEqual(SERVICES);
    for (const image of services) {
      const spec = TABLE.find((s) => s.folder === image.name)!;
      expect(image.dockerfile).toBe('service');
      expect(image.buildArgs).toEqual({
        SERVICE: spec.folder,
        SERVICE_NAME: spec.name,
        DB_SCHEMA: spec.schema,
      });
    }
    for (const image of BUILT.filter((i) => i.kind === 'static'))
      expect(image.dockerfile).toBe(image.name);
  });

  it("service: its common layers (the install, packages/ compiled) come before the service's folder", () => {
    const build = parse(read('service')).stages.find((s) => s.name === 'build')!;
    expect(build.from).toBe('install');
    const at = (re: RegExp) => build.instructions.findIndex((i) => re.test(i.args));
    const own = at(/^\$\{SERVICE\}\/ \$\{SERVICE\}\/$/);
    expect(own).toBeGreaterThan(0);
    expect(at(/^tsconfig\.base\.json \.\/$/)).toBeGreaterThanOrEqual(0);
    expect(at(/^tsconfig\.base\.json \.\/$/)).toBeLessThan(own);
    expect(at(/^packages\/ packages\/$/)).toBeLessThan(own);
    expect(at(/npm run build --if-present -w "\$p"/)).toBeGreaterThan(
      at(/^packages\/ packages\/$/),
    );
    expect(at(/npm run build --if-present -w "\$p"/)).toBeLessThan(own);
    // Nothing before them depends on which service is built.
    const firstArg = build.instructions.findIndex((i) => i.keyword === 'ARG');
    expect(firstArg).toBeGreaterThan(at(/^packages\/ packages\/$/));
  });

  // What the final stage copies from /ship: the service and the workspace packages it uses in
  // production, package.json and dist/ each (run here, on the built tree, for every service).
  it.each(SERVICES)(
    '%s: production dependencies of its own workspace, with the packages it uses',
    (pkg) => {
      const text = read('service');
      const { stages } = parse(text);
      const final = stages.at(-1)!;
      expect(text).toMatch(/npm ci --omit=dev [^\n]*-w \$\{SERVICE\}/);
      const finalCopies = final.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args);
      expect(finalCopies.some((c) => c.includes('node_modules'))).toBe(true);
      expect(finalCopies).toContain('--from=build /ship/files/ ./');
      expect(text).toMatch(/CMD \["node", "dist\/src\/main\.js"\]/);
      const build = stages.find((s) => s.name === 'build')!;
      const ship = build.instructions.find((i) => /node -e '/.test(i.args))!.args;
      const script = /node -e '(.*)' "\$\{SERVICE\}"$/.exec(ship)![1]!;
      const out = scratchDir('ship-');
      try {
        const r = spawnSync(
          process.execPath,
          ['-e', script.replaceAll('"/ship/', `"${out}/`), pkg],
          { cwd: repo, encoding: 'utf8' },
        );
        expect(r.status, r.stderr).toBe(0);
        const shipped = (dir: string) =>
          (fs.readdirSync(path.join(out, dir), { recursive: true }) as string[]).filter((f) =>
            f.endsWith('package.json'),
          );
        // The service and its workspace dependencies, theirs included (packages/<name>).
        const expected = [pkg];
        for (const dir of expected)
          for (const dep of workspaceDeps(dir).map((d) => `packages/${d}`))
            if (!expected.includes(dep)) expected.push(dep);
        expect(
          shipped('files')
            .map((f) => path.dirname(f))
            .sort(),
        ).toEqual([...expected].sort());
        expect(
          shipped('manifests')
            .map((f) => path.dirname(f))
            .sort(),
        ).toEqual([...expected].sort());
        for (const dir of expected) {
          expect(fs.existsSync(path.join(out, 'files', dir, 'dist')), dir).toBe(true);
          expect(fs.existsSync(path.join(out, 'manifests', dir, 'package.json')), dir).toBe(true);
          expect(fs.existsSync(path.join(out, 'manifests', dir, 'dist')), dir).toBe(false);
        }
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
    },
  );

  // Built with Node: the same two first stages, so the one install is a layer they all share.
  const NODE_BUILT = ['service', ...FRONTENDS];
  it('every image built with Node installs once, from the package manifests alone, in stages they share', () => {
    const first = (image: string) => {
      const text = read(image);
      return text.slice(text.indexOf('FROM ${NODE_IMAGE} AS manifests'), text.indexOf('\n# 1. '));
    };
    const shared = first('service');
    expect(shared).toMatch(/^FROM \$\{NODE_IMAGE\} AS manifests\n/);
    for (const image of NODE_BUILT) {
      expect(first(image), image).toBe(shared);
      const { stages } = parse(read(image));
      expect(stages.find((st) => st.name === 'build')?.from, image).toBe('install');
    }
    const { stages } = parse(read('service'));
    const manifests = stages.find((st) => st.name === 'manifests')!;
    const install = stages.find((st) => st.name === 'install')!;
    // The install sees what the manifests stage passes on, nothing of the context itself.
    expect(install.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args)).toEqual([
      '--from=manifests /manifests/ ./',
    ]);
    expect(install.instructions.find((i) => i.keyword === 'RUN')?.args).toMatch(/npm ci /);
    // What it passes on, run here on the repository: package.json files and the lock, each
    // workspace's that the context holds, nothing else.
    const loop = manifests.instructions.find((i) => i.keyword === 'RUN')!.args;
    const out = scratchDir('manifests-');
    try {
      const r = spawnSync('sh', ['-c', loop.replaceAll('/manifests/', `${out}/`)], {
        cwd: repo,
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      const files = (fs.readdirSync(out, { recursive: true }) as string[]).filter((f) =>
        fs.statSync(path.join(out, f)).isFile(),
      );
      expect(
        files.every((f) => /(^|\/)package(-lock)?\.json$/.test(f)),
        files.join(),
      ).toBe(true);
      for (const ws of [
        'package-lock.json',
        'packages/contracts/package.json',
        'svc-catalog/package.json',
        'mfe-admin/package.json',
      ])
        expect(files, ws).toContain(ws);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  // R-RUN-DEPLOY: none needs another's source.
  const builds = [
    ...SERVICES.map((folder) => ({ image: folder, dockerfile: 'service', own: [`${folder}/`] })),
    ...[...FRONTENDS, 'gateway'].map((image) => ({
      image,
      dockerfile: image,
      own: image === 'gateway' ? ['gateway/', 'deploy/images/gateway/'] : [`${image}/`],
    })),
  ];
  it.each(builds)(
    '$image: reads only its own package, packages/ and the root manifests',
    ({ image, dockerfile, own }) => {
      const allowed = (src: string) =>
        ROOT_FILES.includes(src) ||
        src.startsWith('packages/') ||
        own.some((o) => src === o || src.startsWith(o)) ||
        src.startsWith('deploy/images/static/');
      const sources = contextSources(parse(read(dockerfile)).stages).map((src) =>
        src.replaceAll('${SERVICE}', image),
      );
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.filter((s) => !allowed(s))).toEqual([]);
      for (const src of sources) expect(fs.existsSync(path.join(repo, src)), src).toBe(true);
    },
  );

  it('keeps local and generated files out of the build context', () => {
    const ignore = fs
      .readFileSync(path.join(repo, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', '.git', '.data']) {
      expect(ignore).toContain(entry);
    }
    // Nothing a Dockerfile copies may be ignored.
    for (const image of IMAGES) {
      for (const src of contextSources(parse(read(image)).stages)) {
        expect(ignore, `${image} copies ${src}`).not.toContain(src.replace(/\/$/, ''));
      }
    }
  });
});
