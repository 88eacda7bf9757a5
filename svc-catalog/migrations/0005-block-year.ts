import type { Migration } from '@nsa/service-kit';

export const m0005BlockYear: Migration = {
  name: '0005-block-year',
  async up({ sql }) {
    // R-RETENTION-YEAR: the ISO week-year of a block's weeks, so that a block of an earlier year
    // is past as a whole and its sign-ups' age is known. Blocks that exist get the current year.
    await sql(`ALTER TABLE blocks ADD COLUMN year smallint NOT NULL
      DEFAULT extract(isoyear FROM now())::smallint CHECK (year BETWEEN 2000 AND 2100)`);
  },
};
