export type ServiceName = 'catalog' | 'registrations' | 'identity' | 'notify';
export type StaticRoot = 'shell' | 'mfe_public' | 'mfe_admin' | 'mfe_provider';

export interface GatewayOptions {
  /** nginx listens on 127.0.0.1:port only. */
  port: number;
  /** Absolute; pid file, logs/ and every *_temp_path go here. */
  dataDir: string;
  /** host:port of each service. */
  services: Record<ServiceName, string>;
  /** Absolute directories of the built frontends. */
  staticRoots: Record<StaticRoot, string>;
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
}

export const SERVICES: readonly ServiceName[];
export const STATIC_ROOTS: readonly StaticRoot[];
export const API_ROUTES: ReadonlyArray<readonly [route: string, service: ServiceName]>;
export function renderGatewayConfig(opts: GatewayOptions): string;
