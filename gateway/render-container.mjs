// The gateway's nginx.conf for a container (deploy/images/gateway.Dockerfile, Kubernetes):
// nginx listens on 0.0.0.0:8080 as an unprivileged user, logs to stdout/stderr, writes only
// under /tmp, proxies /api to the services and the frontends to their static servers, and
// serves /mfe-registry.json and /app-config.json from a mounted directory.
//
//   node gateway/render-container.mjs > nginx.conf      (settings from the environment)
//
// Environment (all optional):
//   PUBLIC_BASE_URL     default http://localhost:8080 (https: HSTS, X-Forwarded-Proto https)
//   SIGNUP_RATE_LIMIT   default 60, LOGIN_RATE_LIMIT default 10 (as the services get them)
//   GATEWAY_PORT        default 8080
//   <NAME>_UPSTREAM     host:port of each service of the table of services (default
//                       <name>:8080) and of SHELL, MFE_PUBLIC, MFE_ADMIN, MFE_PROVIDER
//                       (default shell:8080, mfe-public:8080, ...): Kubernetes Service names
//   FRONTEND_CONFIG_DIR default /etc/naschool/frontend (mfe-registry.json, app-config.json)
//   SNIPPETS_DIR        default /etc/nginx/gateway-snippets
//   GATEWAY_ACCESS_LOG  default /dev/stdout
//   GATEWAY_STATUS_LISTEN default 127.0.0.1:8081: nginx's stub_status, read by the exporter
//                       beside nginx in the pod (deploy/k8s), never on the public port
//   API_DOCS_DIR        default /usr/share/naschool/api-docs (openapi.json, the docs page)
//   SWAGGER_UI_DIR      default /usr/share/naschool/swagger-ui (swagger-ui-dist's files)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES, STATIC_ROOTS, renderGatewayConfig } from './render.mjs';

const upstreamVar = (name) => `${name.toUpperCase()}_UPSTREAM`;
const defaultHost = (name) => `${name.replace('_', '-')}:8080`;

/** @param {NodeJS.ProcessEnv} env */
export function containerOptions(env = process.env) {
  const frontendDir = env.FRONTEND_CONFIG_DIR || '/etc/naschool/frontend';
  const pick = (name) => env[upstreamVar(name)] || defaultHost(name);
  return {
    port: Number(env.GATEWAY_PORT || 8080),
    listen: '0.0.0.0',
    dataDir: '/tmp',
    accessLog: env.GATEWAY_ACCESS_LOG || '/dev/stdout',
    errorLog: 'stderr',
    services: Object.fromEntries(SERVICES.map((s) => [s, pick(s)])),
    staticUpstreams: Object.fromEntries(STATIC_ROOTS.map((r) => [r, pick(r)])),
    registryFile: path.posix.join(frontendDir, 'mfe-registry.json'),
    publicBaseUrl: env.PUBLIC_BASE_URL || 'http://localhost:8080',
    signupRateLimit: Number(env.SIGNUP_RATE_LIMIT ?? 60),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    snippetsDir: env.SNIPPETS_DIR || '/etc/nginx/gateway-snippets',
    statusListen: env.GATEWAY_STATUS_LISTEN || '127.0.0.1:8081',
    // R-API-DOC: copied into the image by deploy/images/gateway.Dockerfile.
    apiDocsRoot: env.API_DOCS_DIR || '/usr/share/naschool/api-docs',
    swaggerUiRoot: env.SWAGGER_UI_DIR || '/usr/share/naschool/swagger-ui',
  };
}

export function renderContainerConfig(env = process.env) {
  return renderGatewayConfig(containerOptions(env));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.stdout.write(renderContainerConfig());
}
