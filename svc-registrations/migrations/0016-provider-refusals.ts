import type { Migration } from '@nsa/service-kit';

/**
 * R-PROVIDER-REFUSAL-TALLY: looks through a provider link that are refused (a wrong, replaced,
 * revoked or expired token, or another activity's) are counted, one row per hour, instead of
 * one `provider_access` row each, so anonymous requests cannot grow the table without bound.
 * A row holds the hour and its count, nothing of who asked; rows older than 90 days go with
 * the access log (R-RETENTION-ACCESS-LOG).
 */
export const m0016ProviderRefusals: Migration = {
  name: '0016-provider-refusals',
  async up({ sql }) {
    await sql(`CREATE TABLE provider_link_refusals (
      hour timestamptz PRIMARY KEY,
      refusals integer NOT NULL
    )`);
  },
};
