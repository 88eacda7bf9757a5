export * from './config.js';
export * from './logger.js';
export * from './errors.js';
export * from './validation.js';
export * from './db.js';
export { perInstance, type Creation } from './model-types.js';
export * from './nats.js';
export * from './outbox.js';
export * from './outbox-replay.js';
export * from './audit.js';
export * from './context.js';
export * from './organisation.js';
export * from './consumer.js';
export * from './health.js';
export * from './http.js';
export * from './service.js';
export {
  kitMigrations,
  openAcrossOrganisations,
  sealForeignKeys,
  sealPerOrganisation,
  WORK_ORGANISATION,
} from './kit-migrations.js';
export * from './session.js';
export * from './owner.js';
export * from './params.js';
export * from './batch.js';
export * from './link-seal.js';
export * from './metrics.js';
export * from './retention.js';
export * from './stream-purge.js';
export * from './privacy.js';
export * from './platform.js';
export * from './erasure-ledger.js';
export * from './repeat.js';
export * from './leader.js';
export * from './idempotency.js';
