// deploy/k8s: both overlays render with `kubectl kustomize`, every object validates against
// the Kubernetes API schemas (kubernetes-models), and the rendered objects keep the promises
// of docs/deploy.md: probes, limits, non-root read-only containers, secrets only where needed,
// autoscaling and disruption budgets, a 3-node JetStream, PostgreSQL as a CloudNativePG cluster
// of three in production (its first-start SQL run here on a real PostgreSQL), and
// NetworkPolicies that let only the gateway reach the services and only the services reach
// PostgreSQL and NATS.
import { spawnSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseAllDocuments } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { natsPermissions, SERVICE_NAMES, type ServiceName } from '@nsa/contracts';
import { freePort, NATS_MIN_VERSION, startPostgres, versionAtLeast } from '@nsa/local-infra';
import { renderFor, targets } from '../k8s/render-gateway.mjs';
import {
  DATABASE,
  outputFile as databaseSqlFile,
  renderDatabase,
} from '../k8s/render-database.mjs';
import { staleFiles } from '../k8s/render-services.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const k8s = path.join(repo, 'deploy', 'k8s');
const OVERLAYS = ['local', 'production'] as const;
const SERVICES: readonly string[] = SERVICE_NAMES;
const FRONTENDS = ['shell', 'mfe-public', 'mfe-admin', 'mfe-provider'];
/** The production CloudNativePG Cluster (overlays/production/postgres.yaml). */
const PG_CLUSTER = 'naschool-db';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered YAML is untyped data */
type Obj = Record<string, any>;

/** kubectl from KUBECTL, PATH or the usual places; .ci/run installs Debian's kubernetes-client. */
function findKubectl(): string | undefined {
  const candidates = [
    process.env.KUBECTL,
    ...(process.env.PATH ?? '').split(path.delimiter).map((d) => d && path.join(d, 'kubectl')),
    '/usr/bin/kubectl',
    '/usr/local/bin/kubectl',
  ].filter((c): c is string => !!c);
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      const res = spawnSync(c, ['kustomize', '--help'], { encoding: 'utf8' });
      if (res.status === 0) return c;
    } catch {
      // not there
    }
  }
  return undefined;
}

const kubectl = findKubectl();
if (!kubectl) {
  console.warn(
    '\n!!! deploy/test/k8s.test.ts: NO kubectl FOUND — the Kubernetes manifests are NOT validated.\n' +
      '!!! Install it (apt-get install kubernetes-client; .ci/run does) or set KUBECTL.\n',
  );
}

/** What `kubectl kustomize` wrote to stderr per overlay (deprecation warnings land there). */
const warnings: Record<string, string> = {};

/**
 * A copy of deploy/k8s with the local overlay's secrets made as a developer makes them
 * (`make-secrets.mjs`), so the repository's own tree is left as committed: without secrets.
 */
let renderRoot: string | undefined;
function renderTree(): string {
  if (renderRoot) return renderRoot;
  renderRoot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nsa-k8s-')), 'k8s');
  fs.cpSync(k8s, renderRoot, { recursive: true });
  fs.rmSync(path.join(renderRoot, 'overlays', 'local', 'secrets.env'), { force: true });
  const made = spawnSync(
    process.execPath,
    [path.join(renderRoot, 'overlays', 'local', 'make-secrets.mjs')],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`make-secrets.mjs failed:\n${made.stderr}`);
  return renderRoot;
}

function render(overlay: string): Obj[] {
  const res = spawnSync(kubectl!, ['kustomize', path.join(renderTree(), 'overlays', overlay)], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`kubectl kustomize ${overlay} failed:\n${res.stderr}`);
  warnings[overlay] = res.stderr;
  return parseAllDocuments(res.stdout)
    .map((d) => d.toJS() as Obj)
    .filter(Boolean);
}

/**
 * The CloudNativePG Cluster has no model in kubernetes-models: its fields are checked against
 * the ones this project uses, all in the Cluster CRD of CloudNativePG 1.25 and later (the API
 * server would drop a misspelt one without a word).
 */
const CNPG_CLUSTER_FIELDS: Record<string, string> = {
  instances: 'number',
  imageName: 'string',
  primaryUpdateStrategy: 'string',
  enablePDB: 'boolean',
  inheritedMetadata: 'object',
  affinity: 'object',
  postgresql: 'object',
  bootstrap: 'object',
  managed: 'object',
  storage: 'object',
  resources: 'object',
};
function customResourceErrors(obj: Obj): string[] | undefined {
  if (obj.apiVersion !== 'postgresql.cnpg.io/v1') return undefined;
  const where = `${obj.kind}/${obj.metadata?.name}`;
  if (obj.kind !== 'Cluster') return [`${where}: unexpected kind in ${obj.apiVersion}`];
  return Object.entries(obj.spec as Obj).flatMap(([key, value]) =>
    CNPG_CLUSTER_FIELDS[key] === typeof value ? [] : [`${where}: spec.${key} is not expected`],
  );
}

async function schemaErrors(objects: Obj[]): Promise<string[]> {
  const errors: string[] = [];
  for (const obj of objects) {
    const where = `${obj.kind}/${obj.metadata?.name}`;
    const custom = customResourceErrors(obj);
    if (custom) {
      errors.push(...custom);
      continue;
    }
    let models: Record<string, new (o: Obj) => { validate(): void }>;
    try {
      models = (await import(`kubernetes-models/${obj.apiVersion}`)) as typeof models;
    } catch {
      errors.push(`${where}: unknown apiVersion ${obj.apiVersion}`);
      continue;
    }
    const Model = models[obj.kind];
    if (!Model) {
      errors.push(`${where}: unknown kind in ${obj.apiVersion}`);
      continue;
    }
    // kustomize v5 wraps long base64 values over lines; the API server's decoder skips
    // newlines, the schema's "byte" format does not.
    const normalized =
      obj.kind === 'Secret' && obj.data
        ? {
            ...obj,
            data: Object.fromEntries(
              Object.entries(obj.data as Record<string, string>).map(([k, v]) => [
                k,
                v.replace(/\s+/g, ''),
              ]),
            ),
          }
        : obj;
    try {
      new Model(normalized).validate();
    } catch (err) {
      errors.push(`${where}: ${(err as Error).message}`);
    }
  }
  return errors;
}

const byKind = (objects: Obj[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: Obj[], kind: string, name: string): Obj =>
  objects.find((o) => o.kind === kind && o.metadata.name === name) as Obj;
const pick = (objects: Obj[], test: (o: Obj) => boolean): Obj => objects.find(test) as Obj;
const workloads = (objects: Obj[]) =>
  objects.filter((o) => o.kind === 'Deployment' || o.kind === 'StatefulSet');
const matches = (selector: Obj | undefined, labels: Obj) =>
  !!selector &&
  Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  (selector.matchExpressions ?? []).every((e: Obj) =>
    e.operator === 'In'
      ? e.values.includes(labels[e.key])
      : e.operator === 'Exists'
        ? e.key in labels
        : false,
  );

/**
 * Whether a connection from `from` (a pod's labels, or an external address) to `to` on `port`
 * is allowed by the namespace's NetworkPolicies: the source's egress and the target's ingress
 * must both allow it (an external party has no egress policy; an external target none ingress).
 */
function allowed(
  policies: Obj[],
  from: Obj | { ip: string },
  to: Obj | { ip: string },
  port: number,
): boolean {
  const portOk = (rule: Obj) =>
    !rule.ports || rule.ports.some((p: Obj) => p.port === port && (p.protocol ?? 'TCP') === 'TCP');
  // A pod of another namespace carries '@namespace'; a peer without a namespaceSelector
  // means the policy's own namespace.
  const namespaceOk = (peer: Obj, other: Obj) =>
    peer.namespaceSelector === undefined
      ? other['@namespace'] === undefined
      : Object.keys(peer.namespaceSelector).length === 0 ||
        matches(peer.namespaceSelector, {
          'kubernetes.io/metadata.name': other['@namespace'],
        });
  const peerOk = (peers: Obj[] | undefined, other: Obj | { ip: string }) =>
    !peers ||
    peers.some((peer) =>
      'ip' in other
        ? !!peer.ipBlock
        : !peer.ipBlock &&
          namespaceOk(peer, other) &&
          (peer.podSelector === undefined ||
            matches(peer.podSelector, other) ||
            Object.keys(peer.podSelector).length === 0),
    );
  const side = (
    pod: Obj | { ip: string },
    type: 'Ingress' | 'Egress',
    other: Obj | { ip: string },
  ) => {
    // The namespace's policies govern its own pods only.
    if ('ip' in pod || pod['@namespace'] !== undefined) return true;
    const selecting = policies.filter(
      (p) =>
        (p.spec.policyTypes ?? ['Ingress']).includes(type) &&
        (Object.keys(p.spec.podSelector).length === 0 || matches(p.spec.podSelector, pod)),
    );
    if (selecting.length === 0) return true;
    const key = type === 'Ingress' ? 'ingress' : 'egress';
    const peersKey = type === 'Ingress' ? 'from' : 'to';
    return selecting.some((p) =>
      (p.spec[key] ?? []).some((rule: Obj) => portOk(rule) && peerOk(rule[peersKey], other)),
    );
  };
  return side(from, 'Egress', to) && side(to, 'Ingress', from);
}

const podLabels = (objects: Obj[], name: string): Obj =>
  workloads(objects).find((w) => w.metadata.name === name)!.spec.template.metadata.labels;

describe.skipIf(!kubectl)('Kubernetes manifests', () => {
  const rendered: Record<string, Obj[]> = {};
  beforeAll(() => {
    for (const o of OVERLAYS) rendered[o] = render(o);
  });

  describe.each(OVERLAYS)('overlay %s', (overlay) => {
    const objs = () => rendered[overlay]!;

    it('renders with kustomize v5 syntax and no deprecation warning', () => {
      expect(warnings[overlay]).not.toMatch(/warning|deprecated/i);
      const text = fs.readFileSync(
        path.join(k8s, 'overlays', overlay, 'kustomization.yaml'),
        'utf8',
      );
      expect(text).not.toMatch(/^(bases|patchesStrategicMerge|patchesJson6902):/m);
    });

    // R-RUN-DEPLOY: Kubernetes manifests beside the images.
    it('renders, and every object is valid against the Kubernetes API schemas', async () => {
      expect(objs().length).toBeGreaterThan(30);
      expect(await schemaErrors(objs())).toEqual([]);
      const ns = overlay === 'local' ? 'naschool-local' : 'naschool';
      for (const o of objs().filter((x) => x.kind !== 'Namespace')) {
        expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe(ns);
      }
    });

    it('runs every container non-root, read-only, with probes and resource limits', () => {
      for (const w of workloads(objs())) {
        const pod = w.spec.template.spec;
        const name = `${w.kind}/${w.metadata.name}`;
        expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
        expect(pod.securityContext?.runAsUser, name).toBeGreaterThan(0);
        expect(pod.automountServiceAccountToken, name).toBe(false);
        // Init containers (a service's `migrate`) as locked down as the rest; they take no probes.
        for (const c of pod.initContainers ?? []) {
          const what = `${name} init ${c.name}`;
          expect(c.securityContext?.readOnlyRootFilesystem, what).toBe(true);
          expect(c.securityContext?.allowPrivilegeEscalation, what).toBe(false);
          expect(c.securityContext?.capabilities?.drop, what).toContain('ALL');
          expect(c.resources?.requests?.cpu && c.resources?.requests?.memory, what).toBeTruthy();
          expect(c.resources?.limits?.cpu && c.resources?.limits?.memory, what).toBeTruthy();
        }
        for (const c of pod.containers) {
          expect(c.securityContext?.readOnlyRootFilesystem, name).toBe(true);
          expect(c.securityContext?.allowPrivilegeEscalation, name).toBe(false);
          expect(c.securityContext?.capabilities?.drop, name).toContain('ALL');
          expect(c.resources?.requests?.cpu && c.resources?.requests?.memory, name).toBeTruthy();
          expect(c.resources?.limits?.cpu && c.resources?.limits?.memory, name).toBeTruthy();
          expect(c.readinessProbe, name).toBeDefined();
          expect(c.livenessProbe, name).toBeDefined();
          const tmp = c.volumeMounts?.find((m: Obj) => m.mountPath === '/tmp');
          expect(tmp, `${name} /tmp`).toBeDefined();
          const vol = pod.volumes.find((v: Obj) => v.name === tmp.name);
          expect(vol.emptyDir, `${name} /tmp is an emptyDir`).toBeDefined();
        }
      }
    });

    it.each(SERVICES)(
      'runs svc-%s with /readyz and /livez probes, scrape annotations, its config and only its secrets',
      (name) => {
        const d = named(objs(), 'Deployment', name)!;
        expect(d).toBeDefined();
        const c = d.spec.template.spec.containers[0];
        // R-OPS-PROBES: an outage of the database or NATS makes pods unready, never restarts them.
        expect(c.readinessProbe.httpGet.path).toBe('/readyz');
        expect(c.livenessProbe.httpGet.path).toBe('/livez');
        expect(c.startupProbe.httpGet.path).toBe('/livez');
        // R-OPS-METRICS
        expect(d.spec.template.metadata.annotations).toEqual({
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': '9464',
          'prometheus.io/path': '/metrics',
        });
        const env = Object.fromEntries(c.env.map((e: Obj) => [e.name, e]));
        expect(env.SERVICE_NAME.value).toBe(name);
        expect(env.METRICS_PORT.value).toBe('9464');
        expect(c.ports.map((p: Obj) => p.containerPort).sort()).toEqual([8080, 9464]);
        expect(env.DB_SCHEMA.value).toBe(name);
        if (overlay === 'local') {
          expect(env.DATABASE_URL.valueFrom.secretKeyRef.key).toBe(
            `${name.toUpperCase()}_DATABASE_URL`,
          );
        } else {
          // Only its own role's password (the URL: 'runs PostgreSQL as a CloudNativePG ...').
          expect(env.DB_PASSWORD.valueFrom.secretKeyRef).toEqual({
            name: `naschool-db-${name}`,
            key: 'password',
          });
        }
        expect(env.SESSION_SECRET.valueFrom.secretKeyRef.key).toBe('SESSION_SECRET');
        expect('LINK_SEAL_SECRET' in env).toBe(
          name === 'identity' || name === 'registrations' || name === 'notify',
        );
        expect('SMTP_URL' in env).toBe(name === 'notify');
        // The key of two-step tickets and TOTP secrets: identity's alone (a leak of another
        // service's configuration grants no admin session).
        expect('IDENTITY_SECRET' in env).toBe(name === 'identity');
        // No secret arrives any other way.
        expect(c.envFrom.every((e: Obj) => e.configMapRef && !e.secretRef)).toBe(true);
        const svc = named(objs(), 'Service', name)!;
        expect(matches({ matchLabels: svc.spec.selector }, d.spec.template.metadata.labels)).toBe(
          true,
        );
        expect(d.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
      },
    );

    it.each(SERVICES)(
      "runs svc-%s's migrations first in an init container, the only one given its owner role",
      (name) => {
        const pod = named(objs(), 'Deployment', name)!.spec.template.spec;
        const c = pod.containers[0];
        const inits = (pod.initContainers ?? []) as Obj[];
        expect(inits.map((i) => i.name)).toEqual(['migrate']);
        const init = inits[0]!;
        // The service's own image, its migrations alone, then it ends.
        expect(init.image).toBe(c.image);
        expect(init.command).toEqual(['node', 'dist/src/main.js', 'migrate']);
        expect(init.securityContext).toEqual(c.securityContext);
        // It is given only what `main.js migrate` reads, and no secret of the service's.
        const env = Object.fromEntries((init.env as Obj[]).map((e) => [e.name, e]));
        expect(init.envFrom).toBeUndefined();
        expect(env.DB_SCHEMA.value).toBe(name);
        const values = (init.env as Obj[]).map((e) => String(e.value ?? '')).join(' ');
        const read = ['MIGRATION_DATABASE_URL', 'DB_SCHEMA', 'LOG_LEVEL', 'LOG_FILE'];
        const unread = Object.keys(env).filter(
          (n) => !read.includes(n) && !values.includes(`$(${n})`),
        );
        expect(unread).toEqual([]);
        const secretRefs = (cont: Obj) =>
          ((cont.env ?? []) as Obj[])
            .map((e) => e.valueFrom?.secretKeyRef)
            .filter(Boolean)
            // The local overlay's generated Secret by its name without kustomize's hash.
            .map((r: Obj) => `${r.name.replace(/^(naschool-secrets)-[a-z0-9]+$/, '$1')}/${r.key}`);
        const owner = `naschool-db-${name}-owner/password`;
        const ownerUrl = `naschool-secrets/${name.toUpperCase()}_MIGRATION_DATABASE_URL`;
        if (overlay === 'local') {
          expect(secretRefs(init)).toEqual([ownerUrl]);
        } else {
          // Its URL from the owner role's Secret (production's test below checks the URL).
          expect(secretRefs(init)).toEqual([owner]);
        }
        // The serving container never has the owner role's URL or password.
        expect(c.env.map((e: Obj) => e.name)).not.toContain('MIGRATION_DATABASE_URL');
        expect(secretRefs(c)).not.toContain(owner);
        expect(secretRefs(c)).not.toContain(ownerUrl);
        expect(secretRefs(c).filter((r) => /owner|MIGRATION/.test(r))).toEqual([]);
      },
    );

    it.each(SERVICES)(
      'stops svc-%s in a rolling restart without failing requests, within its grace period',
      (name) => {
        const d = named(objs(), 'Deployment', name)!;
        const pod = d.spec.template.spec;
        const c = pod.containers[0];
        const settings = pick(byKind(objs(), 'ConfigMap'), (m) =>
          m.metadata.name.startsWith('naschool-config'),
        ).data as Record<string, string>;
        // preStop: the endpoint removal reaches the gateway while the pod still serves.
        const [cmd, seconds] = c.lifecycle.preStop.exec.command as string[];
        expect(cmd).toBe('sleep');
        const preStopMs = Number(seconds) * 1000;
        expect(preStopMs).toBeGreaterThanOrEqual(3000);
        // Then SIGTERM: /readyz 503 and SHUTDOWN_GRACE_MS of answers that close their
        // connections (the gateway's pooled ones leave the pod), then the requests in flight
        // (SHUTDOWN_TIMEOUT_MS, 10 s by default), then the process's own 10 s to stop its
        // consumers; all before the kubelet's SIGKILL.
        const graceMs = Number(settings.SHUTDOWN_GRACE_MS ?? 0);
        expect(graceMs).toBeGreaterThan(0);
        const timeoutMs = Number(settings.SHUTDOWN_TIMEOUT_MS ?? 10_000);
        expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThanOrEqual(
          preStopMs + graceMs + timeoutMs + 10_000,
        );
        // A new pod takes traffic once ready, an old one leaves only after that.
        expect(d.spec.strategy.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
        // Liveness bears more than readiness: an outage makes pods unready, not restarted.
        const span = (p: Obj) => p.periodSeconds * (p.failureThreshold ?? 3);
        expect(span(c.livenessProbe)).toBeGreaterThan(span(c.readinessProbe));
        expect(c.startupProbe.periodSeconds * c.startupProbe.failureThreshold).toBeGreaterThan(60);
      },
    );

    // A variable renamed in a ConfigMap or a Deployment, or misspelt there, reaches no
    // service's configuration: caught here, before any cluster runs it.
    it("gives each service variables its configuration reads: its own each, the shared ConfigMap's by one at least", async () => {
      const configMaps = new Map(byKind(objs(), 'ConfigMap').map((o) => [o.metadata.name, o]));
      const kit = await import('@nsa/service-kit');
      const fromMaps = new Map<string, Set<string>>(); // a ConfigMap's key → who reads it
      for (const s of SERVICES) {
        const file = path.join(repo, `svc-${s}`, 'src', 'config.ts');
        const own = (await import(/* @vite-ignore */ file)) as Record<string, { shape: object }>;
        const schema = Object.values(own).find((v) => v && typeof v === 'object' && 'shape' in v)!;
        // Node's own NODE_OPTIONS too.
        const read = new Set([
          ...Object.keys(kit.baseConfigSchema.shape),
          ...Object.keys(schema.shape),
          'NODE_OPTIONS',
        ]);
        const c = named(objs(), 'Deployment', s).spec.template.spec.containers[0];
        for (const e of c.envFrom ?? []) {
          for (const key of Object.keys(configMaps.get(e.configMapRef.name)?.data ?? {})) {
            const k = `${e.configMapRef.name}: ${key}`;
            if (!fromMaps.has(k)) fromMaps.set(k, new Set());
            if (read.has(key)) fromMaps.get(k)!.add(s);
          }
        }
        // Its own entries: read by it, or used by another entry as $(NAME) (production's
        // DB_PASSWORD in DATABASE_URL).
        const values = (c.env ?? []).map((e: Obj) => String(e.value ?? '')).join(' ');
        const unread = (c.env ?? [])
          .map((e: Obj) => e.name as string)
          .filter((n: string) => !read.has(n) && !values.includes(`$(${n})`));
        expect(unread, `${overlay}: ${s} is given variables it does not read`).toEqual([]);
      }
      const nobody = [...fromMaps].filter(([, readers]) => readers.size === 0).map(([k]) => k);
      expect(nobody, `${overlay}: ConfigMap variables no service reads`).toEqual([]);
    });

    it('references only ConfigMaps and Secrets that exist (or, in production, the one made by hand)', () => {
      const configMaps = new Set(byKind(objs(), 'ConfigMap').map((o) => o.metadata.name));
      const secrets = new Map(byKind(objs(), 'Secret').map((o) => [o.metadata.name, o]));
      for (const w of workloads(objs())) {
        const pod = w.spec.template.spec;
        for (const v of pod.volumes ?? []) {
          if (v.configMap) expect(configMaps.has(v.configMap.name), v.configMap.name).toBe(true);
          if (!v.secret) continue;
          if (overlay === 'production') {
            // NATS's certificate, made by hand or by cert-manager (docs/deploy.md).
            expect(v.secret.secretName, w.metadata.name).toBe('nats-tls');
          } else {
            const secret = secrets.get(v.secret.secretName);
            expect(secret, v.secret.secretName).toBeDefined();
            for (const item of v.secret.items ?? [])
              expect(Object.keys(secret!.data), item.key).toContain(item.key);
          }
        }
        const init = new Set<Obj>(pod.initContainers ?? []);
        for (const c of [...init, ...pod.containers]) {
          for (const e of c.envFrom ?? []) {
            expect(configMaps.has(e.configMapRef.name), e.configMapRef.name).toBe(true);
          }
          for (const e of c.env ?? []) {
            const cm = e.valueFrom?.configMapKeyRef;
            if (cm) expect(configMaps.has(cm.name), cm.name).toBe(true);
            const ref = e.valueFrom?.secretKeyRef;
            if (!ref) continue;
            if (overlay === 'production') {
              // naschool-secrets, and a service's own database Secret (docs/deploy.md): its
              // role's for the service's container, its owner role's for the init container.
              const own = SERVICES.includes(w.metadata.name)
                ? [`naschool-db-${w.metadata.name}${init.has(c) ? '-owner' : ''}`]
                : [];
              expect(['naschool-secrets', ...own], `${w.metadata.name}: ${ref.name}`).toContain(
                ref.name,
              );
            } else {
              const secret = secrets.get(ref.name);
              expect(secret, ref.name).toBeDefined();
              if (!ref.optional) expect(Object.keys(secret!.data), ref.key).toContain(ref.key);
            }
          }
        }
      }
      if (overlay === 'production') expect(byKind(objs(), 'Secret')).toEqual([]);
    });

    it("exposes nginx stub_status (through an exporter on the pod loopback) and the services' metrics port to Prometheus, never a service's API port", () => {
      const gateway = named(objs(), 'Deployment', 'gateway')!;
      const pod = gateway.spec.template;
      expect(pod.metadata.annotations['prometheus.io/scrape']).toBe('true');
      const port = Number(pod.metadata.annotations['prometheus.io/port']);
      const exporter = pod.spec.containers.find((c: Obj) =>
        c.image.startsWith('nginx/nginx-prometheus-exporter:'),
      );
      expect(exporter.ports.map((p: Obj) => p.containerPort)).toEqual([port]);
      const scrape = exporter.args.find((a: string) => a.startsWith('--nginx.scrape-uri='));
      expect(scrape).toBe('--nginx.scrape-uri=http://127.0.0.1:8081/stub_status');
      const confMap = pick(
        byKind(objs(), 'ConfigMap'),
        (c) =>
          c.metadata.name ===
          pod.spec.volumes.find((v: Obj) => v.name === 'nginx-conf').configMap.name,
      );
      const conf: string = confMap.data['nginx.conf'];
      expect(conf).toMatch(
        /listen 127\.0\.0\.1:8081;\s+access_log off;\s+location = \/stub_status/,
      );
      // The public server listens on 8080 and refuses metrics and probe paths.
      expect(conf).toMatch(/listen 0\.0\.0\.0:8080;/);
      expect(conf).toContain('if ($gw_internal_path)');
      // Only Prometheus' namespace may scrape, and only the gateway and the services.
      const policies = byKind(objs(), 'NetworkPolicy');
      const prometheus = { '@namespace': 'monitoring', 'app.kubernetes.io/name': 'prometheus' };
      expect(allowed(policies, prometheus, podLabels(objs(), 'gateway'), port)).toBe(true);
      for (const s of SERVICES) {
        expect(allowed(policies, prometheus, podLabels(objs(), s), 9464), s).toBe(true);
        // R-TRUST-PROXY: a service believes X-Forwarded-For on its API port, so only the
        // gateway and the other services may reach that port; Prometheus may not.
        expect(allowed(policies, prometheus, podLabels(objs(), s), 8080), s).toBe(false);
      }
      expect(allowed(policies, prometheus, podLabels(objs(), 'nats'), 4222)).toBe(false);
      const elsewhere = { '@namespace': 'tenant-x', 'app.kubernetes.io/name': 'prometheus' };
      expect(allowed(policies, elsewhere, podLabels(objs(), 'catalog'), 9464)).toBe(false);
    });

    it('autoscales every service, from two pods in production, spread over nodes', () => {
      const hpas = byKind(objs(), 'HorizontalPodAutoscaler');
      expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...SERVICES].sort());
      for (const h of hpas) {
        const d = named(objs(), 'Deployment', h.spec.scaleTargetRef.name)!;
        expect(d).toBeDefined();
        expect(h.spec.maxReplicas).toBeGreaterThan(h.spec.minReplicas);
        // A rollout or a node lost leaves a serving pod; a laptop runs one.
        const min = overlay === 'production' ? 2 : 1;
        expect(h.spec.minReplicas, h.metadata.name).toBe(min);
        expect(d.spec.replicas, h.metadata.name).toBe(min);
        const spread = d.spec.template.spec.topologySpreadConstraints?.[0];
        expect(spread, h.metadata.name).toMatchObject({
          maxSkew: 1,
          topologyKey: 'kubernetes.io/hostname',
          labelSelector: { matchLabels: { 'app.kubernetes.io/name': d.metadata.name } },
        });
      }
    });

    it('gives every service, the gateway, the frontends and NATS a disruption budget of one pod at a time', () => {
      const pdbs = byKind(objs(), 'PodDisruptionBudget');
      for (const name of [...SERVICES, 'gateway', ...FRONTENDS, 'nats']) {
        const labels = podLabels(objs(), name);
        const mine = pdbs.filter((p) => matches(p.spec.selector, labels));
        expect(mine.length, name).toBe(1);
        // maxUnavailable, not minAvailable: a drain takes one of eight autoscaled pods, not seven.
        expect(mine[0]!.spec.maxUnavailable, name).toBe(1);
        expect(mine[0]!.spec.minAvailable, name).toBeUndefined();
      }
    });

    it('runs JetStream (nats-server 2.10.23 or later) on 3 clustered nodes that fsync every write, every stream on all 3', () => {
      const nats = named(objs(), 'StatefulSet', 'nats')!;
      const replicas = nats.spec.replicas as number;
      expect(replicas).toBe(3);
      // R-RUN-NATS-VERSION: an exact version, at least the one that fixed the stream loss.
      const image: string = nats.spec.template.spec.containers[0].image;
      const m = /^nats:(\d+\.\d+\.\d+)-alpine$/.exec(image);
      expect(m, image).not.toBeNull();
      expect(versionAtLeast(m![1]!, NATS_MIN_VERSION), image).toBe(true);
      const conf = pick(byKind(objs(), 'ConfigMap'), (c) =>
        c.metadata.name.startsWith('nats-config'),
      ).data['nats.conf'] as string;
      // R-EVENT-REPLAY: fsync once a second, as the launcher's three nodes (docs/architecture.md).
      expect(conf).toMatch(/jetstream\s*\{[^}]*\bsync_interval:\s*1s\b[^}]*\}/);
      expect(conf).toMatch(/store_dir:\s*\/data\b/);
      // Routes to every node by its stable name in the headless Service (R-NATS-ROUTES: with
      // the route password, from the environment).
      const routeVars = [...conf.matchAll(/^\s+\$(NATS_ROUTE_\d)$/gm)].map((r) => r[1]);
      const natsEnv = nats.spec.template.spec.containers[0].env as Obj[];
      const routes = routeVars.map((v) => natsEnv.find((e) => e.name === v)?.value as string);
      expect(routes).toEqual(
        Array.from(
          { length: replicas },
          (_, i) =>
            `nats-route://route:$(NATS_ROUTE_PASSWORD)@nats-${i}.${nats.spec.serviceName}:6222`,
        ),
      );
      const headless = named(objs(), 'Service', nats.spec.serviceName)!;
      expect(headless.spec.clusterIP).toBe('None');
      // Each node its own store on a volume of its own.
      const mount = nats.spec.template.spec.containers[0].volumeMounts.find(
        (v: Obj) => v.mountPath === '/data',
      );
      expect(nats.spec.volumeClaimTemplates.map((v: Obj) => v.metadata.name)).toContain(mount.name);
      // A restarted node is ready (and a rollout goes on) only once its streams caught up.
      const c = nats.spec.template.spec.containers[0];
      expect(c.startupProbe.httpGet.path).toBe('/healthz');
      const settings = pick(byKind(objs(), 'ConfigMap'), (c) =>
        c.metadata.name.startsWith('naschool-config'),
      );
      expect(settings.data.STREAM_REPLICAS).toBe(String(replicas));
      expect(settings.data.NATS_URL).toBe('nats://nats:4222');
      expect(named(objs(), 'Service', 'nats')).toBeDefined();
      // Production: one node per machine, so a machine lost takes one replica of each stream.
      const anti = nats.spec.template.spec.affinity.podAntiAffinity;
      if (overlay === 'production') {
        expect(anti.preferredDuringSchedulingIgnoredDuringExecution).toBeUndefined();
        expect(anti.requiredDuringSchedulingIgnoredDuringExecution).toEqual([
          {
            topologyKey: 'kubernetes.io/hostname',
            labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } },
          },
        ]);
      }
    });

    it('lets only the services into NATS, each as its own user with the permissions of natsPermissions (R-NATS-USERS)', () => {
      const conf = pick(byKind(objs(), 'ConfigMap'), (c) =>
        c.metadata.name.startsWith('nats-config'),
      ).data['nats.conf'] as string;
      expect(conf).toMatch(/authorization\s*\{/);
      const nats = named(objs(), 'StatefulSet', 'nats')!;
      const natsEnv = nats.spec.template.spec.containers[0].env as Array<{
        name: string;
        valueFrom?: { secretKeyRef?: { name: string; key: string } };
      }>;
      for (const s of SERVICES) {
        const upper = s.toUpperCase();
        expect(conf, s).toContain(
          `{user: ${JSON.stringify(s)}, password: $${upper}_NATS_PASSWORD, permissions: ${JSON.stringify(natsPermissions(s as ServiceName))}}`,
        );
        expect(
          natsEnv.find((e) => e.name === `${upper}_NATS_PASSWORD`)?.valueFrom?.secretKeyRef,
        ).toMatchObject({ key: `${upper}_NATS_PASSWORD` });
        const env = named(objs(), 'Deployment', s)!.spec.template.spec.containers[0].env as Array<{
          name: string;
          value?: string;
          valueFrom?: { secretKeyRef?: { name: string; key: string } };
        }>;
        expect(env.find((e) => e.name === 'NATS_USER')?.value, s).toBe(s);
        expect(
          env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef,
          s,
        ).toMatchObject({ key: `${upper}_NATS_PASSWORD` });
      }
    });

    it('has a NATS configuration that nats-server accepts', () => {
      const conf = pick(byKind(objs(), 'ConfigMap'), (c) =>
        c.metadata.name.startsWith('nats-config'),
      ).data['nats.conf'] as string;
      const bin = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((b) => fs.existsSync(b));
      if (!bin) return;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-conf-'));
      const file = path.join(dir, 'nats.conf');
      // The certificate make-secrets.mjs made for the local overlay, where the pod mounts it.
      const tls = path.join(renderTree(), 'overlays', 'local', 'nats-tls');
      fs.writeFileSync(
        file,
        conf
          .replace('store_dir: /data', `store_dir: ${dir}`)
          .replaceAll('/etc/nats-tls/', `${tls}/`),
      );
      // The passwords make-secrets.mjs made for the local overlay (nats-passwords.test.ts has
      // why each begins with a letter).
      const made = fs.readFileSync(
        path.join(renderTree(), 'overlays', 'local', 'secrets.env'),
        'utf8',
      );
      const secret = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(made)![1]!;
      const env = {
        ...process.env,
        POD_NAME: 'nats-0',
        ...Object.fromEntries(
          SERVICES.map((s) => [
            `${s.toUpperCase()}_NATS_PASSWORD`,
            secret(`${s.toUpperCase()}_NATS_PASSWORD`),
          ]),
        ),
        NATS_ROUTE_PASSWORD: secret('NATS_ROUTE_PASSWORD'),
        ...Object.fromEntries(
          [0, 1, 2].map((i) => [
            `NATS_ROUTE_${i}`,
            `nats-route://route:${secret('NATS_ROUTE_PASSWORD')}@nats-${i}.nats-cluster:6222`,
          ]),
        ),
      };
      const res = spawnSync(bin, ['-t', '-c', file], { encoding: 'utf8', env });
      expect(`${res.stdout}${res.stderr}`).toContain('is valid');
    });

    it('lets a NATS node join only with the route password and a certificate of the cluster CA, verified both ways, and clients in only over TLS (R-NATS-ROUTES)', () => {
      const conf = pick(byKind(objs(), 'ConfigMap'), (c) =>
        c.metadata.name.startsWith('nats-config'),
      ).data['nats.conf'] as string;
      const nats = named(objs(), 'StatefulSet', 'nats')!;
      const pod = nats.spec.template.spec;
      const c = pod.containers[0];
      const tlsMount = c.volumeMounts.find((m: Obj) => m.mountPath === '/etc/nats-tls');
      const tlsVolume = pod.volumes.find((v: Obj) => v.name === tlsMount.name);
      expect(tlsVolume.secret.secretName).toMatch(/^nats-tls(-[a-z0-9]+)?$/);
      expect(tlsVolume.secret.defaultMode & 0o007).toBe(0);
      const files = [
        'cert_file: /etc/nats-tls/tls.crt',
        'key_file: /etc/nats-tls/tls.key',
        'ca_file: /etc/nats-tls/ca.crt',
      ];
      const block = (text: string, name: string) =>
        new RegExp(`^(\\s*)${name} \\{\\n([\\s\\S]*?)^\\1\\}`, 'm').exec(text)?.[2] ?? '';
      // Clients: TLS at the top level, the certificate of the cluster's CA.
      const clientTls = block(conf, 'tls');
      for (const f of files) expect(clientTls).toContain(f);
      // Routes: the route user's password and TLS whose certificates are checked both ways.
      const cluster = block(conf, 'cluster');
      expect(block(cluster, 'authorization')).toMatch(
        /^\s*user: route\n\s*password: \$NATS_ROUTE_PASSWORD\n/,
      );
      const routeTls = block(cluster, 'tls');
      for (const f of files) expect(routeTls).toContain(f);
      expect(routeTls).toMatch(/^\s*verify: true$/m);
      const env = c.env as Obj[];
      const at = (n: string) => env.findIndex((e) => e.name === n);
      expect(env[at('NATS_ROUTE_PASSWORD')]!.valueFrom.secretKeyRef).toMatchObject({
        name: expect.stringMatching(/^naschool-secrets/),
        key: 'NATS_ROUTE_PASSWORD',
      });
      for (const i of [0, 1, 2])
        expect(at('NATS_ROUTE_PASSWORD')).toBeLessThan(at(`NATS_ROUTE_${i}`));
      // The services connect over TLS and check NATS's certificate against the CA, the one key
      // of the Secret they get.
      const settings = pick(byKind(objs(), 'ConfigMap'), (m) =>
        m.metadata.name.startsWith('naschool-config'),
      ).data as Record<string, string>;
      expect(settings.NATS_TLS_CA).toBe('/etc/nats-ca/ca.crt');
      for (const s of SERVICES) {
        const spec = named(objs(), 'Deployment', s)!.spec.template.spec;
        const mount = spec.containers[0].volumeMounts.find(
          (m: Obj) => m.mountPath === '/etc/nats-ca',
        );
        expect(mount?.readOnly, s).toBe(true);
        const volume = spec.volumes.find((v: Obj) => v.name === mount.name);
        expect(volume.secret.secretName, s).toBe(tlsVolume.secret.secretName);
        expect(volume.secret.items, s).toEqual([{ key: 'ca.crt', path: 'ca.crt' }]);
      }
      if (overlay === 'local') {
        // make-secrets.mjs's certificate: signed by its CA, for the client Service and every
        // node's route name, for servers and clients (a route shows it too).
        const secret = named(objs(), 'Secret', tlsVolume.secret.secretName)!;
        expect(secret.type).toBe('kubernetes.io/tls');
        const pem = (k: string) => Buffer.from(secret.data[k].replace(/\s+/g, ''), 'base64');
        const ca = new X509Certificate(pem('ca.crt'));
        const cert = new X509Certificate(pem('tls.crt'));
        expect(ca.ca).toBe(true);
        expect(cert.ca).toBe(false);
        expect(cert.verify(ca.publicKey)).toBe(true);
        expect(cert.checkPrivateKey(createPrivateKey(pem('tls.key')))).toBe(true);
        for (const host of ['nats', 'nats.naschool-local.svc', 'nats-2.nats-cluster'])
          expect(cert.checkHost(host), host).toBeDefined();
        expect(cert.checkHost('nats.other-namespace.svc')).toBeUndefined();
        expect(cert.keyUsage).toEqual(
          expect.arrayContaining(['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2']),
        );
      }
    });

    it("runs no PostgreSQL of its own: the host's locally (postgres:5432), the CloudNativePG cluster's in production", () => {
      // No plain PostgreSQL StatefulSet or Deployment in either.
      expect(byKind(objs(), 'StatefulSet').map((s) => s.metadata.name)).toEqual(['nats']);
      for (const w of workloads(objs()))
        for (const c of w.spec.template.spec.containers)
          expect(c.image, w.metadata.name).not.toMatch(/postgres/);
      const external = named(objs(), 'Service', 'postgres');
      const clusters = byKind(objs(), 'Cluster');
      if (overlay === 'local') {
        expect(external.spec.type).toBe('ExternalName');
        expect(external.spec.externalName).toBe('host.docker.internal');
        expect(clusters).toEqual([]);
      } else {
        expect(external).toBeUndefined();
        expect(clusters.map((c) => `${c.apiVersion} ${c.metadata.name}`)).toEqual([
          `postgresql.cnpg.io/v1 ${PG_CLUSTER}`,
        ]);
      }
    });

    it('lets only the gateway reach the services, and only the services reach PostgreSQL and NATS', () => {
      const policies = byKind(objs(), 'NetworkPolicy');
      const pod = (n: string) => podLabels(objs(), n);
      const internet = { ip: '203.0.113.7' };
      // Production: a pod of the CloudNativePG cluster, with the labels the operator gives it.
      const postgres =
        overlay === 'production'
          ? {
              'cnpg.io/cluster': PG_CLUSTER,
              'cnpg.io/podRole': 'instance',
              'cnpg.io/instanceRole': 'primary',
              'app.kubernetes.io/part-of': 'naschool',
            }
          : { ip: '192.168.1.10' };
      const nats = pod('nats');
      // The edge.
      expect(allowed(policies, internet, pod('gateway'), 8080)).toBe(true);
      for (const s of SERVICES) {
        expect(allowed(policies, internet, pod(s), 8080), `internet -> ${s}`).toBe(false);
        expect(allowed(policies, pod('gateway'), pod(s), 8080), `gateway -> ${s}`).toBe(true);
        expect(allowed(policies, pod(s), nats, 4222), `${s} -> nats`).toBe(true);
        expect(allowed(policies, pod(s), postgres, 5432), `${s} -> postgres`).toBe(true);
        // The /api/health aggregate asks every peer.
        for (const peer of SERVICES) expect(allowed(policies, pod(s), pod(peer), 8080)).toBe(true);
      }
      for (const f of FRONTENDS) {
        expect(allowed(policies, pod('gateway'), pod(f), 8080), `gateway -> ${f}`).toBe(true);
        expect(allowed(policies, internet, pod(f), 8080), `internet -> ${f}`).toBe(false);
        expect(allowed(policies, pod(f), pod('catalog'), 8080), `${f} -> catalog`).toBe(false);
        expect(allowed(policies, pod(f), nats, 4222)).toBe(false);
      }
      // Nothing but the services reaches the data stores.
      for (const other of ['gateway', ...FRONTENDS]) {
        expect(allowed(policies, pod(other), nats, 4222), `${other} -> nats`).toBe(false);
        expect(allowed(policies, pod(other), postgres, 5432), `${other} -> postgres`).toBe(false);
      }
      expect(allowed(policies, internet, nats, 4222)).toBe(false);
      expect(allowed(policies, nats, pod('nats'), 6222)).toBe(true);
      expect(allowed(policies, pod('notify'), { ip: '198.51.100.25' }, 587)).toBe(true);
      expect(allowed(policies, pod('catalog'), { ip: '198.51.100.25' }, 587)).toBe(false);
      if (overlay === 'production') {
        // The services reach PostgreSQL only at the cluster's pods, no other address.
        expect(allowed(policies, pod('catalog'), { ip: '10.99.0.1' }, 5432)).toBe(false);
        expect(allowed(policies, internet, postgres, 5432)).toBe(false);
        // The instances replicate among themselves; the operator reaches them from its
        // namespace; Prometheus scrapes their exporter; they reach DNS and the API server.
        const replica = { ...postgres, 'cnpg.io/instanceRole': 'replica' };
        expect(allowed(policies, replica, postgres, 5432)).toBe(true);
        expect(allowed(policies, postgres, replica, 8000)).toBe(true);
        const operator = {
          '@namespace': 'cnpg-system',
          'app.kubernetes.io/name': 'cloudnative-pg',
        };
        expect(allowed(policies, operator, postgres, 8000)).toBe(true);
        expect(allowed(policies, operator, postgres, 5432)).toBe(true);
        const stranger = { '@namespace': 'tenant-x', 'app.kubernetes.io/name': 'cloudnative-pg' };
        expect(allowed(policies, stranger, postgres, 8000)).toBe(false);
        const prometheus = { '@namespace': 'monitoring', 'app.kubernetes.io/name': 'prometheus' };
        expect(allowed(policies, prometheus, postgres, 9187)).toBe(true);
        expect(allowed(policies, prometheus, postgres, 5432)).toBe(false);
        const dns = { '@namespace': 'kube-system', 'k8s-app': 'kube-dns' };
        expect(allowed(policies, postgres, dns, 53)).toBe(true);
        expect(allowed(policies, postgres, { ip: '10.96.0.1' }, 443)).toBe(true);
        expect(allowed(policies, postgres, pod('catalog'), 8080)).toBe(false);
      }
    });

    it('gives the gateway its rendered config, routes that resolve, and the registry', () => {
      const gateway = named(objs(), 'Deployment', 'gateway')!;
      const mounts = gateway.spec.template.spec.volumes;
      const confMap = pick(
        byKind(objs(), 'ConfigMap'),
        (c) => c.metadata.name === mounts.find((v: Obj) => v.name === 'nginx-conf').configMap.name,
      );
      const conf: string = confMap.data['nginx.conf'];
      // The file in the overlay is what deploy/k8s/render-gateway.mjs renders today.
      expect(conf).toBe(renderFor(overlay));
      for (const [, host, port] of conf.matchAll(/^\s*server ([a-z0-9-]+):(\d+)/gm)) {
        const svc = named(objs(), 'Service', host!);
        expect(svc, `upstream ${host}`).toBeDefined();
        expect(svc.spec.ports.map((p: Obj) => p.port)).toContain(Number(port));
      }
      const frontend = pick(
        byKind(objs(), 'ConfigMap'),
        (c) =>
          c.metadata.name === mounts.find((v: Obj) => v.name === 'frontend-config').configMap.name,
      );
      const registry = JSON.parse(frontend.data['mfe-registry.json']) as Record<string, string>;
      expect(Object.keys(registry).sort()).toEqual(['mfe_admin', 'mfe_provider', 'mfe_public']);
      for (const [key, url] of Object.entries(registry)) {
        const name = key.replace('mfe_', '');
        const m = new RegExp(`^/mfe/${name}/([^/]+)/mf-manifest\\.json$`).exec(url);
        expect(m, url).not.toBeNull();
        // The version the shell loads is served by the remote's image: its own tag, or one
        // carried over from earlier images (a rollback through the registry's history).
        const image: string = named(objs(), 'Deployment', `mfe-${name}`)!.spec.template.spec
          .containers[0].image;
        const tag = image.split(':').at(-1);
        const historyFile = path.join(
          k8s,
          'overlays',
          overlay,
          'frontend',
          'mfe-registry.json.history.json',
        );
        const history = fs.existsSync(historyFile)
          ? (JSON.parse(fs.readFileSync(historyFile, 'utf8')) as Record<
              string,
              { entries: string[] }
            >)
          : {};
        const known = tag === m![1] || (history[key]?.entries ?? []).includes(url);
        expect(known, `${url} vs image ${image}`).toBe(true);
      }
      JSON.parse(frontend.data['app-config.json']);
    });

    it('exposes the gateway as the only way in', () => {
      const services = byKind(objs(), 'Service').filter((s) =>
        ['LoadBalancer', 'NodePort'].includes(s.spec.type),
      );
      if (overlay === 'production') {
        expect(services.map((s) => s.metadata.name)).toEqual(['gateway']);
        expect(services[0]!.spec.externalTrafficPolicy).toBe('Local');
      } else {
        expect(services).toEqual([]);
      }
    });
  });

  // R-RUN-DEMO-DATA: DEMO_DATA=0 adds nothing.
  it('production serves https with HSTS and seeds no demo data', () => {
    const objs = rendered.production!;
    const settings = pick(byKind(objs, 'ConfigMap'), (c) =>
      c.metadata.name.startsWith('naschool-config'),
    );
    expect(settings.data.PUBLIC_BASE_URL).toMatch(/^https:\/\//);
    expect(settings.data.DEMO_DATA).toBe('0');
    // R-TOTP: production never leaves an admin account with one factor.
    expect(settings.data.ADMIN_2FA_REQUIRED).toBe('1');
    expect(renderFor('production')).toContain('max-age=31536000');
    for (const w of workloads(objs)) {
      for (const c of w.spec.template.spec.containers) {
        expect(c.image, c.image).toMatch(/:[\w.-]+$/);
        expect(c.image).not.toMatch(/:(latest|dev)$/);
      }
    }
  });

  it('production runs PostgreSQL as a CloudNativePG Cluster of three, which every service reaches at its -rw Service as its own role', () => {
    const objs = rendered.production!;
    const cluster = named(objs, 'Cluster', PG_CLUSTER)!;
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    const spec = cluster.spec;
    expect(spec.instances).toBe(3);
    // An exact PostgreSQL 15 image (the major version the tests run on).
    expect(spec.imageName).toMatch(
      /^ghcr\.io\/cloudnative-pg\/postgresql:15\.\d+-\d+-[a-z]+-[a-z]+$/,
    );
    expect(spec.storage.size).toMatch(/^\d+Gi$/);
    // One instance per machine; a commit waits for one replica; the operator's PDBs.
    expect(spec.affinity).toMatchObject({
      enablePodAntiAffinity: true,
      podAntiAffinityType: 'required',
      topologyKey: 'kubernetes.io/hostname',
    });
    expect(spec.postgresql.synchronous).toMatchObject({ method: 'any', number: 1 });
    expect(spec.enablePDB).toBe(true);
    // DB_POOL_MAX for each pod the autoscalers may run fits in max_connections.
    const settings = pick(byKind(objs, 'ConfigMap'), (c) =>
      c.metadata.name.startsWith('naschool-config'),
    ).data as Record<string, string>;
    const pods = byKind(objs, 'HorizontalPodAutoscaler').reduce(
      (n, h) => n + (h.spec.maxReplicas as number),
      0,
    );
    expect(Number(spec.postgresql.parameters.max_connections)).toBeGreaterThan(
      pods * Number(settings.DB_POOL_MAX),
    );
    // The database, bootstrapped with the rendered SQL (roles, schemas, the audit store).
    expect(spec.bootstrap.initdb.database).toBe(DATABASE);
    const [ref] = spec.bootstrap.initdb.postInitApplicationSQLRefs.configMapRefs as Obj[];
    const sql = named(objs, 'ConfigMap', ref!.name)!;
    expect(sql.data[ref!.key]).toBe(fs.readFileSync(databaseSqlFile, 'utf8'));
    const roles = Object.fromEntries(
      (spec.managed.roles as Obj[]).map((r) => [r.name, r] as [string, Obj]),
    );
    // Each service's role, and the owner role its migrations run as.
    expect(Object.keys(roles).sort()).toEqual(
      SERVICES.flatMap((s) => [`svc_${s}`, `svc_${s}_owner`]).sort(),
    );
    for (const s of SERVICES) {
      const role = roles[`svc_${s}`]!;
      expect(role).toMatchObject({ ensure: 'present', login: true });
      expect(role.superuser ?? false).toBe(false);
      expect(role.passwordSecret.name).toBe(`naschool-db-${s}`);
      const owner = roles[`svc_${s}_owner`]!;
      expect(owner).toMatchObject({ ensure: 'present', login: true });
      expect(owner.superuser ?? false).toBe(false);
      expect(owner.passwordSecret.name).toBe(`naschool-db-${s}-owner`);
      // The init container `migrate` connects as the owner role, with its Secret's password.
      const pod = named(objs, 'Deployment', s)!.spec.template.spec;
      const initEnv = pod.initContainers.find((c: Obj) => c.name === 'migrate').env as Obj[];
      const initAt = (n: string) => initEnv.findIndex((e) => e.name === n);
      expect(initEnv[initAt('DB_PASSWORD')]!.valueFrom.secretKeyRef).toEqual({
        name: owner.passwordSecret.name,
        key: 'password',
      });
      expect(initAt('DB_PASSWORD')).toBeLessThan(initAt('MIGRATION_DATABASE_URL'));
      const migration = initEnv[initAt('MIGRATION_DATABASE_URL')]!;
      expect(migration.valueFrom, s).toBeUndefined();
      const ownerUrl = new URL(migration.value as string);
      expect(ownerUrl.hostname, s).toBe(`${PG_CLUSTER}-rw`);
      expect(ownerUrl.port).toBe('5432');
      expect(ownerUrl.username).toBe(`svc_${s}_owner`);
      expect(ownerUrl.password).toBe('$(DB_PASSWORD)');
      expect(ownerUrl.pathname).toBe(`/${DATABASE}`);
      const env = pod.containers[0].env as Obj[];
      const at = (n: string) => env.findIndex((e) => e.name === n);
      // The role's password from the Secret the operator sets it from, defined before the
      // URL (Kubernetes expands $(VAR) only from earlier variables).
      expect(env[at('DB_PASSWORD')]!.valueFrom.secretKeyRef).toEqual({
        name: role.passwordSecret.name,
        key: 'password',
      });
      expect(at('DB_PASSWORD')).toBeLessThan(at('DATABASE_URL'));
      const dsn = env[at('DATABASE_URL')]!;
      expect(dsn.valueFrom, s).toBeUndefined();
      const url = new URL(dsn.value as string);
      expect(url.protocol).toBe('postgres:');
      expect(url.hostname, s).toBe(`${PG_CLUSTER}-rw`);
      expect(url.port).toBe('5432');
      expect(url.username).toBe(`svc_${s}`);
      expect(url.password).toBe('$(DB_PASSWORD)');
      expect(url.pathname).toBe(`/${DATABASE}`);
    }
  });
});

describe('what the manifests say once per service (deploy/k8s/render-services.mjs)', () => {
  it('is up to date with the table of services', () => {
    expect(staleFiles().map(([file]) => path.relative(k8s, file))).toEqual([]);
  });

  it('lists one manifest of its own per service of the table, and no other', () => {
    const own = fs
      .readdirSync(path.join(k8s, 'base', 'services'))
      .filter((f) => f !== 'kustomization.yaml')
      .sort();
    expect(own).toEqual(SERVICE_NAMES.map((n) => `${n}.yaml`).sort());
  });
});

describe("the production database's first-start SQL (overlays/production/database/bootstrap.sql)", () => {
  it('is up to date (node deploy/k8s/render-database.mjs)', () => {
    expect(fs.readFileSync(databaseSqlFile, 'utf8')).toBe(renderDatabase());
  });

  it("gives each service on a real PostgreSQL its role, its schema as search_path and nothing of the others', its owner role acting as its role, pg_trgm, and identity the append-only audit store", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nsa-k8s-pg-'));
    // The cluster runs as an unprivileged user when we are root; it must reach its data dir.
    fs.chmodSync(dir, 0o755);
    const { adminUrl, proc } = await startPostgres({
      dataDir: path.join(dir, 'pg'),
      port: await freePort(),
      logFile: path.join(dir, 'pg.log'),
    });
    const clients: pg.Client[] = [];
    const connect = async (url: string) => {
      const c = new pg.Client({ connectionString: url });
      // The server's shutdown at the end of a failed test is no second failure.
      c.on('error', () => undefined);
      clients.push(c);
      await c.connect();
      return c;
    };
    const inDatabase = (url: string, user?: string, password?: string) => {
      const u = new URL(url);
      u.pathname = `/${DATABASE}`;
      if (user) [u.username, u.password] = [user, password!];
      return u.toString();
    };
    try {
      const admin = await connect(adminUrl);
      await admin.query(`CREATE DATABASE ${DATABASE}`);
      await admin.end();
      // As CloudNativePG runs it: the file as one script, as the superuser, in the database;
      // a second run (after an upgrade) changes nothing and fails on nothing.
      const su = await connect(inDatabase(adminUrl));
      const sql = fs.readFileSync(databaseSqlFile, 'utf8');
      await su.query(sql);
      await su.query(sql);
      // What the operator does with each managed role's Secret.
      for (const s of SERVICES) {
        await su.query(`ALTER ROLE svc_${s} PASSWORD 'pw-${s}'`);
        await su.query(`ALTER ROLE svc_${s}_owner PASSWORD 'pw-${s}-owner'`);
      }
      const ext = await su.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
      expect(ext.rowCount).toBe(1);
      await su.end();

      for (const s of SERVICES) {
        const c = await connect(inDatabase(adminUrl, `svc_${s}`, `pw-${s}`));
        try {
          expect((await c.query('SHOW search_path')).rows[0].search_path).toBe(s);
          // Its migrations create tables in its own schema.
          await c.query(`CREATE TABLE probe_${s} (id int)`);
          const where = await c.query(
            `SELECT schemaname FROM pg_tables WHERE tablename = 'probe_${s}'`,
          );
          expect(where.rows.map((r) => r.schemaname)).toEqual([s]);
          // Nothing in another service's schema or in public.
          const other = SERVICES.find((o) => o !== s)!;
          await expect(c.query(`CREATE TABLE ${other}.intruder (id int)`)).rejects.toThrow(
            /permission denied/,
          );
          await expect(c.query('CREATE TABLE public.intruder (id int)')).rejects.toThrow(
            /permission denied/,
          );
          const audit = `identity_audit.audit_entries`;
          if (s === 'identity') {
            // R-AUDIT-APPEND-ONLY: it may add and read entries, never change or remove them.
            await c.query(
              `INSERT INTO ${audit} (id, at, service, actor_type, action, target_type)
               VALUES (gen_random_uuid(), now(), 'identity', 'system', 'probe', 'probe')`,
            );
            expect((await c.query(`SELECT count(*)::int AS n FROM ${audit}`)).rows[0].n).toBe(1);
            await expect(c.query(`DELETE FROM ${audit}`)).rejects.toThrow(/permission denied/);
            await expect(c.query(`DROP TABLE ${audit}`)).rejects.toThrow(/must be owner/);
          } else {
            await expect(c.query(`SELECT 1 FROM ${audit}`)).rejects.toThrow(/permission denied/);
          }
          // The service's role may not act as its owner role.
          await expect(c.query(`SET ROLE svc_${s}_owner`)).rejects.toThrow(/permission denied/);
        } finally {
          await c.end();
        }
        // The owner role, which its migrations run as: it logs in, with the schema as its
        // search_path, and acts as the service's role, so what it creates the service owns.
        const o = await connect(inDatabase(adminUrl, `svc_${s}_owner`, `pw-${s}-owner`));
        try {
          expect((await o.query('SHOW search_path')).rows[0].search_path).toBe(s);
          await o.query(`SET ROLE svc_${s}`);
          await o.query(`CREATE TABLE migrated_${s} (id int)`);
          const made = await o.query(
            `SELECT schemaname, tableowner FROM pg_tables WHERE tablename = 'migrated_${s}'`,
          );
          expect(made.rows).toEqual([{ schemaname: s, tableowner: `svc_${s}` }]);
          await o.query('RESET ROLE');
          const attrs = await o.query(
            `SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user`,
          );
          expect(attrs.rows).toEqual([
            { rolsuper: false, rolcreatedb: false, rolcreaterole: false },
          ]);
          // Not another service's role.
          const other = SERVICES.find((x) => x !== s)!;
          await expect(o.query(`SET ROLE svc_${other}`)).rejects.toThrow(/permission denied/);
        } finally {
          await o.end();
        }
      }
    } finally {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
      await proc.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('secrets of the local overlay', () => {
  const local = path.join(k8s, 'overlays', 'local');
  const secretsOf = (dir: string) =>
    Object.fromEntries(
      fs
        .readFileSync(path.join(dir, 'secrets.env'), 'utf8')
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );

  it('are no committed literals: they come from a git-ignored secrets.env', () => {
    const text = fs.readFileSync(path.join(local, 'kustomization.yaml'), 'utf8');
    expect(text).not.toMatch(/literals:/);
    expect(text).not.toMatch(/(SECRET|PASSWORD|DATABASE_URL)=/);
    expect(text).toMatch(/envs:\s+- secrets\.env/);
    const ignored = spawnSync('git', ['check-ignore', '-q', path.join(local, 'secrets.env')], {
      cwd: repo,
    });
    expect(ignored.status, 'secrets.env is git-ignored').toBe(0);
    const tlsIgnored = spawnSync(
      'git',
      ['check-ignore', '-q', path.join(local, 'nats-tls', 'tls.key')],
      { cwd: repo },
    );
    expect(tlsIgnored.status, 'nats-tls/ is git-ignored').toBe(0);
  });

  it('are made fresh and random by make-secrets.mjs, for every secret the services read', () => {
    const made = [1, 2].map(() => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nsa-secrets-'));
      fs.copyFileSync(path.join(local, 'make-secrets.mjs'), path.join(dir, 'make-secrets.mjs'));
      const res = spawnSync(process.execPath, [path.join(dir, 'make-secrets.mjs')], {
        encoding: 'utf8',
      });
      expect(res.status, res.stderr).toBe(0);
      expect(fs.statSync(path.join(dir, 'secrets.env')).mode & 0o077).toBe(0);
      // R-NATS-ROUTES: NATS's certificate, its key readable by its owner only.
      expect(fs.statSync(path.join(dir, 'nats-tls', 'tls.key')).mode & 0o077).toBe(0);
      const tls = ['ca.crt', 'tls.crt'].map((f) =>
        fs.readFileSync(path.join(dir, 'nats-tls', f), 'utf8'),
      );
      const values: Record<string, string> = { ...secretsOf(dir), CA: tls[0]! };
      return { values, out: res.stdout };
    });
    const [a, b] = made.map((m) => m.values);
    for (const key of [
      'SESSION_SECRET',
      'LINK_SEAL_SECRET',
      'IDENTITY_SECRET',
      'CATALOG_NATS_PASSWORD',
      'REGISTRATIONS_NATS_PASSWORD',
      'IDENTITY_NATS_PASSWORD',
      'NOTIFY_NATS_PASSWORD',
      'NATS_ROUTE_PASSWORD',
      'BOOTSTRAP_ADMIN_PASSWORD',
    ]) {
      expect(a![key]!.length, key).toBeGreaterThanOrEqual(32);
      expect(a![key], key).not.toBe(b![key]);
    }
    for (const s of SERVICES) {
      expect(a![`${s.toUpperCase()}_DATABASE_URL`]).not.toBe(b![`${s.toUpperCase()}_DATABASE_URL`]);
      // The owner role's, for the init container `migrate`: a password of its own.
      const owner = new URL(a![`${s.toUpperCase()}_MIGRATION_DATABASE_URL`]!);
      expect(owner.username).toBe(`svc_${s}_owner`);
      expect(owner.password.length).toBeGreaterThanOrEqual(32);
      expect(owner.password).not.toBe(new URL(a![`${s.toUpperCase()}_DATABASE_URL`]!).password);
      expect(a![`${s.toUpperCase()}_MIGRATION_DATABASE_URL`]).not.toBe(
        b![`${s.toUpperCase()}_MIGRATION_DATABASE_URL`],
      );
    }
    // Each cluster its own CA.
    expect(a!.CA).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(a!.CA).not.toBe(b!.CA);
    // The developer learns the admin's password and the roles' SQL once, from the output.
    expect(made[0]!.out).toContain(a!.BOOTSTRAP_ADMIN_PASSWORD);
    expect(made[0]!.out).toContain('CREATE ROLE svc_catalog LOGIN PASSWORD');
    expect(made[0]!.out).toContain('CREATE ROLE svc_catalog_owner LOGIN PASSWORD');
    expect(made[0]!.out).toContain('GRANT svc_catalog TO svc_catalog_owner;');
  });
});

describe("the local overlay's images", () => {
  // A developer's cluster runs what `npm run images` builds (naschool/<name>:<version>, each
  // remote under its own package's version): images:up mounts this overlay's registry as it is.
  it('are the tags npm run images gives, and the registry names each remote by its version', () => {
    const local = path.join(k8s, 'overlays', 'local');
    const version = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).version;
    const text = fs.readFileSync(path.join(local, 'kustomization.yaml'), 'utf8');
    const tags = [...text.matchAll(/^ {2}- name: naschool\/(\S+)\n {4}newTag: (\S+)$/gm)];
    expect(tags.map((m) => m[1]).sort()).toEqual(
      [
        ...SERVICES.map((s) => `svc-${s}`),
        'gateway',
        'shell',
        'mfe-public',
        'mfe-admin',
        'mfe-provider',
      ].sort(),
    );
    for (const m of tags) expect(m[2], m[1]).toBe(version);
    const registry = JSON.parse(
      fs.readFileSync(path.join(local, 'frontend', 'mfe-registry.json'), 'utf8'),
    ) as Record<string, string>;
    for (const entry of Object.values(registry)) {
      const [, name, v] = /^\/mfe\/([a-z]+)\/([^/]+)\/mf-manifest\.json$/.exec(entry)!;
      const pkg = JSON.parse(
        fs.readFileSync(path.join(repo, `mfe-${name}`, 'package.json'), 'utf8'),
      );
      expect(v, entry).toBe(pkg.version);
    }
  });
});

describe('rendered gateway configs', () => {
  it('are up to date for the base and every overlay (node deploy/k8s/render-gateway.mjs)', () => {
    for (const target of targets()) {
      const file = path.join(
        k8s,
        ...(target === 'base' ? ['base'] : ['overlays', target]),
        'gateway',
        'nginx.conf',
      );
      expect(fs.readFileSync(file, 'utf8'), file).toBe(renderFor(target));
    }
  });
});
