import type { Migration } from '@nsa/service-kit';

/**
 * R-EMAIL-WAITLIST: an erased sign-up leaves no personal data here. Its deliveries keep only
 * their keys (so a redelivered event still finds itself processed, R-EMAIL-ONCE), an unsent one
 * becomes `erased` and is never sent, and the sign-up's id is remembered so that an event of it
 * that arrives late records nothing.
 */
export const m0002Erasure: Migration = {
  name: '0002-erasure',
  async up({ sql }) {
    await sql('ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check');
    await sql(
      "ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check CHECK (status IN ('pending', 'sent', 'failed', 'erased'))",
    );
    await sql('CREATE INDEX deliveries_registration ON deliveries (registration_id)');
    await sql(`CREATE TABLE erased_registrations (
      registration_id integer PRIMARY KEY,
      erased_at timestamptz NOT NULL DEFAULT now()
    )`);
  },
};
