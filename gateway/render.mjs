// Renders the gateway's nginx.conf from nginx.conf.template. Plain JavaScript with no
// dependencies so that a container image can render it at start without a build step.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The table of services: plain JavaScript, read in place (the gateway's image copies it too).
import { SERVICE_NAMES } from '../packages/contracts/src/services.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** One upstream group per service of the table (gw_<name>); the routes below choose among them. */
export const SERVICES = SERVICE_NAMES;
export const STATIC_ROOTS = ['shell', 'mfe_public', 'mfe_admin', 'mfe_provider'];

/**
 * Which service answers which /api prefix. Exact matches start with '='; a regular expression
 * (starting with '~ ^' and a listed prefix) is nested inside that prefix's location.
 */
export const API_ROUTES = [
  ['/api/auth/', 'identity'],
  ['/api/admin/users', 'identity'],
  // R-AUDIT-LIST: the audit log is kept by identity; read only.
  ['/api/admin/audit', 'identity'],
  // R-ORG-PAGES: what the public pages say about the organisation of the host they are on.
  ['= /api/app-config', 'identity'],
  // R-ORG-SETTINGS: the organisation's own settings page.
  ['= /api/settings/organisation', 'identity'],
  // R-PLATFORM-*: the platform administrators' calls, with their own login.
  ['/api/platform/', 'identity'],
  ['/api/schools', 'catalog'],
  ['/api/blocks', 'catalog'],
  ['/api/providers', 'catalog'],
  ['/api/activities', 'catalog'],
  ['/api/admin/activities', 'catalog'],
  ['/api/admin/schools/', 'catalog'],
  ['/api/qr/', 'catalog'],
  ['= /api/registrations', 'registrations'],
  ['/api/registrations/', 'registrations'],
  ['/api/admin/registrations', 'registrations'],
  ['= /api/admin/summary', 'registrations'],
  ['/api/provider/', 'registrations'],
  ['/api/my-signup', 'registrations'],
  // R-DRAW-PREVIEW, R-DRAW-PUBLISH: the draw is made where the sign-ups are.
  ['/api/admin/blocks/', 'registrations'],
  // R-WAITLIST-ADMIN: the queue lives with the sign-ups, under the activity's admin path.
  ['~ ^/api/admin/activities/[0-9]+/waitlist$', 'registrations'],
  // R-ATTENDANCE-ADMIN, R-ATTENDANCE-RATE: attendance is kept with the sign-ups.
  ['~ ^/api/admin/activities/[0-9]+/attendance$', 'registrations'],
  ['/api/admin/attendance/', 'registrations'],
  // R-PRIVACY-*: export, erasure and retention are led by the service that holds the sign-ups.
  ['/api/admin/privacy/', 'registrations'],
];

// Generous on purpose: the services enforce the real login rules (R-RATE-LOGIN); this only
// stops floods, and must stay at or above 120 requests a minute per address (R-RATE-GATEWAY).
const AUTH_RATE_PER_MINUTE = 600;
const AUTH_BURST = 120;

// R-RATE-GATEWAY: the anonymous link paths (a parent's own link, the provider links), per client
// address, on whenever the sign-up limit is (SIGNUP_RATE_LIMIT 0 switches them off too). Their
// rate is twice the sign-up limit a minute, never below 120 (2 a second). A burst of 30 holds
// far more than a parent's page sends (the view on load, again on focus after 30 s, one
// action and the view after it, the calendar file); 60 holds a provider's page (the list and
// the attendance on load, then one request per child marked, queued one at a time) with a
// whole class marked at once. A flood of guessed tokens is stopped at 2 a second.
const LINK_RATE_FLOOR_PER_MINUTE = 120;
const LINK_LIMITS = {
  '/api/my-signup': { zone: 'gw_my_signup', burst: 30 },
  '/api/provider/': { zone: 'gw_provider', burst: 60 },
};

function linkLimit(route, signupLimit) {
  const limit = LINK_LIMITS[route];
  return limit && signupLimit > 0
    ? `limit_req zone=${limit.zone} burst=${limit.burst} nodelay;`
    : undefined;
}

function hostPort(name, value) {
  if (typeof value !== 'string' || !/^[A-Za-z0-9.[\]:-]+:\d{1,5}$/.test(value)) {
    throw new Error(`gateway: ${name} must be host:port, got ${JSON.stringify(value)}`);
  }
  return value;
}

function absolutePath(name, value) {
  if (typeof value !== 'string' || !path.isAbsolute(value) || /[\s;{}'"]/.test(value)) {
    throw new Error(`gateway: ${name} must be an absolute path without spaces or quotes`);
  }
  return value.replace(/\/+$/, '') || '/';
}

function rate(name, value) {
  const n = Number(value ?? 0);
  if (!Number.isInteger(n) || n < 0) throw new Error(`gateway: ${name} must be an integer >= 0`);
  return n;
}

// With several processes of a service, one that fails is left out for 2 s (not nginx's 10 s),
// so a process started again after a kill gets work soon.
const REPLICA_FAIL = 'max_fails=1 fail_timeout=2s';

function upstreams(services) {
  const one = SERVICES.map((s) => {
    const servers = services[s].map((addr) =>
      services[s].length > 1 ? `server ${addr} ${REPLICA_FAIL};` : `server ${addr};`,
    );
    // Shared by nginx's workers: which process is next and which one failed, so one that
    // died is left out by every worker at once.
    if (services[s].length > 1) servers.unshift(`zone gw_${s} 64k;`);
    return `    upstream gw_${s} {\n${servers.map((l) => `        ${l}`).join('\n')}\n        keepalive 256;\n    }`;
  });
  const any = SERVICES.flatMap((s) =>
    services[s].map((a) => `        server ${a} ${REPLICA_FAIL};`),
  );
  return [...one, `    upstream gw_any {\n${any.join('\n')}\n        keepalive 8;\n    }`].join(
    '\n',
  );
}

function apiLocations({ authLimited, signupLimit }) {
  const refinements = API_ROUTES.filter(([route]) => route.startsWith('~ '));
  return API_ROUTES.filter(([route]) => !route.startsWith('~ '))
    .map(([route, service]) => {
      const exact = route.startsWith('= ');
      const match = exact ? route : `^~ ${route}`;
      const lines = [];
      if ((route === '/api/auth/' || route === '/api/platform/') && authLimited) {
        lines.push(`limit_req zone=gw_auth burst=${AUTH_BURST} nodelay;`);
      }
      if (route === '= /api/registrations' && signupLimit > 0) {
        lines.push(`limit_req zone=gw_signup burst=${signupLimit * 2} nodelay;`);
      }
      const link = linkLimit(route, signupLimit);
      if (link) lines.push(link);
      // A path under this prefix that another service answers: nginx tries nested regular
      // expressions inside the prefix it chose, so nothing outside /api can catch it.
      for (const [regex, other] of refinements) {
        if (!exact && regex.slice(3).startsWith(route)) {
          lines.push(`location ${regex} {`, `    proxy_pass http://gw_${other};`, '}');
        }
      }
      if (KEYED_ROUTES.includes(route)) {
        lines.push('if ($http_idempotency_key) {', `    rewrite ^ ${KEYED_PREFIX}$uri last;`, '}');
      }
      lines.push(`proxy_pass http://gw_${service};`);
      return `        location ${match} {\n${lines.map((l) => `            ${l}`).join('\n')}\n        }`;
    })
    .concat(keyedLocations(signupLimit))
    .join('\n');
}

// R-IDEMPOTENCY: a request with an Idempotency-Key may be sent twice, so when the process
// answering it dies mid-request (or answers 502/503), nginx sends it again to another process
// of the service; without a key a POST is never repeated. The key's routes are rewritten to an
// internal location of their own, because proxy_next_upstream cannot depend on a header.
const KEYED_ROUTES = ['= /api/registrations', '/api/my-signup'];
const KEYED_PREFIX = '/.gw-keyed';

function keyedLocations(signupLimit) {
  return KEYED_ROUTES.map((route) => {
    const exact = route.startsWith('= ');
    const target = exact ? route.slice(2) : route;
    const service = API_ROUTES.find(([r]) => r === route)[1];
    const lines = ['internal;'];
    if (exact && target === '/api/registrations' && signupLimit > 0) {
      lines.push(`limit_req zone=gw_signup burst=${signupLimit * 2} nodelay;`);
    }
    // The rewrite happens before nginx counts: a keyed request is counted here.
    const link = linkLimit(route, signupLimit);
    if (link) lines.push(link);
    lines.push(
      `rewrite ^${KEYED_PREFIX.replace('.', '\\.')}(/.*)$ $1 break;`,
      `proxy_pass http://gw_${service};`,
      'proxy_next_upstream error timeout http_502 http_503 non_idempotent;',
      'proxy_next_upstream_tries 3;',
    );
    const match = exact ? `= ${KEYED_PREFIX}${target}` : `^~ ${KEYED_PREFIX}${target}`;
    return `        location ${match} {\n${lines.map((l) => `            ${l}`).join('\n')}\n        }`;
  });
}

function rateLimitZones({ authLimited, signupLimit }) {
  const out = [];
  if (authLimited) {
    out.push(
      `    limit_req_zone $binary_remote_addr zone=gw_auth:10m rate=${AUTH_RATE_PER_MINUTE}r/m;`,
    );
  }
  if (signupLimit > 0) {
    // Twice the service's own per-minute limit, so the service's rule (with its exact window
    // and message) is the one that bites; nginx only catches what gets past a broken service.
    out.push(
      '    map $request_method $gw_signup_key {\n        POST $binary_remote_addr;\n        default "";\n    }',
      `    limit_req_zone $gw_signup_key zone=gw_signup:10m rate=${signupLimit * 2}r/m;`,
    );
    const linkRate = Math.max(LINK_RATE_FLOOR_PER_MINUTE, signupLimit * 2);
    for (const { zone } of Object.values(LINK_LIMITS)) {
      out.push(`    limit_req_zone $binary_remote_addr zone=${zone}:10m rate=${linkRate}r/m;`);
    }
  }
  return out.join('\n');
}

const REMOTES = [
  ['public', 'mfe_public'],
  ['admin', 'mfe_admin'],
  ['provider', 'mfe_provider'],
];

// A released version of a remote: /mfe/<name>/<version>/<file>. Remotes build flat (no
// sub-folders), so a second path segment under /mfe/<name>/ is always a version.
const VERSION_PATTERN = '[0-9A-Za-z][0-9A-Za-z._+-]{0,63}';

const STATIC_HEADERS =
  `            include {{snippets}}/security-headers.conf;\n` +
  `            add_header Cache-Control $gw_cache_control always;\n`;

function releaseLocation(name, releasesRoot) {
  if (!releasesRoot) return '';
  return (
    `            location ~ "^/mfe/${name}/(?<gw_mfe_version>${VERSION_PATTERN})/(?<gw_mfe_file>[^/]+)$" {\n` +
    `                alias ${releasesRoot}/${name}/$gw_mfe_version/$gw_mfe_file;\n` +
    `                include {{snippets}}/security-headers.conf;\n` +
    `                add_header Cache-Control $gw_cache_control always;\n` +
    `            }\n`
  );
}

function mfeLocations(roots, { releasesRoot, upstreams }) {
  return REMOTES.map(([name, key]) => {
    const source = upstreams
      ? `            proxy_pass http://gw_static_${key};\n`
      : `            alias ${roots[key]}/;\n`;
    return (
      `        location ^~ /mfe/${name}/ {\n` +
      source +
      STATIC_HEADERS +
      // Versions published by deploy/release (npm run release:mfe) next to the dev build.
      (upstreams ? '' : releaseLocation(name, releasesRoot)) +
      `        }`
    );
  }).join('\n');
}

// The public remote's first views (fragment.<view>.<lang>.html in its build, next to its
// manifest): the only file names an include may reach, the view and the language coming from
// the maps $gw_first_view and $gw_page_lang.
const FRAGMENT_FILE = 'fragment\\.(landing|school)\\.(nl|en|tr|ar|pl|uk)\\.html';

/**
 * Server-side composition (docs/architecture.md): index.html includes /.gw-first-view at its
 * content slot; that SSI page (snippets/first-view.html) reads /mfe-registry.json, takes the
 * public remote's current version from it and includes that version's fragment through
 * /.gw-fragment/mfe/public/[<version>/]fragment.<view>.<lang>.html, served from the same
 * files (or the same static server) as /mfe/public/. A missing fragment, an error or a
 * remote that is down gives an empty answer, so the include adds nothing and the shell shows
 * its own loading state and error; a path that is not a fragment's gives nothing either, so
 * an include can never reach the page itself or any other file.
 */
function firstViewLocations(roots, { releasesRoot, upstreams }) {
  const fragment = (match, source) =>
    `            location ~ "${match}" {\n` +
    `                internal;\n` +
    // The fragment echoes the base path of its remote's files (its stylesheet).
    `                ssi on;\n` +
    source +
    `                error_page 403 404 500 502 503 504 = @gw_no_fragment;\n` +
    `            }\n`;
  const version = `(?<gw_fv_version>${VERSION_PATTERN})`;
  const file = `(?<gw_fv_file>${FRAGMENT_FILE})`;
  let inner;
  if (upstreams) {
    const proxied =
      `                proxy_pass http://gw_static_mfe_public/mfe/public/$gw_fv_path;\n` +
      `                proxy_intercept_errors on;\n` +
      // A page must not wait long for a remote that hangs: without the fragment the shell
      // still loads it in the browser.
      `                proxy_read_timeout 2s;\n`;
    inner = fragment(
      `^/\\.gw-fragment/mfe/public/(?<gw_fv_path>(${VERSION_PATTERN}/)?${FRAGMENT_FILE})$`,
      proxied,
    );
  } else {
    inner = fragment(
      `^/\\.gw-fragment/mfe/public/${file}$`,
      `                alias ${roots.mfe_public}/$gw_fv_file;\n`,
    );
    if (releasesRoot) {
      inner += fragment(
        `^/\\.gw-fragment/mfe/public/${version}/${file}$`,
        `                alias ${releasesRoot}/public/$gw_fv_version/$gw_fv_file;\n`,
      );
    }
  }
  return (
    `        # The public remote's first view, put into the shell's page by SSI (index.html).\n` +
    `        location = /.gw-first-view {\n` +
    `            internal;\n` +
    `            ssi on;\n` +
    `            default_type text/html;\n` +
    `            alias {{snippets}}/first-view.html;\n` +
    `        }\n` +
    `        location ^~ /.gw-fragment/ {\n` +
    `            internal;\n` +
    `            return 204;\n` +
    inner +
    `        }\n` +
    // Empty, so the include adds nothing (never an error page inside the shell's page).
    `        location @gw_no_fragment {\n` +
    `            return 204;\n` +
    `        }`
  );
}

function shellLocations(shellRoot, upstreams) {
  const staticFile = upstreams
    ? `            proxy_pass http://gw_static_shell;\n`
    : `            root ${shellRoot};\n            try_files $uri =404;\n`;
  const page = upstreams
    ? `            proxy_pass http://gw_static_shell;\n`
    : `            root ${shellRoot};\n            try_files $uri /index.html;\n` +
      // index.html.gz would skip SSI; the page is compressed after the includes instead.
      `            gzip_static off;\n`;
  return (
    `        # Static files of the shell: a missing one is a 404, never the SPA page.\n` +
    `        location ~* \\.(js|mjs|css|map|json|png|svg|ico|woff2?|txt|jpg|webp|webmanifest)$ {\n` +
    staticFile +
    STATIC_HEADERS +
    `        }\n\n` +
    `        # Page routes are the shell's: it renders its own 404 page for unknown ones.\n` +
    `        # index.html is composed here (SSI): the public remote's first view at its content\n` +
    `        # slot and the page's language, chosen by ?lng= or the nsa_lang cookie.\n` +
    `        location / {\n` +
    page +
    `            ssi on;\n` +
    STATIC_HEADERS +
    `            add_header Vary Cookie always;\n` +
    `        }\n`
  );
}

/** The swagger-ui-dist files next to the gateway (node_modules), when installed. */
function defaultSwaggerUiRoot() {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    return undefined;
  }
}

/**
 * R-API-DOC: the API's description at /api/openapi.json (written by `npm run openapi` into
 * gateway/api-docs/) and its docs page at /api/docs: our own page and script, and the pinned
 * Swagger UI's two files, all served from disk; the page loads nothing from elsewhere.
 */
function apiDocsLocations(docsRoot, uiRoot) {
  const headers =
    `            include {{snippets}}/security-headers.conf;\n` +
    `            add_header Cache-Control no-cache always;\n`;
  const file = (match, target, type) =>
    `        location ${match} {\n` +
    `            alias ${target};\n` +
    (type ? `            default_type ${type};\n` : '') +
    headers +
    `        }`;
  return [
    `        # The API's description and its docs page (R-API-DOC), from the gateway's own files.`,
    file('= /api/openapi.json', `${docsRoot}/openapi.json`, 'application/json'),
    file('= /api/docs', `${docsRoot}/index.html`, 'text/html'),
    file('= /api/docs/docs.js', `${docsRoot}/docs.js`, 'application/javascript'),
    file('= /api/docs/swagger-ui.css', `${uiRoot}/swagger-ui.css`),
    file('= /api/docs/swagger-ui-bundle.js', `${uiRoot}/swagger-ui-bundle.js`),
  ].join('\n');
}

function staticUpstreamBlocks(upstreams) {
  if (!upstreams) return '';
  return STATIC_ROOTS.map(
    (r) =>
      `\n    upstream gw_static_${r} {\n        server ${upstreams[r]};\n        keepalive 8;\n    }`,
  ).join('');
}

/**
 * nginx's stub_status (active connections, accepted, handled, requests, reading/writing/
 * waiting) on a listener of its own, for the cluster's exporter (R-OPS-METRICS); the public
 * listener never serves it.
 */
function statusServer(statusListen) {
  if (statusListen === undefined) return '';
  if (
    typeof statusListen !== 'string' ||
    !/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]):\d{1,5}$/.test(statusListen)
  ) {
    throw new Error(
      `gateway: statusListen must be address:port, got ${JSON.stringify(statusListen)}`,
    );
  }
  return (
    `\n    # nginx's own numbers for the cluster's exporter, never on the public listener.\n` +
    `    server {\n` +
    `        listen ${statusListen};\n` +
    `        access_log off;\n` +
    `        location = /stub_status {\n` +
    `            stub_status;\n` +
    `        }\n` +
    `        location / {\n` +
    `            return 404;\n` +
    `        }\n` +
    `    }\n`
  );
}

function listenAddress(value) {
  if (value === undefined) return '127.0.0.1';
  if (typeof value !== 'string' || !/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\])$/.test(value)) {
    throw new Error(
      `gateway: listen must be an IPv4 address or [IPv6], got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/**
 * @param {{
 *   port: number,
 *   dataDir: string,
 *   services: Record<string, string | string[]>,
 *   staticRoots: Record<'shell'|'mfe_public'|'mfe_admin'|'mfe_provider', string>,
 *   registryFile: string,
 *   publicBaseUrl: string,
 *   signupRateLimit?: number,
 *   loginRateLimit?: number,
 *   user?: string,
 *   snippetsDir?: string,
 *   listen?: string,
 *   accessLog?: string,
 *   errorLog?: string,
 *   releasesRoot?: string,
 *   staticUpstreams?: Record<'shell'|'mfe_public'|'mfe_admin'|'mfe_provider', string>,
 *   statusListen?: string,
 *   apiDocsRoot?: string,
 *   swaggerUiRoot?: string,
 * }} opts
 *
 * `listen`: the address nginx binds (default 127.0.0.1; 0.0.0.0 in a container).
 * `accessLog` / `errorLog`: default under dataDir/logs; /dev/stdout and `stderr` in a container.
 * `releasesRoot`: serve /mfe/<name>/<version>/ from <releasesRoot>/<name>/<version>/.
 * `staticUpstreams`: proxy the shell and the remotes to static servers (host:port) instead of
 * serving staticRoots from disk (Kubernetes: the frontends' own Deployments).
 * `statusListen`: address:port of a separate listener answering nginx's stub_status at
 * /stub_status (loopback: only the exporter beside nginx reads it).
 * `apiDocsRoot`: the folder of openapi.json and the docs page (default gateway/api-docs);
 * `swaggerUiRoot`: the folder of swagger-ui-dist (default: the installed package).
 * @returns {string} nginx.conf text
 */
export function renderGatewayConfig(opts) {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`gateway: port must be 1-65535, got ${opts.port}`);
  }
  const services = {};
  for (const s of SERVICES) {
    // One host:port, or a list of them: the processes of the service (REPLICAS).
    const given = opts.services?.[s];
    const list = Array.isArray(given) ? given : [given];
    if (list.length === 0)
      throw new Error(`gateway: services.${s} must name at least one host:port`);
    services[s] = list.map((v, i) => hostPort(`services.${s}[${i}]`, v));
  }
  const roots = {};
  let staticUpstreams;
  if (opts.staticUpstreams) {
    staticUpstreams = {};
    for (const r of STATIC_ROOTS) {
      staticUpstreams[r] = hostPort(`staticUpstreams.${r}`, opts.staticUpstreams[r]);
    }
  } else {
    for (const r of STATIC_ROOTS) {
      roots[r] = absolutePath(`staticRoots.${r}`, opts.staticRoots?.[r]);
    }
  }
  const releasesRoot =
    opts.releasesRoot === undefined ? undefined : absolutePath('releasesRoot', opts.releasesRoot);
  const dataDir = absolutePath('dataDir', opts.dataDir);
  const publicUrl = new URL(opts.publicBaseUrl);
  const limits = {
    authLimited: rate('loginRateLimit', opts.loginRateLimit ?? 10) > 0,
    signupLimit: rate('signupRateLimit', opts.signupRateLimit ?? 60),
  };
  if (opts.user !== undefined && !/^[a-z_][a-z0-9_-]*$/.test(opts.user)) {
    throw new Error(`gateway: invalid user ${JSON.stringify(opts.user)}`);
  }

  const values = {
    user: opts.user ? `user ${opts.user};` : '',
    port: String(port),
    listen: listenAddress(opts.listen),
    data_dir: dataDir,
    access_log: absolutePath('accessLog', opts.accessLog ?? `${dataDir}/logs/access.log`),
    // nginx's own `stderr` target works whatever fd 2 is (a pipe, a socket, a terminal).
    error_log:
      opts.errorLog === 'stderr'
        ? 'stderr'
        : absolutePath('errorLog', opts.errorLog ?? `${dataDir}/logs/error.log`),
    registry_file: absolutePath('registryFile', opts.registryFile),
    // The frontends' run-time settings (organisation name and links) sit beside the registry.
    app_config_file: path.join(
      path.dirname(absolutePath('registryFile', opts.registryFile)),
      'app-config.json',
    ),
    shell_locations: shellLocations(roots.shell, staticUpstreams),
    hsts: publicUrl.protocol === 'https:' ? 'max-age=31536000; includeSubDomains' : '',
    // nginx itself speaks plain HTTP; an https public URL means TLS ends in front of it.
    forwarded_proto: publicUrl.protocol === 'https:' ? 'https' : '$scheme',
    rate_limit_zones: rateLimitZones(limits),
    upstreams: upstreams(services) + staticUpstreamBlocks(staticUpstreams),
    api_locations: apiLocations(limits),
    api_docs_locations: apiDocsLocations(
      absolutePath('apiDocsRoot', opts.apiDocsRoot ?? path.join(here, 'api-docs')),
      absolutePath('swaggerUiRoot', opts.swaggerUiRoot ?? defaultSwaggerUiRoot()),
    ),
    mfe_locations: mfeLocations(roots, { releasesRoot, upstreams: staticUpstreams }),
    first_view_locations: firstViewLocations(roots, { releasesRoot, upstreams: staticUpstreams }),
    status_server: statusServer(opts.statusListen),
  };
  const template = readFileSync(path.join(here, 'nginx.conf.template'), 'utf8');
  // Two passes: generated blocks may themselves refer to {{snippets}}.
  const fill = (text) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, key) => {
      if (key === 'snippets') return whole;
      if (!(key in values)) throw new Error(`gateway: template placeholder ${whole} has no value`);
      return values[key];
    });
  const snippets = absolutePath('snippetsDir', opts.snippetsDir ?? path.join(here, 'snippets'));
  return fill(template).replaceAll('{{snippets}}', snippets);
}

// `node render.mjs opts.json` prints the config: handy for a container entrypoint.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node render.mjs <options.json>');
    process.exit(2);
  }
  process.stdout.write(renderGatewayConfig(JSON.parse(readFileSync(file, 'utf8'))));
}
