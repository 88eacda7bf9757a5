import type { Migration } from '@nsa/service-kit';

export const m0003WaitlistCounts: Migration = {
  name: '0003-waitlist-counts',
  async up({ sql }) {
    // The waiting list's counts next to the others (R-WAITLIST-CAPACITY): held offers count
    // against the capacity, the waiting sign-ups are shown.
    await sql(`ALTER TABLE activity_counts
      ADD COLUMN offered_count integer NOT NULL DEFAULT 0,
      ADD COLUMN waitlist_count integer NOT NULL DEFAULT 0`);
  },
};
