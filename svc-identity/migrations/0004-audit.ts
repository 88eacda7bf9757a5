import type { Migration } from '@nsa/service-kit';

/**
 * The audit log's searchable store (R-AUDIT-STORE) was first a table of the service's own schema,
 * made here. It is now the infrastructure's (`auditStoreSql()` of `@nsa/local-infra`, which the
 * local launcher runs and `deploy/k8s/render-database.mjs` renders for Kubernetes), the one
 * definition of the table: R-AUDIT-APPEND-ONLY and R-AUDIT-CUTOFF hold only in a store the
 * service's role does not own. This migration keeps its name, so a database that ran it runs
 * nothing again; a new database makes nothing here, and 0009-audit-store moves the entries of a
 * database that still has the old table.
 */
export const m0004Audit: Migration = {
  name: '0004-audit',
  async up() {},
};
