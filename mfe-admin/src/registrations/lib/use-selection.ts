import { useEffect, useState } from 'react';
import type { AdminRegistration } from '@nsa/contracts';
import type { RegistrationFilters } from './registration-filters';

/**
 * R-REVIEW-BULK-SCREEN: the sign-ups chosen for a bulk review, kept across pages, let go when
 * the filters change. A chosen sign-up on this page is taken as the list has it now.
 */
export function useSelection(filters: RegistrationFilters, rows: readonly AdminRegistration[]) {
  const [selection, setSelection] = useState<ReadonlyMap<number, AdminRegistration>>(new Map());
  const filterKey = JSON.stringify(filters);
  useEffect(() => setSelection(new Map()), [filterKey]);

  const selectedRows = [...selection.values()].map(
    (chosen) => rows.find((r) => r.id === chosen.id) ?? chosen,
  );
  const select = (changed: readonly AdminRegistration[], on: boolean) =>
    setSelection((current) => {
      const next = new Map(current);
      for (const r of changed) {
        if (on) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });
  const clear = () => setSelection(new Map());
  return { selection, selectedRows, select, clear };
}
