import type { Migration } from './db.js';

/** Tables every service has: the outbox and the processed-events record of its consumers. */
export const kitMigrations: Migration[] = [
  {
    name: '0000-kit-outbox',
    async up({ sql }) {
      await sql(`CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        subject text NOT NULL,
        type text NOT NULL,
        version int NOT NULL,
        occurred_at timestamptz NOT NULL,
        data jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        published_at timestamptz
      )`);
      await sql('CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL');
      await sql(`CREATE TABLE processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
    },
  },
];
