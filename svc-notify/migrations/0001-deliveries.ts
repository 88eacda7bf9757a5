import type { Migration } from '@nsa/service-kit';

/** One row per (event, kind of email): the record that decides whether an email was sent. */
export const m0001Deliveries: Migration = {
  name: '0001-deliveries',
  async up({ sql }) {
    await sql(`CREATE TABLE deliveries (
      event_id uuid NOT NULL,
      kind text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts int NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      PRIMARY KEY (event_id, kind)
    )`);
  },
};
