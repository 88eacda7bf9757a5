import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage, Spinner } from '@nsa/web-kit';
import type { AdminRegistration } from '@nsa/contracts';
import { useAdminActivities } from '../../catalog/api/activities';
import { useBlocks } from '../../catalog/api/blocks';
import { useRegistrations } from '../api/registrations';
import { useSchools } from '../../catalog/api/schools';
import { filterNames } from '../lib/filter-names';
import { hasFilters, NO_FILTERS, withFilter } from '../lib/registration-filters';
import { useRegistrationFilters } from '../lib/use-registration-filters';
import { useRegistrationsExport } from '../lib/use-registrations-export';
import { useReviewActions } from '../lib/use-review-actions';
import { useSelection } from '../lib/use-selection';
import { NAMESPACE } from '../../namespace';
import { LoadError } from '../../shared/components/LoadError';
import { ListFoot } from './ListFoot';
import { PrintHead } from './PrintHead';
import { RegistrationFilters } from './RegistrationFilters';
import { SignupsHead } from './SignupsHead';
import type { RegistrationAction } from '../lib/registration-status';
import { RegistrationsTable } from './RegistrationsTable';
import { ApproveDialog, RejectDialog } from './ReviewDialogs';
import { BulkBar } from './BulkBar';
import { BulkDialog } from './BulkDialog';
import type { BulkAction } from '../lib/bulk';
import { CapacityLegend } from '../../catalog/components/Capacity';

/** The sign-ups tab: filters, the list with its review actions, paging, CSV and print. */
export function SignupsPanel() {
  const { t } = useTranslation(NAMESPACE);
  const { filters, page, set } = useRegistrationFilters();
  const schools = useSchools();
  const blocks = useBlocks();
  const activities = useAdminActivities();
  const list = useRegistrations(filters, page);
  const review = useReviewActions();
  const [approveFor, setApproveFor] = useState<AdminRegistration | null>(null);
  const [rejectFor, setRejectFor] = useState<AdminRegistration | null>(null);
  const rows = list.data?.data ?? [];
  const { selection, selectedRows, select, clear: clearSelection } = useSelection(filters, rows);
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);

  const pagination = list.data?.pagination;
  const lastPage = Math.max(1, pagination?.totalPages ?? 1);
  // A page that no longer exists (the filters or a review shrank the list): show the last one.
  const outOfRange = !list.isPlaceholderData && pagination !== undefined && page > lastPage;
  useEffect(() => {
    if (outOfRange) set((current) => current, lastPage);
  });

  const fileFilters = filterNames(filters, {
    schools: schools.data,
    blocks: blocks.data,
    activities: activities.data,
  });
  const csv = useRegistrationsExport({
    filters,
    total: pagination?.total,
    stale: list.isPlaceholderData,
    fileFilters,
  });

  // R-EXPORT-EMPTY: print with no rows only says so. Prints the page on screen.
  const print = () => {
    if (rows.length === 0) csv.noData('print');
    else window.print();
  };

  const onAction = (action: RegistrationAction, r: AdminRegistration) => {
    if (action === 'approve') {
      if (review.mayApprove(r)) setApproveFor(r);
    } else if (action === 'reject') setRejectFor(r);
    else review.revert(r);
  };

  let content;
  if (list.isPending) {
    content = <Spinner label={t('registrations.loading')} />;
  } else if (list.isError) {
    content = (
      <LoadError
        message={serverMessage(list.error, t('registrations.loadFailed'))}
        onRetry={() => void list.refetch()}
        testId="registrations-error"
      />
    );
  } else if (rows.length === 0) {
    content = (
      <div className="empty adm-empty-box" data-testid="registrations-empty">
        <p>{hasFilters(filters) ? t('registrations.emptyFiltered') : t('registrations.empty')}</p>
        {hasFilters(filters) ? (
          <button type="button" className="button secondary" onClick={() => set(NO_FILTERS)}>
            {t('registrations.filters.clear')}
          </button>
        ) : null}
      </div>
    );
  } else {
    content = (
      <RegistrationsTable
        rows={rows}
        pending={review.pending}
        onAction={onAction}
        busy={list.isPlaceholderData}
        selected={new Set(selection.keys())}
        onSelect={select}
      />
    );
  }

  return (
    <section className="adm-card" aria-labelledby="signups-heading" data-testid="signups-panel">
      <SignupsHead onPrint={print} onExport={() => void csv.exportCsv()} progress={csv.progress} />

      <RegistrationFilters
        filters={filters}
        schools={schools.data ?? []}
        blocks={blocks.data ?? []}
        activities={activities.data ?? []}
        loading={{
          schools: schools.isPending,
          blocks: blocks.isPending,
          activities: activities.isPending,
        }}
        onChange={(name, value) =>
          set((current) => withFilter(current, name, value, activities.data ?? []))
        }
        onClear={() => set(NO_FILTERS)}
        onSearch={(q) => set((current) => ({ ...current, q }))}
      />

      {rows.length > 0 || selection.size > 0 ? (
        <BulkBar
          count={selection.size}
          page={{
            rows: rows.length,
            selected: rows.filter((r) => selection.has(r.id)).length,
          }}
          onSelectPage={(on) => select(rows, on)}
          onAction={setBulkAction}
          onClear={clearSelection}
        />
      ) : null}

      <PrintHead
        filters={filters}
        names={fileFilters}
        pagination={pagination}
        lastPage={lastPage}
      />

      {content}

      {pagination && pagination.total > 0 ? (
        <ListFoot
          total={pagination.total}
          page={page}
          lastPage={lastPage}
          busy={list.isPlaceholderData}
          onPage={(target) => set((current) => current, target)}
        />
      ) : null}

      <CapacityLegend section="registrations" />

      <ApproveDialog
        registration={approveFor}
        busy={review.approving}
        onConfirm={(r, { sendEmail }) => review.approve(r, sendEmail, () => setApproveFor(null))}
        onClose={() => setApproveFor(null)}
      />
      <BulkDialog
        action={bulkAction}
        rows={selectedRows}
        onDone={clearSelection}
        onClose={() => setBulkAction(null)}
      />
      <RejectDialog
        registration={rejectFor}
        busy={review.rejecting}
        onConfirm={(r, values) => review.reject(r, values, () => setRejectFor(null))}
        onClose={() => setRejectFor(null)}
      />
    </section>
  );
}
