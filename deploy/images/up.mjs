#!/usr/bin/env node
// `npm run images:up`: the product run from its container images the way the rendered
// Kubernetes local overlay runs them (R-RUN-IMAGES-UP in docs/requirements.md), in the
// foreground, with the same environment and meaning as `npm start`.
//
// - PostgreSQL, a three-node NATS (JetStream, streams x3) and the mail catcher are the
//   launcher's own processes (deploy/local, packages/local-infra), not containers.
// - `kubectl kustomize deploy/k8s/overlays/local` is rendered from a copy whose secrets.env holds
//   this run's values (the launcher's database URLs, its owner roles' too, NATS passwords, session secret, SMTP URL)
//   and whose config.env holds this run's settings (PUBLIC_BASE_URL, DEMO_DATA, the rate
//   limits, ...) and addresses (NATS_URL, HEALTH_PEERS). Each Deployment's container then gets
//   the environment that manifest gives it (envFrom, env, valueFrom of ConfigMaps and Secrets),
//   its user, read-only root (emptyDir volumes as tmpfs), dropped capabilities, mounted
//   ConfigMaps and Secrets, and its probes. Its init containers (a service's `migrate`, as the
//   owner role: MIGRATION_DATABASE_URL) run once each, to their end and with the same
//   treatment, before its replicas start, and again with the new image before a set-image
//   rollout replaces any replica; one that exits non-zero stops the start or the rollout.
// - Every container runs on the host's network bound to 127.0.0.1, each replica on its own port
//   (the one thing that differs from the overlay: PORT, METRICS_PORT, the static servers'
//   `listen`). The gateway gets its nginx.conf rendered as the launcher renders it for two of
//   each (gateway/render.mjs) with the containers' ports as upstreams.
// - Like the kubelet, this process keeps them: a container that exits or is killed from outside
//   is started again, and one whose liveness probe fails failureThreshold times is restarted.
//   Ready is GET /api/health through the gateway container.
// - SIGINT or SIGTERM stops and removes every container it started (by id), then the launcher's
//   processes it started.
//
//   npm run images:up          (builds the images that are missing first: npm run images)
//   npm run images:up -- set-image svc-catalog=<image>|release|current ...
//                              (to the running one on DATA_DIR: a rolling update, see setImage)
//   Environment: as `npm start` (GATEWAY_PORT default 22000, DATA_DIR default .data-images,
//   SMTP_URL, PUBLIC_BASE_URL, BOOTSTRAP_ADMIN_*, DEMO_DATA, SIGNUP_RATE_LIMIT, ...), plus
//   REPLICAS (default: the overlay's, at least 2), IMAGE_VERSION (default: package.json's),
//   CONTAINER_ENGINE, KUBECTL.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { ensureServiceUrls } from '@nsa/local-infra';
import { containerOptions } from '../../gateway/render-container.mjs';
import { renderGatewayConfig } from '../../gateway/render.mjs';
import { SERVICE_NAMES, serviceSpec } from '../../packages/contracts/src/services.mjs';
import {
  IMAGES,
  detectEngine,
  imageExists,
  imageTag,
  productVersion,
  repoRoot,
  run,
  which,
} from './engine.mjs';

// The services from the one table of services; the static servers are the images that are
// neither a service nor the gateway.
const SERVICES = SERVICE_NAMES;
const STATICS = IMAGES.filter((i) => i.kind === 'static' && i.name !== 'gateway').map(
  (i) => i.name,
);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** kubectl (with kustomize) from KUBECTL or PATH. */
function findKubectl() {
  const bin = process.env.KUBECTL || which('kubectl');
  if (!bin) throw new Error('images:up: kubectl not found (apt-get install -y kubernetes-client)');
  return bin;
}

/** `KEY=value` lines with `values` set (replacing a key's line, else appended). */
export function setEnvLines(text, values) {
  const left = new Map(Object.entries(values));
  const lines = text.split('\n').map((line) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(line);
    if (!m || !left.has(m[1])) return line;
    const v = left.get(m[1]);
    left.delete(m[1]);
    return `${m[1]}=${v}`;
  });
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  for (const [k, v] of left) lines.push(`${k}=${v}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Renders the local overlay from a copy of deploy/k8s in `dir` with this run's secrets and
 * settings; answers the rendered objects.
 */
export function renderOverlay(dir, { secrets, config }) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(repoRoot, 'deploy', 'k8s'), dir, { recursive: true });
  const local = path.join(dir, 'overlays', 'local');
  for (const f of ['secrets.env', 'nats-tls']) {
    fs.rmSync(path.join(local, f), { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(local, 'secrets.env'), setEnvLines('', secrets), { mode: 0o600 });
  // The overlay's own script adds what the run does not set (the route password, NATS's TLS).
  const made = spawnSync(process.execPath, [path.join(local, 'make-secrets.mjs')], {
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`make-secrets.mjs failed:\n${made.stderr}`);
  const configFile = path.join(local, 'config.env');
  fs.writeFileSync(configFile, setEnvLines(fs.readFileSync(configFile, 'utf8'), config));
  const res = spawnSync(findKubectl(), ['kustomize', local], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`kubectl kustomize failed:\n${res.stderr}`);
  return parseAllDocuments(res.stdout)
    .map((d) => d.toJS())
    .filter(Boolean);
}

const b64 = (s) => Buffer.from(s, 'base64').toString('utf8');

/** The data of a rendered ConfigMap or Secret by name, decoded. */
function dataOf(objects, kind, name) {
  const obj = objects.find((o) => o.kind === kind && o.metadata?.name === name);
  if (!obj) return undefined;
  if (kind === 'Secret') {
    return Object.fromEntries(Object.entries(obj.data ?? {}).map(([k, v]) => [k, b64(v)]));
  }
  return { ...(obj.data ?? {}) };
}

/** A container's environment as the kubelet gives it: envFrom first, then env in order. */
export function containerEnv(objects, container) {
  const env = {};
  const missing = [];
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    const data = dataOf(objects, from.configMapRef ? 'ConfigMap' : 'Secret', ref.name);
    if (!data && !ref.optional) missing.push(ref.name);
    Object.assign(env, data ?? {});
  }
  for (const e of container.env ?? []) {
    if ('value' in e) env[e.name] = String(e.value);
    else if (e.valueFrom?.configMapKeyRef || e.valueFrom?.secretKeyRef) {
      const ref = e.valueFrom.configMapKeyRef ?? e.valueFrom.secretKeyRef;
      const data = dataOf(objects, e.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret', ref.name);
      const v = data?.[ref.key];
      if (v !== undefined) env[e.name] = v;
      else if (!ref.optional) missing.push(`${ref.name}/${ref.key}`);
    }
  }
  if (missing.length > 0) {
    throw new Error(`${container.name}: the overlay names what it does not hold: ${missing}`);
  }
  return env;
}

/** The port a probe's `port` names (a named container port or a number). */
const probePort = (container, port) =>
  typeof port === 'number'
    ? port
    : Number(container.ports?.find((p) => p.name === port)?.containerPort ?? port);

/** One of the nine images as this build tags it (`naschool/svc-catalog:0.1.0` → its tag). */
const ownImage = (image, version) => imageTag(/naschool\/([^:@]+)/.exec(image)[1], version);

/**
 * What a container of a pod runs with: its environment, command, user, read-only root,
 * capabilities and volumes (the pod's settings, the container's over them).
 */
function containerRun(objects, pod, container) {
  const sc = { ...(pod.securityContext ?? {}), ...(container.securityContext ?? {}) };
  return {
    env: containerEnv(objects, container),
    command: container.command,
    args: container.args,
    user:
      sc.runAsUser !== undefined ? `${sc.runAsUser}:${sc.runAsGroup ?? sc.runAsUser}` : undefined,
    readOnly: sc.readOnlyRootFilesystem === true,
    dropAll: (sc.capabilities?.drop ?? []).includes('ALL'),
    noNewPrivileges: sc.allowPrivilegeEscalation === false,
    mounts: (container.volumeMounts ?? []).map((m) => {
      const volume = pod.volumes.find((v) => v.name === m.name);
      return { ...m, volume };
    }),
  };
}

/**
 * What to run for each Deployment of the overlay that uses one of the nine images: its image,
 * environment, security settings, volumes and probes (host ports are added by the caller), and
 * its init containers (`init`, in order: each runs to its end before the replicas start).
 */
export function workloads(objects, { version = productVersion() } = {}) {
  const out = [];
  for (const d of objects.filter((o) => o.kind === 'Deployment')) {
    const pod = d.spec.template.spec;
    const container = pod.containers.find((c) => /(^|\/)naschool\//.test(c.image));
    if (!container) continue;
    const run = containerRun(objects, pod, container);
    const port = (container.ports ?? []).find((p) => p.name === 'http')?.containerPort ?? 8080;
    const probe = (p) =>
      p?.httpGet
        ? {
            path: p.httpGet.path,
            port: probePort(container, p.httpGet.port),
            periodSeconds: p.periodSeconds ?? 10,
            timeoutSeconds: p.timeoutSeconds ?? 1,
            failureThreshold: p.failureThreshold ?? 3,
          }
        : undefined;
    out.push({
      name: d.metadata.name,
      image: ownImage(container.image, version),
      replicas: d.spec.replicas ?? 1,
      ...run,
      port,
      init: (pod.initContainers ?? []).map((c) => {
        if (!/(^|\/)naschool\//.test(c.image)) {
          throw new Error(`${d.metadata.name}: init container ${c.name} is not one of the images`);
        }
        return {
          name: c.name,
          image: ownImage(c.image, version),
          ...containerRun(objects, pod, c),
        };
      }),
      readiness: probe(container.readinessProbe),
      liveness: probe(container.livenessProbe),
      startup: probe(container.startupProbe),
      // The pod's: how long SIGTERM may take before the kill (the services drain in it).
      graceSeconds: pod.terminationGracePeriodSeconds ?? 30,
    });
  }
  return out;
}

/** Writes a ConfigMap's or Secret's items as files in `dir` (as the kubelet mounts them). */
function writeVolume(objects, volume, dir) {
  const kind = volume.configMap ? 'ConfigMap' : 'Secret';
  const name = volume.configMap?.name ?? volume.secret?.secretName;
  const data = dataOf(objects, kind, name) ?? {};
  const items =
    (volume.configMap ?? volume.secret).items ??
    Object.keys(data).map((key) => ({ key, path: key }));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dir, 0o755);
  for (const item of items) {
    const file = path.join(dir, item.path);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
    fs.writeFileSync(file, data[item.key] ?? '', { mode: 0o644 });
  }
}

/**
 * Runs the engine without blocking this process (containers start side by side): its output,
 * or an error with the end of what it wrote to stderr.
 */
async function runAsync(engine, args) {
  const { code, stdout, stderr } = await runToEnd(engine, args);
  if (code !== 0) {
    throw new Error(`${engine.name} ${args[0]} failed (exit ${code})\n${stderr.slice(-2000)}`);
  }
  return stdout;
}

/** Runs the engine to its end without blocking this process: its exit code and output. */
function runToEnd(engine, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(engine.bin, [...engine.globalArgs, ...args], {
      cwd: repoRoot,
      env: engine.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout = (stdout + c).slice(-20_000)));
    child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-20_000)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** GET http://127.0.0.1:port/path answers 2xx within the timeout. */
async function httpOk(port, p, timeoutMs = 3000) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts everything; resolves once GET /api/health through the gateway answers ok for every
 * service. `stop()` removes every container it started and stops the launcher's processes.
 */
export async function imagesUp(opts = {}) {
  const env = { ...process.env, ...opts.env };
  const log = opts.log ?? ((line) => console.log(`[images:up] ${line}`));
  const started = Date.now();
  const engine = detectEngine();
  if (!engine) throw new Error('no container engine: apt-get install -y podman runc');
  const gatewayPort = Number(env.GATEWAY_PORT || 22000);
  const version = env.IMAGE_VERSION || productVersion();

  // The launcher's own modules (npm run build:backend builds them).
  const dist = path.join(repoRoot, 'deploy', 'dist', 'local');
  if (!fs.existsSync(path.join(dist, 'parts.js'))) {
    throw new Error('deploy is not built: run npm run build:backend');
  }
  const { loadConfig } = await import(pathToFileURL(path.join(dist, 'config.js')).href);
  const { startData, startMail } = await import(pathToFileURL(path.join(dist, 'parts.js')).href);
  const { Supervised } = await import(pathToFileURL(path.join(dist, 'supervisor.js')).href);
  const { assertPortsFree } = await import(pathToFileURL(path.join(dist, 'infra.js')).href);
  const { PidFiles, pidsDir } = await import(pathToFileURL(path.join(dist, 'pidfiles.js')).href);

  // What is missing is built first (`npm run images -- <name> ...`), and only that.
  const names = [...SERVICES.map((s) => serviceSpec(s).folder), 'gateway', ...STATICS];
  const missingImages = names.filter((n) => !imageExists(engine, imageTag(n, version)));
  if (missingImages.length > 0) {
    if (env.IMAGE_VERSION && env.IMAGE_VERSION !== productVersion()) {
      throw new Error(`images missing: ${missingImages.map((n) => imageTag(n, version))}`);
    }
    log(`building what is missing: ${missingImages.join(', ')}`);
    const built = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'deploy', 'images', 'build.mjs'), ...missingImages],
      { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (built.status !== 0) throw new Error(`npm run images -- ${missingImages.join(' ')} failed`);
  }

  // The replicas: REPLICAS, else the overlay's services' count (at least two, as in production).
  const replicasWanted = env.REPLICAS ? Number(env.REPLICAS) : undefined;
  const dataDir = path.resolve(repoRoot, env.DATA_DIR || '.data-images');
  const config = loadConfig({
    env: { ...env, REPLICAS: String(replicasWanted ?? 2), NATS_NODES: '3' },
    repoRoot,
    gatewayPort,
    dataDir,
  });
  const { ports } = config;
  const upDir = path.join(config.dataDir, 'images-up');
  fs.mkdirSync(upDir, { recursive: true, mode: 0o700 });
  // Ports the overlay's pods would each have to themselves: the static servers' and each
  // replica's metrics port, from GATEWAY_PORT + 1 upwards.
  const staticPorts = Object.fromEntries(STATICS.map((s, i) => [s, gatewayPort + 1 + i]));
  const metricsPorts = Object.fromEntries(
    SERVICES.map((s, i) => [s, [0, 1, 2].map((r) => gatewayPort + 5 + i * 3 + r)]),
  );

  const parts = [];
  const containers = [];
  let stopping;
  let watcher;
  let control;
  let stopInits;
  const stop = () => (stopping ??= stopAll());
  const stopAll = async () => {
    clearInterval(watcher);
    control?.close();
    // An init container still running is removed by the name it was given (its own, --rm).
    stopInits?.();
    // SIGTERM, then up to the pod's grace period; removed by id, nothing else.
    const ids = containers.map((c) => c.id);
    if (ids.length > 0) {
      const t0 = Date.now();
      run(engine, ['rm', '-f', '-t', '10', ...ids], { allowFail: true });
      log(`removed ${ids.length} containers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    for (const part of parts.reverse()) {
      try {
        await part.stop();
      } catch (err) {
        log(`stopping ${part.name} failed: ${err.message}`);
      }
    }
    fs.rmSync(path.join(upDir, 'containers.json'), { force: true });
    fs.rmSync(path.join(upDir, 'control.sock'), { force: true });
  };
  // As `npm start` keeps them: a pid file per process, DATA_DIR/pids/<name>.pid (R-RUN-REPLICAS).
  const pids = new PidFiles(pidsDir(config.dataDir));
  const keep = async (name, launch, { logFile, signature }) => {
    const onStart = (proc) => pids.write(name, proc.pid, signature);
    const sup = new Supervised(name, launch, { log, logFile, onStart });
    parts.push({ name, stop: () => sup.stop().finally(() => pids.remove(name)) });
    return sup.start();
  };

  opts.signal?.addEventListener('abort', () => void stop(), { once: true });
  try {
    // These ports lie in Linux's ephemeral range (32768-60999): the local end of another
    // program's outgoing connection may hold one, and keeps it for a minute in TIME-WAIT after
    // it closes; a busy port is asked again for up to 75 s before giving up.
    const portsFree = (busy) =>
      assertPortsFree(busy).catch(async (err) => {
        log(`${err.message.split(':')[0]}: waiting up to 75 s for it`);
        const until = Date.now() + 75_000;
        while (Date.now() < until && !(opts.signal?.aborted ?? false)) {
          await sleep(1000);
          if (
            await assertPortsFree(busy).then(
              () => true,
              () => false,
            )
          )
            return;
        }
        throw err;
      });
    await portsFree({
      GATEWAY_PORT: gatewayPort,
      ...Object.fromEntries(STATICS.map((s) => [`${s} static server`, staticPorts[s]])),
      ...Object.fromEntries(
        SERVICES.flatMap((s) => [
          ...ports.replicaPorts[s].map((p, i) => [`${s}-${i + 1}`, p]),
          ...ports.replicaPorts[s].map((_, i) => [`${s}-${i + 1} metrics`, metricsPorts[s][i]]),
        ]),
      ),
    });
    fs.mkdirSync(path.join(config.dataDir, 'logs'), { recursive: true });
    const [data, mail] = await Promise.all([
      startData(config, keep, log),
      startMail(config, env, keep, log),
    ]);
    // Each service's runtime role's URL and its owner role's, which only its init container
    // `migrate` gets (MIGRATION_DATABASE_URL), as in the overlay.
    const urls = {};
    for (const s of SERVICES) {
      urls[s] = await ensureServiceUrls(data.adminUrl, s, {
        auditRetentionMonths: config.retentionMonths,
      });
    }

    // The overlay, rendered with this run's secrets and settings.
    const peers = SERVICES.flatMap((s) =>
      ports.replicaPorts[s].map((p) => `${s}=http://127.0.0.1:${p}`),
    ).join(',');
    const secrets = {
      SESSION_SECRET: config.sessionSecret,
      LINK_SEAL_SECRET: config.linkSealSecret,
      IDENTITY_SECRET: config.identitySecret,
      ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_DATABASE_URL`, urls[s].url])),
      ...Object.fromEntries(
        SERVICES.map((s) => [`${s.toUpperCase()}_MIGRATION_DATABASE_URL`, urls[s].migrationUrl]),
      ),
      SMTP_URL: mail.smtpUrl,
      ...Object.fromEntries(
        SERVICES.map((s) => [`${s.toUpperCase()}_NATS_PASSWORD`, config.natsPasswords[s]]),
      ),
      ...(config.bootstrapAdmin.email
        ? { BOOTSTRAP_ADMIN_EMAIL: config.bootstrapAdmin.email }
        : {}),
      ...(config.bootstrapAdmin.password
        ? { BOOTSTRAP_ADMIN_PASSWORD: config.bootstrapAdmin.password }
        : {}),
      ...(config.bootstrapAdmin.name ? { BOOTSTRAP_ADMIN_NAME: config.bootstrapAdmin.name } : {}),
      ...(config.bootstrapPlatform.email
        ? { BOOTSTRAP_PLATFORM_EMAIL: config.bootstrapPlatform.email }
        : {}),
      ...(config.bootstrapPlatform.password
        ? { BOOTSTRAP_PLATFORM_PASSWORD: config.bootstrapPlatform.password }
        : {}),
    };
    const settings = {
      PUBLIC_BASE_URL: config.publicBaseUrl,
      DEMO_DATA: config.demoData,
      LOG_LEVEL: config.logLevel,
      SIGNUP_RATE_LIMIT: String(config.signupRateLimit),
      LOGIN_RATE_LIMIT: String(config.loginRateLimit),
      ADMIN_2FA_REQUIRED: config.admin2faRequired,
      ORG_NAME: config.organisation.name,
      ORG_CONTACT_EMAIL: config.organisation.contactEmail,
      RETENTION_MONTHS: String(config.retentionMonths),
      // Addresses: the launcher's NATS (plain, on loopback) and every replica's port.
      NATS_URL: data.natsUrl,
      HEALTH_PEERS: peers,
    };
    const objects = renderOverlay(path.join(upDir, 'k8s'), { secrets, config: settings });
    const all = workloads(objects, { version });
    const byName = Object.fromEntries(all.map((w) => [w.name, w]));
    for (const n of [...SERVICES, 'gateway', ...STATICS]) {
      if (!byName[n]) throw new Error(`the overlay has no Deployment ${n}`);
    }
    const replicas = replicasWanted ?? Math.max(2, byName.catalog.replicas);
    if (replicas !== ports.replicaPorts.catalog.length) {
      throw new Error(`REPLICAS=${replicas}: the launcher's ports allow 1-3`);
    }

    // One container per replica; the gateway's configuration uses their ports.
    const ledgerDir = path.join(upDir, 'erasure-ledger');
    fs.mkdirSync(ledgerDir, { recursive: true });
    const specs = [];
    for (const s of SERVICES) {
      ports.replicaPorts[s].forEach((p, i) =>
        specs.push({
          part: `${s}-${i + 1}`,
          w: byName[s],
          port: p,
          metricsPort: metricsPorts[s][i],
        }),
      );
    }
    for (const s of STATICS) specs.push({ part: `${s}-1`, w: byName[s], port: staticPorts[s] });
    specs.push({ part: 'gateway-1', w: byName.gateway, port: gatewayPort });

    const volDir = path.join(upDir, 'volumes');
    // What a container of the overlay gets, as podman flags: its user, read-only root, dropped
    // capabilities and no-new-privileges; an emptyDir as a tmpfs of its size limit; a
    // ConfigMap's or Secret's items as files, mounted read-only; its env as a file only this
    // user reads.
    const lockedDown = (c) => [
      ...(c.user ? ['--user', c.user] : []),
      ...(c.readOnly ? ['--read-only', '--read-only-tmpfs=false'] : []),
      ...(c.dropAll ? ['--cap-drop=ALL'] : []),
      ...(c.noNewPrivileges ? ['--security-opt=no-new-privileges'] : []),
    ];
    const tmpfs = (m) => {
      const limit = m.volume.emptyDir.sizeLimit;
      const size = limit ? `,size=${limit.replace(/i$/, '')}` : '';
      return ['--tmpfs', `${m.mountPath}:rw,mode=1777${size}`];
    };
    const configVolume = (m, name) => {
      const dir = path.join(volDir, name);
      writeVolume(objects, m.volume, dir);
      return ['-v', `${dir}:${m.mountPath}:ro`];
    };
    const envFile = (name, env) => {
      const file = path.join(upDir, `${name}.env`);
      fs.writeFileSync(
        file,
        Object.entries(env)
          .map(([k, v]) => `${k}=${String(v).replace(/\n/g, ' ')}`)
          .join('\n') + '\n',
        { mode: 0o600 },
      );
      return file;
    };
    const runArgs = (spec) => {
      const { w } = spec;
      const args = ['run', '-d', '--network=host', '--no-healthcheck'];
      args.push('--name', `naschool-up-${gatewayPort}-${spec.part}`);
      args.push('--label', `naschool.images-up=${config.dataDir}`);
      // The kubelet's restart policy; this process also starts one again (podman kill counts
      // as a stop it does not undo).
      args.push('--restart=always');
      args.push(...lockedDown(w));
      const env = { ...w.env };
      for (const m of w.mounts) {
        const v = m.volume;
        if (v?.emptyDir) {
          args.push(...tmpfs(m));
        } else if (v?.persistentVolumeClaim) {
          args.push('-v', `${ledgerDir}:${m.mountPath}:rw`);
        } else if (w.name === 'gateway' && m.mountPath === '/etc/nginx/gateway') {
          // The gateway's nginx.conf: rendered below for the replicas' ports.
          args.push('-v', `${path.join(volDir, 'gateway-nginx')}:${m.mountPath}:ro`);
        } else if (v?.configMap || v?.secret) {
          args.push(...configVolume(m, `${w.name}-${m.name}`));
        }
      }
      if (STATICS.includes(w.name)) {
        args.push(
          '-v',
          `${path.join(volDir, `${w.name}-site.conf`)}:/etc/nginx/conf.d/default.conf:ro`,
        );
      }
      if (SERVICES.includes(w.name)) {
        env.HOST = '127.0.0.1';
        env.PORT = String(spec.port);
        if (env.METRICS_PORT) env.METRICS_PORT = String(spec.metricsPort);
        // The launcher's NATS listens on loopback without TLS: no CA to verify it with.
        delete env.NATS_TLS_CA;
      }
      args.push('--env-file', envFile(spec.part, env));
      if (w.command) args.push('--entrypoint', JSON.stringify(w.command));
      args.push(w.image, ...(w.args ?? []));
      return args;
    };

    // A Deployment's init containers, as the kubelet runs a pod's: one after the other, each to
    // its end, before the replicas start (once per Deployment here: the migrations run once
    // under their advisory lock either way). Each with the env the manifest gives it, its user,
    // read-only root, dropped capabilities, on the host's network; a failure stops what called.
    const initRunning = new Set();
    const runInits = async (w, image = w.image, say = log) => {
      for (const init of w.init ?? []) {
        // An init container of the Deployment's own image follows it (set-image).
        const initImage = init.image === w.image ? image : init.image;
        const name = `naschool-up-${gatewayPort}-${w.name}-${init.name}`;
        const args = ['run', '--rm', '--network=host', '--no-healthcheck', '--name', name];
        args.push('--label', `naschool.images-up=${config.dataDir}`);
        args.push(...lockedDown(init));
        for (const m of init.mounts) {
          const v = m.volume;
          if (v?.emptyDir) args.push(...tmpfs(m));
          else if (v?.configMap || v?.secret) {
            args.push(...configVolume(m, `${w.name}-${init.name}-${m.name}`));
          } else throw new Error(`${w.name}: init container ${init.name}: volume ${m.name}`);
        }
        args.push('--env-file', envFile(`${w.name}-${init.name}`, init.env));
        if (init.command) args.push('--entrypoint', JSON.stringify(init.command));
        args.push(initImage, ...(init.args ?? []));
        const t0 = Date.now();
        initRunning.add(name);
        const res = await runToEnd(engine, args).finally(() => initRunning.delete(name));
        if (res.code !== 0) {
          const out = `${res.stdout}${res.stderr}`.split('\n').slice(-30).join('\n');
          throw new Error(
            `${w.name}: init container ${init.name} (${initImage}) exited ${res.code}:\n${out}`,
          );
        }
        say(
          `${w.name}: init container ${init.name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        );
      }
    };
    stopInits = () =>
      initRunning.size > 0 &&
      run(engine, ['rm', '-f', '-t', '0', ...initRunning], { allowFail: true });

    // The static servers' site, from their image, listening on their own loopback port.
    fs.mkdirSync(volDir, { recursive: true, mode: 0o755 });
    fs.chmodSync(volDir, 0o755);
    for (const s of STATICS) {
      const site = run(engine, [
        'run',
        '--rm',
        '--network=none',
        '--no-healthcheck',
        '--entrypoint',
        'cat',
        byName[s].image,
        '/etc/nginx/conf.d/default.conf',
      ]).stdout;
      if (!/listen\s+8080;/.test(site)) throw new Error(`${s}: its site does not listen on 8080`);
      fs.writeFileSync(
        path.join(volDir, `${s}-site.conf`),
        site.replace(/listen\s+8080;/g, `listen 127.0.0.1:${staticPorts[s]};`),
        { mode: 0o644 },
      );
    }
    // The gateway: rendered as the launcher renders it for REPLICAS processes of each service,
    // with the container's own paths (gateway/render-container.mjs) and the overlay's settings.
    const gwEnv = byName.gateway.env;
    const cfg = byName.catalog.env;
    const gatewayConf = renderGatewayConfig({
      ...containerOptions({
        PUBLIC_BASE_URL: gwEnv.PUBLIC_BASE_URL ?? cfg.PUBLIC_BASE_URL,
        SIGNUP_RATE_LIMIT: gwEnv.SIGNUP_RATE_LIMIT ?? cfg.SIGNUP_RATE_LIMIT,
        LOGIN_RATE_LIMIT: gwEnv.LOGIN_RATE_LIMIT ?? cfg.LOGIN_RATE_LIMIT,
      }),
      port: gatewayPort,
      listen: '127.0.0.1',
      services: Object.fromEntries(
        SERVICES.map((s) => [s, ports.replicaPorts[s].map((p) => `127.0.0.1:${p}`)]),
      ),
      staticUpstreams: {
        shell: `127.0.0.1:${staticPorts.shell}`,
        mfe_public: `127.0.0.1:${staticPorts['mfe-public']}`,
        mfe_admin: `127.0.0.1:${staticPorts['mfe-admin']}`,
        mfe_provider: `127.0.0.1:${staticPorts['mfe-provider']}`,
      },
      statusListen: `127.0.0.1:${ports.gatewayStatus}`,
    });
    fs.mkdirSync(path.join(volDir, 'gateway-nginx'), { recursive: true, mode: 0o755 });
    fs.chmodSync(path.join(volDir, 'gateway-nginx'), 0o755);
    fs.writeFileSync(path.join(volDir, 'gateway-nginx', 'nginx.conf'), gatewayConf, {
      mode: 0o644,
    });
    // uid 1000 (the services' user) appends to the erasure ledger.
    fs.chownSync(ledgerDir, 1000, 1000);

    const record = () =>
      fs.writeFileSync(
        path.join(upDir, 'containers.json'),
        `${JSON.stringify(
          containers.map((c) => ({ part: c.part, id: c.id, port: c.port, image: c.w.image })),
          null,
          2,
        )}\n`,
      );
    // The services' replicas side by side, then the static servers, then the gateway.
    const t0 = Date.now();
    const waves = [
      specs.filter((sp) => SERVICES.includes(sp.w.name)),
      specs.filter((sp) => STATICS.includes(sp.w.name)),
      specs.filter((sp) => sp.w.name === 'gateway'),
    ];
    for (const wave of waves) {
      // Each Deployment's init containers first, then its replicas; Deployments side by side.
      const deployments = [...new Set(wave.map((spec) => spec.w))];
      const results = await Promise.allSettled(
        deployments.map(async (w) => {
          await runInits(w);
          if (stopping) throw new Error('stopped during start-up');
          await Promise.all(
            wave
              .filter((spec) => spec.w === w)
              .map(async (spec) => {
                const id = (await runAsync(engine, runArgs(spec))).trim().split('\n').at(-1);
                containers.push({ ...spec, id, failures: 0, lastProbe: 0 });
                record();
              }),
          );
        }),
      );
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
    log(`containers created in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    log(`${containers.length} containers started (${replicas} of each service)`);

    // The kubelet's part: started again when gone, restarted when its liveness fails.
    const restarts = [];
    let busy = false;
    // Every second, without blocking this process: what is not running is started, each
    // container's liveness probe is asked at its period (after its startup probe's allowance).
    const tick = async () => {
      // A container being replaced (set-image) is the rollout's, not the watcher's.
      const watched = containers.filter((c) => !c.rolling);
      if (watched.length === 0) return;
      const out = await runAsync(engine, [
        'inspect',
        '--format',
        '{{.Id}} {{.State.Status}}',
        ...watched.map((c) => c.id),
      ]).catch(() => '');
      const status = new Map(
        out
          .trim()
          .split('\n')
          .map((l) => l.split(' ')),
      );
      await Promise.all(
        watched.map(async (c) => {
          if (stopping || c.rolling) return;
          const st = status.get(c.id);
          if (st && !['running', 'created', 'configured', 'initialized'].includes(st)) {
            log(`${c.part} is ${st}: starting it again`);
            c.startedAt = Date.now();
            c.failures = 0;
            restarts.push({ part: c.part, at: Date.now() });
            await runAsync(engine, ['start', c.id]).catch((err) => log(err.message));
            return;
          }
          const live = c.w.liveness;
          const grace = c.w.startup
            ? c.w.startup.periodSeconds * c.w.startup.failureThreshold * 1000
            : 0;
          if (!live || Date.now() - c.lastProbe < live.periodSeconds * 1000) return;
          if (c.startedAt && Date.now() - c.startedAt < grace) return;
          c.lastProbe = Date.now();
          const port = live.port === c.w.port ? c.port : live.port;
          if (await httpOk(port, live.path, live.timeoutSeconds * 1000)) c.failures = 0;
          else if (++c.failures >= live.failureThreshold && !stopping && !c.rolling) {
            log(`${c.part}: liveness ${live.path} failed ${c.failures} times: restarting it`);
            c.startedAt = Date.now();
            c.failures = 0;
            await runAsync(engine, ['restart', '-t', '10', c.id]).catch((err) => log(err.message));
          }
        }),
      );
    };
    watcher = setInterval(() => {
      if (busy || stopping) return;
      busy = true;
      void tick().finally(() => (busy = false));
    }, 1000);

    // `set-image <service>=<image>`: a rolling update as a Deployment's with maxUnavailable 1,
    // one replica at a time: SIGTERM and the pod's grace period (the service drains what it
    // has in flight while the gateway sends new requests, keyed POSTs too, to the other
    // replica), then a container of the new image with the same env, args, port and probes,
    // and the next one only once its readiness probe answers. The watcher keeps the new
    // container from then on (a restart starts the new image). One rollout at a time.
    let rollouts = Promise.resolve();
    const rollOne = async (c, image, say) => {
      const t0 = Date.now();
      c.rolling = true;
      try {
        // The watcher's current round may be about to start it again: let it finish first.
        while (busy) await sleep(50);
        const grace = c.w.graceSeconds ?? 30;
        await runAsync(engine, ['stop', '-t', String(grace), c.id]).catch((err) =>
          say(`${c.part}: stop: ${err.message}`),
        );
        const stoppedMs = Date.now() - t0;
        await runAsync(engine, ['rm', '-f', '-t', '0', c.id]).catch((err) =>
          say(`${c.part}: rm: ${err.message}`),
        );
        const w = { ...c.w, image };
        const id = (await runAsync(engine, runArgs({ ...c, w }))).trim().split('\n').at(-1);
        Object.assign(c, { id, w, startedAt: Date.now(), failures: 0, lastProbe: 0 });
        record();
        const ready = w.readiness;
        const allowance = w.startup
          ? w.startup.periodSeconds * w.startup.failureThreshold * 1000
          : 120_000;
        const until = Date.now() + Math.max(allowance, 60_000);
        const port = ready && ready.port === w.port ? c.port : ready?.port;
        while (ready && !(await httpOk(port, ready.path))) {
          if (stopping) throw new Error('stopped during the rollout');
          if (Date.now() > until) {
            const logs = run(engine, ['logs', '--tail', '30', id], { allowFail: true });
            throw new Error(`${c.part} (${image}) not ready:\n${logs.stdout}${logs.stderr}`);
          }
          await sleep(250);
        }
        say(
          `${c.part}: ${image} ready in ${((Date.now() - t0) / 1000).toFixed(1)} s ` +
            `(the old one stopped in ${(stoppedMs / 1000).toFixed(1)} s)`,
        );
      } finally {
        c.rolling = false;
      }
    };
    const setImage = (name, image, say = log) => {
      const next = rollouts.then(async () => {
        const workload = name.replace(/^svc-/, '');
        const mine = containers.filter((c) => c.w.name === workload);
        if (!SERVICES.includes(workload) || mine.length === 0) {
          throw new Error(`set-image: no service ${name} (one of ${SERVICES.join(', ')})`);
        }
        if (!imageExists(engine, image)) throw new Error(`set-image: no image ${image}`);
        const t0 = Date.now();
        // As a new ReplicaSet's pods: the new image's init containers (its migrations) run
        // first; the old replicas keep serving meanwhile, and a failure rolls nothing.
        if (mine.some((c) => c.w.image !== image)) await runInits(byName[workload], image, say);
        say(`${workload}: rolling ${mine.length} replicas to ${image}`);
        for (const c of mine) {
          if (c.w.image === image) say(`${c.part}: already ${image}`);
          else await rollOne(c, image, say);
        }
        const was = byName[workload];
        byName[workload] = {
          ...was,
          image,
          init: was.init.map((i) => (i.image === was.image ? { ...i, image } : i)),
        };
        const seconds = (Date.now() - t0) / 1000;
        say(`${workload}: rolled out to ${image} in ${seconds.toFixed(1)} s`);
        return { service: workload, image, seconds };
      });
      rollouts = next.catch(() => undefined);
      return next;
    };
    // The operator's and a test's way in while this runs: a socket under the data dir, one
    // JSON request a line ({"setImage": {"svc-catalog": "<image>"}}), answered with progress
    // lines ({"log": ...}) and a last {"ok": true, ...} or {"ok": false, "error": ...}.
    const controlPath = path.join(upDir, 'control.sock');
    fs.rmSync(controlPath, { force: true });
    control = net.createServer((sock) => {
      let buf = '';
      sock.on('error', () => undefined);
      sock.on('data', (chunk) => {
        buf += chunk;
        const nl = buf.indexOf('\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = '';
        const send = (o) => sock.writable && sock.write(`${JSON.stringify(o)}\n`);
        void (async () => {
          try {
            const req = JSON.parse(line);
            const done = [];
            for (const [name, image] of Object.entries(req.setImage ?? {})) {
              done.push(await setImage(name, image, (l) => (log(l), send({ log: l }))));
            }
            send({ ok: true, done });
          } catch (err) {
            send({ ok: false, error: err instanceof Error ? err.message : String(err) });
          }
          sock.end();
        })();
      });
    });
    await new Promise((resolve, reject) => {
      control.once('error', reject);
      control.listen(controlPath, () => resolve(undefined));
    });
    fs.chmodSync(controlPath, 0o600);

    // Ready: each container's readiness probe on its port, then /api/health via the gateway.
    const deadline = Date.now() + (opts.healthTimeoutMs ?? 240_000);
    for (const c of containers) {
      const ready = c.w.readiness;
      if (!ready) continue;
      const port = ready.port === c.w.port ? c.port : ready.port;
      while (!(await httpOk(port, ready.path))) {
        if (stopping) throw new Error('stopped during start-up');
        if (Date.now() > deadline) {
          const logs = run(engine, ['logs', '--tail', '30', c.id], { allowFail: true });
          throw new Error(
            `${c.part} not ready (${ready.path} on ${port}):\n${logs.stdout}${logs.stderr}`,
          );
        }
        await sleep(500);
      }
    }
    const healthUrl = `http://127.0.0.1:${gatewayPort}/api/health`;
    for (;;) {
      const res = await fetch(healthUrl, { signal: AbortSignal.timeout(3000) }).catch(
        () => undefined,
      );
      const body = res ? await res.json().catch(() => undefined) : undefined;
      if (res?.status === 200 && body?.ok === true) break;
      if (Date.now() > deadline) {
        throw new Error(`${healthUrl} not ok: ${res?.status} ${JSON.stringify(body)}`);
      }
      await sleep(500);
    }
    const seconds = (Date.now() - started) / 1000;
    log(`ready in ${seconds.toFixed(1)} s: http://localhost:${gatewayPort}/`);
    if (mail.mailWebUrl) log(`mail catcher: ${mail.mailWebUrl}`);
    return {
      url: `http://localhost:${gatewayPort}/`,
      healthUrl,
      seconds,
      dataDir: config.dataDir,
      adminUrl: data.adminUrl,
      containers: containers.map((c) => ({ part: c.part, id: c.id, port: c.port })),
      restarts,
      setImage,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * `node deploy/images/up.mjs set-image svc-catalog=<image> ...`: asks the images:up running on
 * DATA_DIR (default .data-images) to roll each named service to its image, in turn; prints its
 * progress; resolves true once every one is rolled out. `<image>` may be `release` (the
 * service's last release's image, `npm run images -- --release`) or `current` (this build's).
 */
export async function requestSetImage(pairs, { env = process.env, print = console.log } = {}) {
  const setImage = {};
  for (const pair of pairs) {
    const m = /^(?:svc-)?([a-z]+)=(\S+)$/.exec(pair);
    if (!m) throw new Error(`set-image: ${pair}: expected svc-<name>=<image>`);
    const pkg = `svc-${m[1]}`;
    let image = m[2];
    if (image === 'release') {
      const { lastRelease, releaseTag } = await import('./release.mjs');
      image = releaseTag(pkg, lastRelease(pkg));
    } else if (image === 'current') image = imageTag(pkg, env.IMAGE_VERSION || productVersion());
    setImage[pkg] = image;
  }
  const dataDir = path.resolve(repoRoot, env.DATA_DIR || '.data-images');
  const sock = net.connect(path.join(dataDir, 'images-up', 'control.sock'));
  return new Promise((resolve, reject) => {
    let buf = '';
    let ok = false;
    sock.on('error', (err) =>
      reject(new Error(`set-image: no images:up running on ${dataDir} (${err.message})`)),
    );
    sock.on('connect', () => sock.write(`${JSON.stringify({ setImage })}\n`));
    sock.on('data', (chunk) => {
      buf += chunk;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const msg = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (msg.log) print(msg.log);
        else if (msg.ok) ok = true;
        else if (msg.error) print(`set-image failed: ${msg.error}`);
      }
    });
    sock.on('close', () => resolve(ok));
  });
}

if (
  import.meta.url === pathToFileURL(process.argv[1] ?? '').href &&
  process.argv[2] === 'set-image'
) {
  requestSetImage(process.argv.slice(3)).then(
    (ok) => process.exit(ok ? 0 : 1),
    (err) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Ctrl-C or SIGTERM, during start-up too: every container started so far is removed.
  const abort = new AbortController();
  let up;
  const onSignal = (sig) => {
    if (abort.signal.aborted) return;
    console.log(`[images:up] ${sig}: stopping`);
    abort.abort();
    if (up) void up.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  imagesUp({ signal: abort.signal }).then(
    (u) => {
      up = u;
      if (abort.signal.aborted) void u.stop().finally(() => process.exit(0));
    },
    (err) => {
      console.error(`images:up: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(abort.signal.aborted ? 0 : 1);
    },
  );
}
