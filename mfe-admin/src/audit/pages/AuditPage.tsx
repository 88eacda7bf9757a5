import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@nsa/contracts';
import { BusyButton, Page, Spinner, useToast } from '@nsa/web-kit';
import { CSV_MIME } from '@nsa/web-kit/csv';
import { saveBlob } from '@nsa/web-kit/download';
import { fetchAllAudit, useAuditLog } from '../api/audit';
import { BackToDashboard } from '../../shared/components/BackLink';
import { Field } from '../../shared/components/Field';
import { LoadError } from '../../shared/components/LoadError';
import { Pagination } from '../../shared/components/Pagination';
import {
  AUDIT_ACTION_LIST,
  AUDIT_TARGET_TYPES,
  NO_AUDIT_FILTERS,
  auditActorTypes,
  auditCsvFileName,
  auditRangeInverted,
  buildAuditCsv,
  changesText,
  hasAuditFilters,
  type AuditFilters,
} from '../lib/audit';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

/** /admin/audit (R-AUDIT-SCREEN): who did what, newest first, filtered, paged, as CSV. */
export function AuditPage() {
  const { t } = useTranslation(NAMESPACE);
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const inverted = auditRangeInverted(draft);
  const query = useAuditLog(filters, page);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (inverted) return;
    setFilters(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(NO_AUDIT_FILTERS);
    setFilters(NO_AUDIT_FILTERS);
    setPage(1);
  };
  const set = (key: keyof AuditFilters) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

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
        <form
          className="adm-filters adm-audit-filters"
          onSubmit={apply}
          data-testid="audit-filters"
        >
          <Field label={t('audit.filters.action')}>
            {(control) => (
              <select
                {...control}
                value={draft.action}
                onChange={(e) => set('action')(e.target.value)}
                data-testid="audit-filter-action"
              >
                <option value="">{t('audit.filters.allActions')}</option>
                {AUDIT_ACTION_LIST.map((a) => (
                  <option key={a} value={a}>
                    {actionLabel(t, a)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('audit.filters.actorType')}>
            {(control) => (
              <select
                {...control}
                value={draft.actorType}
                onChange={(e) => set('actorType')(e.target.value)}
                data-testid="audit-filter-actor-type"
              >
                <option value="">{t('audit.filters.allActors')}</option>
                {auditActorTypes.map((a) => (
                  <option key={a} value={a}>
                    {t(`audit.actorTypes.${a}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('audit.filters.actorId')}>
            {(control) => (
              <input
                {...control}
                value={draft.actorId}
                maxLength={100}
                onChange={(e) => set('actorId')(e.target.value)}
                data-testid="audit-filter-actor-id"
              />
            )}
          </Field>
          <Field label={t('audit.filters.targetType')}>
            {(control) => (
              <select
                {...control}
                value={draft.targetType}
                onChange={(e) => set('targetType')(e.target.value)}
                data-testid="audit-filter-target-type"
              >
                <option value="">{t('audit.filters.allTargets')}</option>
                {AUDIT_TARGET_TYPES.map((a) => (
                  <option key={a} value={a}>
                    {t(`audit.targetTypes.${a}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('audit.filters.targetId')}>
            {(control) => (
              <input
                {...control}
                value={draft.targetId}
                maxLength={100}
                onChange={(e) => set('targetId')(e.target.value)}
                data-testid="audit-filter-target-id"
              />
            )}
          </Field>
          <Field label={t('audit.filters.from')}>
            {(control) => (
              <input
                {...control}
                type="date"
                value={draft.from}
                onChange={(e) => set('from')(e.target.value)}
                data-testid="audit-filter-from"
              />
            )}
          </Field>
          <Field
            label={t('audit.filters.to')}
            error={inverted ? t('audit.filters.inverted') : undefined}
          >
            {(control) => (
              <input
                {...control}
                type="date"
                value={draft.to}
                onChange={(e) => set('to')(e.target.value)}
                data-testid="audit-filter-to"
              />
            )}
          </Field>
          <div className="adm-filters-clear adm-audit-filter-actions">
            <button type="submit" className="button" data-testid="audit-apply">
              {t('audit.filters.apply')}
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={!hasAuditFilters(draft) && !hasAuditFilters(filters)}
              onClick={clear}
              data-testid="audit-clear"
            >
              {t('audit.filters.clear')}
            </button>
          </div>
        </form>
        <div className="adm-toolbar">
          <ExportButton filters={filters} />
        </div>
        {body}
      </section>
    </Page>
  );
}

function actionLabel(t: (key: string, opts?: Record<string, unknown>) => string, action: string) {
  return t(`audit.actions.${action.replace('.', '_')}`, { defaultValue: action });
}

function ExportButton({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { entries, truncated } = await fetchAllAudit(filters);
      if (entries.length === 0) {
        toast({ title: t('audit.exportEmpty') });
        return;
      }
      const csv = await buildAuditCsv(entries);
      saveBlob(new Blob([csv], { type: CSV_MIME }), auditCsvFileName());
      if (truncated) toast({ title: t('audit.exportTruncated', { count: entries.length }) });
    } catch (error) {
      console.error('[mfe_admin] audit CSV failed', error);
      toast({
        variant: 'destructive',
        title: t('common.failTitle'),
        description: t('audit.exportFailed'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <BusyButton
      className="button secondary"
      onClick={() => void run()}
      busy={busy}
      data-testid="audit-export"
    >
      {t('audit.export')}
    </BusyButton>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', {
        dateStyle: 'short',
        timeStyle: 'medium',
      }),
    [lang],
  );
  return (
    // Focusable, so a keyboard can scroll the table on a narrow screen.
    <div className="adm-table-scroll" role="region" aria-label={t('audit.tableLabel')} tabIndex={0}>
      <table className="adm-table adm-audit-table" data-testid="audit-table">
        <caption className="visually-hidden">{t('audit.tableLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.columns.at')}</th>
            <th scope="col">{t('audit.columns.actor')}</th>
            <th scope="col">{t('audit.columns.action')}</th>
            <th scope="col">{t('audit.columns.target')}</th>
            <th scope="col">{t('audit.columns.changes')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-testid="audit-row" data-action={e.action}>
              <td className="adm-audit-at" data-label={t('audit.columns.at')}>
                <time dateTime={e.at}>{time.format(new Date(e.at))}</time>
              </td>
              <td data-label={t('audit.columns.actor')}>
                <span className="audit-actor">
                  {e.actor.name ?? t(`audit.actorTypes.${e.actor.type}`)}
                </span>
                <span className="adm-muted adm-audit-sub">
                  {t(`audit.actorTypes.${e.actor.type}`)}
                  {e.actor.id ? ` #${e.actor.id}` : ''}
                </span>
              </td>
              <td data-label={t('audit.columns.action')}>
                {actionLabel(t, e.action)}
                <code className="adm-audit-sub">{e.action}</code>
              </td>
              <td data-label={t('audit.columns.target')}>
                {t(`audit.targetTypes.${e.target.type}`, { defaultValue: e.target.type })}
                {e.target.id ? ` #${e.target.id}` : ''}
              </td>
              <td className="adm-audit-changes" data-label={t('audit.columns.changes')}>
                {changesText(e.changes, t('audit.personalChanged'))}
                {e.reason ? (
                  <span className="adm-muted adm-audit-sub">
                    {t('audit.reason')}: {e.reason}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
