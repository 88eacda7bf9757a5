import type { Migration } from '@nsa/service-kit';

export const m0004BlockWindow: Migration = {
  name: '0004-block-window',
  async up({ sql }) {
    // R-DRAW-WINDOW: a block's sign-up window and allocation; R-DRAW-COMMIT: the draw's seed
    // hash as svc-registrations fixed it, and the seed once the draw is published.
    await sql(`ALTER TABLE blocks
      ADD COLUMN signup_opens_at timestamptz,
      ADD COLUMN signup_closes_at timestamptz,
      ADD COLUMN allocation text NOT NULL DEFAULT 'fcfs' CHECK (allocation IN ('fcfs', 'lottery')),
      ADD COLUMN seed_hash char(64),
      ADD COLUMN seed char(64),
      ADD COLUMN draw_published_at timestamptz,
      ADD CONSTRAINT blocks_window CHECK (signup_closes_at IS NULL OR signup_opens_at IS NULL
        OR signup_closes_at > signup_opens_at)`);
  },
};
