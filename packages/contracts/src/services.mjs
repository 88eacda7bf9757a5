// The product's services: the one list the launcher, the gateway's render, the Kubernetes render
// and secrets, the images, releases, the API document, the benches and the fuzzer read. Plain
// JavaScript without imports, so that build scripts and the gateway's image can read it before
// anything is built; packages/contracts compiles it (allowJs) for the services' own code.
//
// A new service: its folder (svc-<name>/, a workspace by the root's `svc-*`), an entry here, its
// NATS use in nats-permissions.ts (a stream only if it publishes events) and its Kubernetes
// manifest in deploy/k8s/base/services/; then the renders (docs/deploy.md, A new service).

/**
 * @typedef {object} ServiceSpec
 * @property {string} name Its name: SERVICE_NAME, the NATS user, the Kubernetes names.
 * @property {string} folder Its workspace folder (and npm package name).
 * @property {readonly number[]} portOffsets The launcher's port of each of its processes
 *   (replica 1, 2, 3), as offsets from GATEWAY_PORT + 10000 (deploy/local/config.ts).
 * @property {string} schema Its PostgreSQL schema (DB_SCHEMA) and role `svc_<schema>`.
 * @property {number} heapMb Its V8 old-space limit (NODE_OPTIONS), in MB.
 * @property {string | null} openapi The export of its route list in
 *   `<folder>/dist/src/entry-points/http/api-doc.js`, or null without a public API.
 */

export const SERVICES = /** @type {const} */ ([
  {
    name: 'catalog',
    folder: 'svc-catalog',
    portOffsets: [11, 15, 19],
    schema: 'catalog',
    heapMb: 256,
    openapi: 'catalogApi',
  },
  {
    name: 'registrations',
    folder: 'svc-registrations',
    portOffsets: [12, 16, 20],
    schema: 'registrations',
    heapMb: 256,
    openapi: 'registrationsApi',
  },
  {
    name: 'identity',
    folder: 'svc-identity',
    portOffsets: [13, 17, 21],
    schema: 'identity',
    heapMb: 256,
    openapi: 'identityApi',
  },
  {
    // Its live heap stays small however many emails it sends, but each email leaves garbage
    // that under a 256 MB limit piles up between full collections (bench/README.md, rate: memory).
    name: 'notify',
    folder: 'svc-notify',
    portOffsets: [14, 18, 22],
    schema: 'notify',
    heapMb: 64,
    openapi: null,
  },
]);

/** @typedef {(typeof SERVICES)[number]['name']} ServiceName */

/** The services' names, in the table's order. */
export const SERVICE_NAMES = /** @type {readonly ServiceName[]} */ (SERVICES.map((s) => s.name));

/**
 * One service's entry.
 * @param {string} name
 * @returns {ServiceSpec}
 */
export function serviceSpec(name) {
  const spec = SERVICES.find((s) => s.name === name);
  if (!spec) throw new Error(`no service ${name}`);
  return spec;
}

/**
 * The environment variable of a service's launcher port: CATALOG_PORT, …
 * @param {string} name
 */
export const servicePortVariable = (name) => `${name.toUpperCase()}_PORT`;
