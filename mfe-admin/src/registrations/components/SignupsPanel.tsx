import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton, serverMessage, Spinner, useToast } from '@nsa/web-kit';
import { CSV_MIME } from '@nsa/web-kit/csv';
import { saveBlob } from '@nsa/web-kit/download';
import type { AdminRegistration } from '@nsa/contracts';
import { useAdminActivities } from '../../catalog/api/activities';
import { useBlocks } from '../../catalog/api/blocks';
import { fetchAllRegistrations, MAX_EXPORT_ROWS, useRegistrations } from '../api/registrations';
import { useSchools } from '../../catalog/api/schools';
import { registrationsCsvFileName, type ExportFilterNames } from '../../shared/lib/files';
import { formatDateTime } from '../../shared/lib/format';
import { hasFilters, NO_FILTERS, withFilter } from '../lib/registration-filters';
import { buildRegistrationsCsv, CSV_STATUS_LABELS } from '../lib/registrations-csv';
import { useLang } from '../../shared/lib/use-lang';
import { useRegistrationFilters } from '../lib/use-registration-filters';
import { useReviewActions } from '../lib/use-review-actions';
import { NAMESPACE } from '../../namespace';
import { LoadError } from '../../shared/components/LoadError';
import { Pagination } from '../../shared/components/Pagination';
import { RegistrationFilters } from './RegistrationFilters';
import type { RegistrationAction } from '../lib/registration-status';
import { RegistrationsTable } from './RegistrationsTable';
import { ApproveDialog, RejectDialog } from './ReviewDialogs';
import { BulkBar, BulkDialog } from './BulkReview';
import type { BulkAction } from '../lib/bulk';
import { CapacityLegend } from '../../catalog/components/Capacity';

/** The sign-ups tab: filters, the list with its review actions, paging, CSV and print. */
export function SignupsPanel() {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const { filters, page, set } = useRegistrationFilters();
  const schools = useSchools();
  const blocks = useBlocks();
  const activities = useAdminActivities();
  const list = useRegistrations(filters, page);
  const review = useReviewActions();
  const [approveFor, setApproveFor] = useState<AdminRegistration | null>(null);
  const [rejectFor, setRejectFor] = useState<AdminRegistration | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const exportAbort = useRef<AbortController | null>(null);
  // R-REVIEW-BULK-SCREEN: the selection, kept across pages, let go when the filters change.
  const [selection, setSelection] = useState<ReadonlyMap<number, AdminRegistration>>(new Map());
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);
  const filterKey = JSON.stringify(filters);
  useEffect(() => setSelection(new Map()), [filterKey]);

  useEffect(() => () => exportAbort.current?.abort(), []);

  const pagination = list.data?.pagination;
  const lastPage = Math.max(1, pagination?.totalPages ?? 1);
  // A page that no longer exists (the filters or a review shrank the list): show the last one.
  const outOfRange = !list.isPlaceholderData && pagination !== undefined && page > lastPage;
  useEffect(() => {
    if (outOfRange) set((current) => current, lastPage);
  });

  const rows = list.data?.data ?? [];
  // A selected sign-up on this page is taken as the list has it now.
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
  const nameOf = {
    school: schools.data?.find((s) => s.id === filters.schoolId)?.name,
    block: blocks.data?.find((b) => b.id === filters.blockId)?.name,
    activity: activities.data?.find((a) => a.id === filters.activityId)?.title,
  };
  // Names for the file and the printed heading; an id while its list is loading.
  const chosen = (id: number | 'all', name: string | undefined) =>
    id === 'all' ? undefined : (name ?? `#${id}`);
  const fileFilters: ExportFilterNames = {
    school: chosen(filters.schoolId, nameOf.school),
    block: chosen(filters.blockId, nameOf.block),
    activity: chosen(filters.activityId, nameOf.activity),
    status: filters.status === 'all' ? undefined : CSV_STATUS_LABELS[filters.status],
  };

  const noData = (what: 'export' | 'print') =>
    toast({
      title: t('registrations.noData'),
      description: t(
        what === 'export' ? 'registrations.noDataExport' : 'registrations.noDataPrint',
      ),
    });

  // R-EXPORT-EMPTY: print with no rows only says so. Prints the page on screen.
  const print = () => {
    if (rows.length === 0) noData('print');
    else window.print();
  };

  // Every sign-up of the current filters, not only this page, newest first.
  const exportCsv = async () => {
    if (progress) return;
    if (pagination && !list.isPlaceholderData && pagination.total === 0) {
      noData('export');
      return;
    }
    const controller = new AbortController();
    exportAbort.current = controller;
    setProgress({ loaded: 0, total: pagination?.total ?? 0 });
    try {
      const result = await fetchAllRegistrations(
        filters,
        (loaded, total) => setProgress({ loaded, total }),
        controller.signal,
      );
      if (result.rows.length === 0) {
        noData('export');
        return;
      }
      const csv = await buildRegistrationsCsv(result.rows);
      saveBlob(
        new Blob([csv], { type: CSV_MIME }),
        registrationsCsvFileName(new Date(), fileFilters),
      );
      toast(
        result.capped
          ? {
              title: t('registrations.exportCapped'),
              description: t('registrations.exportCappedText', {
                max: MAX_EXPORT_ROWS,
                total: result.total,
              }),
            }
          : {
              title: t('registrations.exported'),
              description: t('registrations.exportedText', { count: result.rows.length }),
            },
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('[mfe_admin] CSV export failed', error);
      toast({
        variant: 'destructive',
        title: t('registrations.exportFailed'),
        description: serverMessage(error, t('registrations.exportFailedText')),
      });
    } finally {
      if (exportAbort.current === controller) exportAbort.current = null;
      setProgress(null);
    }
  };

  const onAction = (action: RegistrationAction, r: AdminRegistration) => {
    if (action === 'approve') {
      if (review.mayApprove(r)) setApproveFor(r);
    } else if (action === 'reject') setRejectFor(r);
    else review.revert(r);
  };

  const statusText =
    filters.status === 'all' ? undefined : t(`registrations.status.${filters.status}`);
  const printFilters = [
    fileFilters.school && t('registrations.printFilter.school', { name: fileFilters.school }),
    fileFilters.block && t('registrations.printFilter.block', { name: fileFilters.block }),
    fileFilters.activity && t('registrations.printFilter.activity', { name: fileFilters.activity }),
    statusText && t('registrations.printFilter.status', { name: statusText }),
  ].filter(Boolean);

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
      <div className="adm-section-head">
        <h2 id="signups-heading">{t('registrations.listTitle')}</h2>
        <div className="adm-head-actions adm-no-print">
          <button type="button" className="button secondary" onClick={print} data-testid="print">
            {t('registrations.print')}
          </button>
          <BusyButton
            className="button"
            onClick={() => void exportCsv()}
            busy={progress !== null}
            data-testid="export-csv"
          >
            {progress
              ? t('registrations.exporting', { loaded: progress.loaded, total: progress.total })
              : t('registrations.export')}
          </BusyButton>
        </div>
      </div>

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
          page={{ rows: rows.length, selected: rows.filter((r) => selection.has(r.id)).length }}
          onSelectPage={(on) => select(rows, on)}
          onAction={setBulkAction}
          onClear={() => setSelection(new Map())}
        />
      ) : null}

      <div className="adm-print-only adm-print-head" data-testid="print-head">
        <p>
          {printFilters.length > 0
            ? t('registrations.printFilters', { filters: printFilters.join(' · ') })
            : t('registrations.printNoFilters')}
        </p>
        {pagination ? (
          <p>
            {t('registrations.printPage', {
              page: pagination.page,
              pages: lastPage,
              count: pagination.total,
              date: formatDateTime(new Date().toISOString(), lang),
            })}
          </p>
        ) : null}
      </div>

      {content}

      {pagination && pagination.total > 0 ? (
        <div className="adm-list-foot">
          <p
            className="adm-muted adm-list-summary"
            aria-live="polite"
            data-testid="registrations-summary"
          >
            {t('registrations.summary', { count: pagination.total })}
            {lastPage > 1 ? ` · ${t('registrations.pageInfo', { page, pages: lastPage })}` : ''}
          </p>
          <Pagination
            page={Math.min(page, lastPage)}
            totalPages={lastPage}
            busy={list.isPlaceholderData}
            onPage={(target) => set((current) => current, target)}
          />
        </div>
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
        onDone={() => setSelection(new Map())}
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
