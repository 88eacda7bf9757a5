import type { Migration } from '@nsa/service-kit';

/**
 * The admin search's trigram index (migration 0008) takes each new sign-up's trigrams at once
 * (`fastupdate = off`) instead of collecting them in a pending list: with the list, every few
 * thousand sign-ups one of them merged the whole list into the index before its own answer,
 * and that sign-up waited for it. Without it every sign-up pays its own small share. The
 * entries already pending stay where they are until the next vacuum merges them; the search
 * reads them either way.
 */
export const m0015SearchIndexDirect: Migration = {
  name: '0015-search-index-direct',
  async up({ sql }) {
    await sql('ALTER INDEX registrations_search SET (fastupdate = off)');
  },
};
