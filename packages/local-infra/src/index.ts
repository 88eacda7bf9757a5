export { freePort, waitForTcp } from './ports.js';
export { spawnManaged, isAlive, signalProcess } from './process.js';
export type { Managed, SpawnManagedOptions } from './process.js';
export { existingAdminUrl, startPostgres } from './postgres.js';
export { ensureServiceDatabase, ensureServiceUrls, withClient } from './database.js';
export type { ServiceDatabaseOptions, ServiceUrls } from './database.js';
export {
  AUDIT_STORE_SERVICE,
  DEFAULT_AUDIT_RETENTION_MONTHS,
  auditStoreSql,
  ORGANISATION_AUDIT_VIEW,
} from './audit-store.js';
export {
  NATS_MIN_VERSION,
  natsClusterNodes,
  natsServerVersion,
  startNats,
  versionAtLeast,
  waitForNatsCluster,
} from './nats.js';
export type { NatsClusterNode, NatsRouteAuth, NatsUser } from './nats.js';
export { waitForHttp } from './http.js';
export { findPostgresBinDir, which } from './binaries.js';
export { generateSecret, storedSecret } from './secrets.js';
