import { useTranslation } from 'react-i18next';
import { Page, Spinner } from '@nsa/web-kit';
import { useAuditLog } from '../api/audit';
import { AuditExportButton } from '../components/AuditExportButton';
import { AuditFilterForm } from '../components/AuditFilterForm';
import { AuditTable } from '../components/AuditTable';
import { BackToDashboard } from '../../shared/components/BackLink';
import { LoadError } from '../../shared/components/LoadError';
import { Pagination } from '../../shared/components/Pagination';
import { hasAuditFilters } from '../lib/audit';
import { useAuditFilters } from '../lib/use-audit-filters';
import { NAMESPACE } from '../../namespace';
import '../audit.css';

/** /admin/audit (R-AUDIT-SCREEN): who did what, newest first, filtered, paged, as CSV. */
export function AuditPage() {
  const { t } = useTranslation(NAMESPACE);
  const { draft, filters, page, setPage, inverted, apply, clear, set } = useAuditFilters();
  const query = useAuditLog(filters, page);

  let body;
  if (query.isPending) body = <Spinner label={t('audit.loading')} />;
  else if (query.isError)
    body = (
      <LoadError
        message={t('audit.loadFailed')}
        onRetry={() => void query.refetch()}
        testId="audit-error"
      />
    );
  else if (query.data.data.length === 0)
    body = (
      <p className="empty" data-testid="audit-empty">
        {hasAuditFilters(filters) ? t('audit.emptyFiltered') : t('audit.empty')}
      </p>
    );
  else
    body = (
      <>
        <p className="adm-muted" data-testid="audit-total" aria-live="polite">
          {t('audit.total', { count: query.data.pagination.total })}
        </p>
        <AuditTable entries={query.data.data} />
        <Pagination
          page={query.data.pagination.page}
          totalPages={query.data.pagination.totalPages}
          onPage={setPage}
          busy={query.isFetching}
        />
      </>
    );

  return (
    <Page remote={NAMESPACE} page="admin-audit" title={t('audit.title')}>
      <BackToDashboard />
      <p className="adm-hint">{t('audit.intro')}</p>
      <section className="adm-card" aria-labelledby="audit-filters-heading">
        <h2 id="audit-filters-heading" className="visually-hidden">
          {t('audit.filters.label')}
        </h2>
        <AuditFilterForm
          draft={draft}
          filters={filters}
          inverted={inverted}
          onSet={set}
          onApply={apply}
          onClear={clear}
        />
        <div className="adm-toolbar">
          <AuditExportButton filters={filters} />
        </div>
        {body}
      </section>
    </Page>
  );
}
