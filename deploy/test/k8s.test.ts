// deploy/k8s: both overlays render with `kubectl kustomize`, every object validates against
// the Kubernetes API schemas (kubernetes-models), and the rendered objects keep the promises
// of docs/deploy.md: probes, limits, non-root read-only containers, secrets only where needed,
// autoscaling, a 3-node JetStream, and NetworkPolicies that let only the gateway reach the
// services and only the services reach PostgreSQL and NATS.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { natsPermissions, type ServiceName } from '@nsa/contracts';
import { renderFor, targets } from '../k8s/render-gateway.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const k8s = path.join(repo, 'deploy', 'k8s');
const OVERLAYS = ['local', 'production'] as const;
const SERVICES = ['catalog', 'registrations', 'identity', 'notify'];
const FRONTENDS = ['shell', 'mfe-public', 'mfe-admin', 'mfe-provider'];

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

async function schemaErrors(objects: Obj[]): Promise<string[]> {
  const errors: string[] = [];
  for (const obj of objects) {
    const where = `${obj.kind}/${obj.metadata?.name}`;
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
        expect(env.DATABASE_URL.valueFrom.secretKeyRef.key).toBe(
          `${name.toUpperCase()}_DATABASE_URL`,
        );
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

    it('references only ConfigMaps and Secrets that exist (or, in production, the one made by hand)', () => {
      const configMaps = new Set(byKind(objs(), 'ConfigMap').map((o) => o.metadata.name));
      const secrets = new Map(byKind(objs(), 'Secret').map((o) => [o.metadata.name, o]));
      for (const w of workloads(objs())) {
        const pod = w.spec.template.spec;
        for (const v of pod.volumes ?? []) {
          if (v.configMap) expect(configMaps.has(v.configMap.name), v.configMap.name).toBe(true);
        }
        for (const c of pod.containers) {
          for (const e of c.envFrom ?? []) {
            expect(configMaps.has(e.configMapRef.name), e.configMapRef.name).toBe(true);
          }
          for (const e of c.env ?? []) {
            const ref = e.valueFrom?.secretKeyRef;
            if (!ref) continue;
            if (overlay === 'production') {
              expect(ref.name).toBe('naschool-secrets');
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

    it('autoscales catalog and registrations', () => {
      const hpas = byKind(objs(), 'HorizontalPodAutoscaler');
      expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([
        'catalog',
        'registrations',
      ]);
      for (const h of hpas) {
        expect(named(objs(), 'Deployment', h.spec.scaleTargetRef.name)).toBeDefined();
        expect(h.spec.maxReplicas).toBeGreaterThan(h.spec.minReplicas);
      }
    });

    it('runs JetStream on 3 NATS nodes and creates every stream with 3 replicas', () => {
      const nats = named(objs(), 'StatefulSet', 'nats')!;
      expect(nats.spec.replicas).toBe(3);
      const conf = pick(byKind(objs(), 'ConfigMap'), (c) =>
        c.metadata.name.startsWith('nats-config'),
      );
      expect(conf.data['nats.conf']).toMatch(/jetstream\s*\{/);
      for (let i = 0; i < 3; i += 1)
        expect(conf.data['nats.conf']).toContain(`nats-${i}.nats-cluster:6222`);
      const settings = pick(byKind(objs(), 'ConfigMap'), (c) =>
        c.metadata.name.startsWith('naschool-config'),
      );
      expect(settings.data.STREAM_REPLICAS).toBe('3');
      expect(settings.data.NATS_URL).toBe('nats://nats:4222');
      expect(named(objs(), 'Service', 'nats')).toBeDefined();
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
      fs.writeFileSync(file, conf.replace('store_dir: /data', `store_dir: ${dir}`));
      const env = {
        ...process.env,
        POD_NAME: 'nats-0',
        ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_NATS_PASSWORD`, 'x'])),
      };
      const res = spawnSync(bin, ['-t', '-c', file], { encoding: 'utf8', env });
      expect(`${res.stdout}${res.stderr}`).toContain('is valid');
    });

    it('keeps PostgreSQL outside, reached as postgres:5432', () => {
      const pg = named(objs(), 'Service', 'postgres')!;
      expect(pg.spec.type).toBe('ExternalName');
      expect(pg.spec.externalName).toBeTruthy();
      expect(byKind(objs(), 'StatefulSet').map((s) => s.metadata.name)).toEqual(['nats']);
    });

    it('lets only the gateway reach the services, and only the services reach PostgreSQL and NATS', () => {
      const policies = byKind(objs(), 'NetworkPolicy');
      const pod = (n: string) => podLabels(objs(), n);
      const internet = { ip: '203.0.113.7' };
      const postgres = { ip: overlay === 'production' ? '10.20.30.40' : '192.168.1.10' };
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
        expect(allowed(policies, pod('catalog'), { ip: '10.99.0.1' }, 5432)).toBe(true);
        const svc = pick(policies, (p) => p.metadata.name === 'services');
        const cidrs = svc.spec.egress
          .flatMap((r: Obj) => (r.to ?? []).map((t: Obj) => t.ipBlock?.cidr))
          .filter(Boolean);
        expect(cidrs).toEqual(['10.20.30.0/24']);
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
      return { values: secretsOf(dir), out: res.stdout };
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
      'BOOTSTRAP_ADMIN_PASSWORD',
    ]) {
      expect(a![key]!.length, key).toBeGreaterThanOrEqual(32);
      expect(a![key], key).not.toBe(b![key]);
    }
    for (const s of SERVICES)
      expect(a![`${s.toUpperCase()}_DATABASE_URL`]).not.toBe(b![`${s.toUpperCase()}_DATABASE_URL`]);
    // The developer learns the admin's password and the roles' SQL once, from the output.
    expect(made[0]!.out).toContain(a!.BOOTSTRAP_ADMIN_PASSWORD);
    expect(made[0]!.out).toContain('CREATE ROLE svc_catalog LOGIN PASSWORD');
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
