// Renders what the Kubernetes manifests say once per service from the table of services
// (packages/contracts/src/services.mjs), so that a new service brings only its own manifest,
// base/services/<name>.yaml (copy one of the others): the list of those manifests, NATS's users
// (R-NATS-USERS, from natsPermissions()) and their passwords, HEALTH_PEERS, the overlays'
// images, the local overlay's secrets, production's database roles (each service's runtime
// role and the owner role its migrations run as) and URLs, and the not-ready alert
// (deploy/monitoring/alerts.yaml). An entry already there is kept as it is; a new service's is
// made from the first service's with the name changed; a service no longer in the table loses
// its own (where it is recognised).
// deploy/test/k8s.test.ts fails while a file is out of date. Needs packages/contracts built
// (npm run build:backend).
//
//   node deploy/k8s/render-services.mjs          (writes the files that changed)
//   node deploy/k8s/render-services.mjs --check  (exit 1 if one is out of date)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { natsPermissions } from '@nsa/contracts';
import { SERVICES } from '../../packages/contracts/src/services.mjs';

export const k8sDir = path.dirname(fileURLToPath(import.meta.url));
const NAMES = SERVICES.map((s) => s.name);

const SERVICES_KUSTOMIZATION = `# Rendered by deploy/k8s/render-services.mjs from the table of services: do not edit. Each
# service's own manifest: its Deployment and Service, its autoscaler and its disruption budget.
# Every service runs at least two pods and scales on CPU: catalog (every page view lists
# activities) and registrations (sign-ups) take the load; identity answers every signed-in
# request's session question and hashes passwords at login; notify sends the emails. All are
# stateless; their JetStream consumers share one durable across replicas, so scaling out never
# handles an event twice. Node drains and cluster upgrades take one pod at a time from what
# serves traffic, however many the autoscaler runs (minAvailable: 1 would let a drain take all
# but one of eight).
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
`;

/** `from`'s name replaced by `to`'s in a template entry: catalog, CATALOG, svc_catalog, …. */
function rename(text, from, to) {
  return text
    .replace(new RegExp(`(?<![a-z])${from}(?![a-z])`, 'g'), to)
    .replace(new RegExp(`(?<![A-Z])${from.toUpperCase()}(?![A-Z])`, 'g'), to.toUpperCase());
}

/** Leading comment lines of a YAML document belong to its file, not to a template. */
const withoutComments = (text) => text.replace(/^(#.*\n)+/, '');

/**
 * Replaces the run of `items` that belong to a service (`keyOf` gives its name, else
 * undefined) by one item per service of the table: the existing one, or a copy of the run's
 * first with the name changed (`make` when given). With `suffixes`, each service has one item
 * per suffix, keyed `<name><suffix>` (`catalog`, `catalog_owner`), in that order; a new one is
 * a copy of the run's first of the same suffix.
 */
function renderRun(items, keyOf, make, suffixes = ['']) {
  const at = items.map((item, i) => (keyOf(item) === undefined ? -1 : i)).filter((i) => i >= 0);
  if (at.length === 0) throw new Error('render-services: no service entry to start from');
  const first = at[0];
  const last = at.at(-1);
  if (last - first + 1 !== at.length) throw new Error('render-services: service entries apart');
  const existing = new Map(at.map((i) => [keyOf(items[i]), items[i]]));
  // The longest suffix a key ends with ('' for the service's own entry).
  const suffixOf = (key) =>
    suffixes.filter((x) => key.endsWith(x)).sort((a, b) => b.length - a.length)[0];
  const made = NAMES.flatMap((name) =>
    suffixes.map((suffix) => {
      const key = `${name}${suffix}`;
      const kept = make?.(key) ?? existing.get(key);
      if (kept !== undefined) return kept;
      const i = at.find((j) => suffixOf(keyOf(items[j])) === suffix);
      if (i === undefined) throw new Error(`render-services: no entry ${key} to start from`);
      const template = items[i];
      const from = keyOf(template).slice(0, keyOf(template).length - suffix.length);
      return rename(withoutComments(template), from, name);
    }),
  );
  return [...items.slice(0, first), ...made, ...items.slice(last + 1)];
}

/** The items of a YAML list at `indent` (`  - `), each with the lines nested under it. */
function renderListItems(text, indent, keyOf, make, suffixes) {
  const lines = text.split(/(?<=\n)/);
  const items = [];
  for (const line of lines) {
    const starts = line.startsWith(`${indent}- `);
    const nested = line.startsWith(`${indent}  `) && items.length > 0 && items.at(-1).open;
    if (starts) items.push({ text: line, open: true });
    else if (nested) items.at(-1).text += line;
    else items.push({ text: line, open: false });
  }
  const texts = items.map((i) => i.text);
  const key = (t) => (t.startsWith(`${indent}- `) ? keyOf(t) : undefined);
  return renderRun(texts, key, make, suffixes).join('');
}

/** The documents of a multi-document YAML file, by kind. */
function renderDocuments(text, kind, keyOf) {
  const docs = text.split(/(?<=^|\n)---\n/);
  const ofKind = (d) => new RegExp(`^kind: ${kind}$`, 'm').test(d);
  return renderRun(docs, (d) => (ofKind(d) ? keyOf(d) : undefined)).join('---\n');
}

const match = (re) => (text) => re.exec(text)?.[1];
/** A document's name when it is a service's (the gateway's and the frontends' are not). */
const docName = (text) => {
  const name = match(/^metadata:\n {2}name: ([a-z][a-z0-9-]*)$/m)(text);
  return NAMES.includes(name) ? name : undefined;
};

/** Every rendered file: its path below deploy/k8s and its text given the current one. */
export const RENDERED = {
  'base/services/kustomization.yaml': () =>
    SERVICES_KUSTOMIZATION + NAMES.map((n) => `  - ${n}.yaml\n`).join(''),
  'base/nats.yaml': (text) => {
    // The users: each line from natsPermissions() (a test keeps them equal to it).
    const userLine = /^( *)\{user: "([a-z]+)", password: .*\n/;
    const lines = text.split(/(?<=\n)/);
    const indent = userLine.exec(lines.find((l) => userLine.test(l)) ?? '')?.[1] ?? '';
    const users = renderRun(
      lines,
      (l) => userLine.exec(l)?.[2],
      (name) =>
        `${indent}{user: ${JSON.stringify(name)}, password: $${name.toUpperCase()}_NATS_PASSWORD, ` +
        `permissions: ${JSON.stringify(natsPermissions(name))}}\n`,
    ).join('');
    // Their passwords, in the nodes' environment.
    return renderListItems(users, ' '.repeat(12), (t) =>
      /- name: ([A-Z]+)_NATS_PASSWORD\n/.exec(t)?.[1]?.toLowerCase(),
    );
  },
  'base/config.env': (text) =>
    text.replace(
      /^HEALTH_PEERS=.*$/m,
      `HEALTH_PEERS=${NAMES.map((n) => `${n}=http://${n}:8080`).join(',')}`,
    ),
  'overlays/local/kustomization.yaml': (text) => renderListItems(text, '  ', (t) => imageKey(t)),
  'overlays/production/kustomization.yaml': (text) =>
    renderListItems(text, '  ', (t) => imageKey(t)),
  'overlays/production/patch-database-url.yaml': (text) =>
    renderDocuments(text, 'Deployment', docName),
  'overlays/local/make-secrets.mjs': (text) =>
    text.replace(
      /^const SERVICES = \[.*\];$/m,
      `const SERVICES = [${NAMES.map((n) => `'${n}'`).join(', ')}];`,
    ),
  // The alert on Deployments short of ready replicas: every service's and the gateway's.
  '../monitoring/alerts.yaml': (text) =>
    text.replace(/deployment=~"[a-z|-]*\|gateway"/g, `deployment=~"${NAMES.join('|')}|gateway"`),
  // Each service's two roles: the runtime role and the owner role its migrations run as.
  'overlays/production/postgres.yaml': (text) =>
    renderListItems(text, '      ', match(/^ *- name: svc_([a-z]+(?:_owner)?)\n/), undefined, [
      '',
      '_owner',
    ]),
};

/** `- name: naschool/svc-catalog` is catalog's image (the table's folder), others none. */
function imageKey(item) {
  const image = /^ *- name: naschool\/(\S+)\n/.exec(item)?.[1];
  const known = SERVICES.find((s) => s.folder === image)?.name;
  if (known) return known;
  // A service gone from the table: its entry is recognised by the folder's prefix and dropped.
  return image?.startsWith('svc-') ? image.slice(4) : undefined;
}

/** The files whose rendered text differs from what is on disk: [path, text]. */
export function staleFiles() {
  return Object.entries(RENDERED).flatMap(([rel, render]) => {
    const file = path.join(k8sDir, rel);
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const text = render(current);
    return text === current ? [] : [[file, text]];
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const stale = staleFiles();
  for (const [file, text] of stale) {
    const rel = path.relative(process.cwd(), file);
    if (process.argv.includes('--check')) {
      console.error(`out of date: ${rel} (run node deploy/k8s/render-services.mjs)`);
    } else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      console.log(`wrote ${rel}`);
    }
  }
  if (stale.length > 0 && process.argv.includes('--check')) process.exit(1);
}
