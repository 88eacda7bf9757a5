/** A service of the table of services (packages/contracts/src/services.mjs). */
export type ServiceName = string;
export type StaticRoot = 'shell' | 'mfe_public' | 'mfe_admin' | 'mfe_provider';

export interface GatewayOptions {
  /** nginx listens on `listen`:port (127.0.0.1 unless `listen` says otherwise). */
  port: number;
  /** Address nginx binds: 127.0.0.1 by default; 0.0.0.0 inside a container. */
  listen?: string;
  /** Absolute; pid file, logs/ and every *_temp_path go here. */
  dataDir: string;
  /** host:port of each service, or of each of its processes (REPLICAS). */
  services: Record<ServiceName, string | string[]>;
  /** Absolute directories of the built frontends (unless `staticUpstreams` is given). */
  staticRoots?: Record<StaticRoot, string>;
  /** host:port of static servers for the shell and each remote, instead of staticRoots. */
  staticUpstreams?: Record<StaticRoot, string>;
  /** Absolute: /mfe/<name>/<version>/ is served from <releasesRoot>/<name>/<version>/. */
  releasesRoot?: string;
  /** Absolute; default <dataDir>/logs/access.log (/dev/stdout in a container). */
  accessLog?: string;
  /** Absolute, or `stderr`; default <dataDir>/logs/error.log (`stderr` in a container). */
  errorLog?: string;
  /** Absolute path of the file served as /mfe-registry.json. */
  registryFile: string;
  /** HSTS and X-Forwarded-Proto follow its scheme. */
  publicBaseUrl: string;
  /** Sign-ups per minute per address the services allow; 0 drops the nginx limit. */
  signupRateLimit?: number;
  /** Failed logins allowed by the services; 0 drops the nginx limit on /api/auth/. */
  loginRateLimit?: number;
  /** nginx `user` directive; only meaningful when nginx starts as root. */
  user?: string;
  /** Where security-headers.conf and mime.types live (default: gateway/snippets). */
  snippetsDir?: string;
  /** address:port of a listener of its own answering nginx's stub_status at /stub_status. */
  statusListen?: string;
  /** Absolute: openapi.json and the docs page (default: gateway/api-docs). */
  apiDocsRoot?: string;
  /** Absolute: swagger-ui-dist's files (default: the installed package). */
  swaggerUiRoot?: string;
}

export const SERVICES: readonly ServiceName[];
export const STATIC_ROOTS: readonly StaticRoot[];
export const API_ROUTES: ReadonlyArray<readonly [route: string, service: ServiceName]>;
export function renderGatewayConfig(opts: GatewayOptions): string;
