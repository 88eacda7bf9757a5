export { freePort, waitForTcp } from './ports.js';
export { spawnManaged, isAlive, signalProcess } from './process.js';
export type { Managed, SpawnManagedOptions } from './process.js';
export { existingAdminUrl, startPostgres } from './postgres.js';
export { ensureServiceDatabase } from './database.js';
export { startNats } from './nats.js';
export { waitForHttp } from './http.js';
export { findPostgresBinDir, which } from './binaries.js';
export { generateSecret } from './secrets.js';
