import { useTranslation } from 'react-i18next';
import type { RegistrationFilters } from '../lib/registration-filters';
import type { ExportFilterNames } from '../../shared/lib/files';
import { formatDateTime } from '../../shared/lib/format';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

interface Props {
  filters: RegistrationFilters;
  names: ExportFilterNames;
  /** The page shown, the number of pages and of sign-ups; absent before the first page. */
  pagination: { page: number; total: number } | undefined;
  lastPage: number;
}

/** The printed list's heading (shown in print only): its filters, page and date. */
export function PrintHead({ filters, names, pagination, lastPage }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const statusText =
    filters.status === 'all' ? undefined : t(`registrations.status.${filters.status}`);
  const printFilters = [
    names.school && t('registrations.printFilter.school', { name: names.school }),
    names.block && t('registrations.printFilter.block', { name: names.block }),
    names.activity && t('registrations.printFilter.activity', { name: names.activity }),
    statusText && t('registrations.printFilter.status', { name: statusText }),
  ].filter(Boolean);
  return (
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
  );
}
