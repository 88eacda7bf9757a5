import type { ActivityView, Block, School } from '@nsa/contracts';
import type { RegistrationFilters } from './registration-filters';
import { CSV_STATUS_LABELS } from './registrations-csv';
import type { ExportFilterNames } from '../../shared/lib/files';

/**
 * The filters by name, for the CSV file's name and the printed heading: a school, block or
 * activity by its name, or its id while its list is loading; the status by its Dutch label.
 */
export function filterNames(
  filters: RegistrationFilters,
  lists: {
    schools: readonly School[] | undefined;
    blocks: readonly Block[] | undefined;
    activities: readonly ActivityView[] | undefined;
  },
): ExportFilterNames {
  const nameOf = {
    school: lists.schools?.find((s) => s.id === filters.schoolId)?.name,
    block: lists.blocks?.find((b) => b.id === filters.blockId)?.name,
    activity: lists.activities?.find((a) => a.id === filters.activityId)?.title,
  };
  const chosen = (id: number | 'all', name: string | undefined) =>
    id === 'all' ? undefined : (name ?? `#${id}`);
  return {
    school: chosen(filters.schoolId, nameOf.school),
    block: chosen(filters.blockId, nameOf.block),
    activity: chosen(filters.activityId, nameOf.activity),
    status: filters.status === 'all' ? undefined : CSV_STATUS_LABELS[filters.status],
  };
}
