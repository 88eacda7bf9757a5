import type { Migration } from '@nsa/service-kit';

/**
 * One row per (event, kind of email): the record that decides whether an
 * email was sent. The payload is kept only until the email is out.
 */
export const m0001Deliveries: Migration = {
  name: '0001-deliveries',
  async up({ sql }) {
    await sql(`CREATE TABLE deliveries (
      event_id uuid NOT NULL,
      kind text NOT NULL,
      registration_id integer,
      language char(2) NOT NULL DEFAULT 'nl',
      payload jsonb,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      PRIMARY KEY (event_id, kind)
    )`);
    await sql(
      "CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending'",
    );
  },
};
