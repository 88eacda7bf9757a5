import type { Migration } from '@nsa/service-kit';

export const m0006DrawFreeze: Migration = {
  name: '0006-draw-freeze',
  async up({ sql }) {
    // R-DRAW-FREEZE: the digest of a lottery block's entries as svc-registrations froze them at
    // close (docs/draw.md); null before the close.
    await sql('ALTER TABLE blocks ADD COLUMN entries_digest char(64)');
  },
};
