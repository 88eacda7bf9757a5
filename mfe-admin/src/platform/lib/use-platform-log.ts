import { useState } from 'react';
import type { PlatformAuditEntry, PlatformAuditPageAnswer } from '@nsa/contracts';
import { usePlatformAudit, usePlatformAuditOlder } from '../api/platform';

/** The older pages loaded after one answer of the newest page. */
interface OlderPages {
  after: PlatformAuditPageAnswer;
  entries: PlatformAuditEntry[];
  next: number | null;
}

/**
 * R-PLATFORM-AUDIT: the log as the page shows it: its newest page (a query, loaded again once an
 * organisation was changed here), then the older pages asked for since, each with `?before=`
 * the `next` of the one before. The older pages belong to the answer of the newest page they
 * were loaded after: when that is loaded again and has something new, the log starts over from
 * its newest page, so that no entry is left out or shown twice.
 */
export function usePlatformLog() {
  const newest = usePlatformAudit();
  const older = usePlatformAuditOlder();
  const [loaded, setLoaded] = useState<OlderPages | null>(null);
  const base = newest.data;
  const current = base !== undefined && loaded?.after === base ? loaded : null;
  const next = current ? current.next : (base?.next ?? null);

  const loadMore = () => {
    if (base === undefined || next === null || older.isPending) return;
    older.mutate(next, {
      onSuccess: (page) =>
        setLoaded((before) => ({
          after: base,
          entries: [...(before?.after === base ? before.entries : []), ...page.entries],
          next: page.next,
        })),
    });
  };

  return {
    /** The list's states: the entries shown stay when the newest page fails to load again. */
    query: {
      isPending: newest.isPending,
      isError: newest.isError && base === undefined,
      data: base && [...base.entries, ...(current?.entries ?? [])],
      refetch: newest.refetch,
    },
    /** Whether there are older entries to load. */
    more: base !== undefined && next !== null,
    loadMore,
    loadingMore: older.isPending,
    /** The older page asked for last did not load (and is still the one to ask for). */
    moreFailed: older.isError && older.variables === next,
  };
}
