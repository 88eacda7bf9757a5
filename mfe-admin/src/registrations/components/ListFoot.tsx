import { useTranslation } from 'react-i18next';
import { Pagination } from '../../shared/components/Pagination';
import { NAMESPACE } from '../../namespace';

interface Props {
  total: number;
  page: number;
  lastPage: number;
  busy: boolean;
  onPage: (page: number) => void;
}

/** Under the sign-up list: how many there are, which page this is, and the page buttons. */
export function ListFoot({ total, page, lastPage, busy, onPage }: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="adm-list-foot">
      <p
        className="adm-muted adm-list-summary"
        aria-live="polite"
        data-testid="registrations-summary"
      >
        {t('registrations.summary', { count: total })}
        {lastPage > 1 ? ` · ${t('registrations.pageInfo', { page, pages: lastPage })}` : ''}
      </p>
      <Pagination
        page={Math.min(page, lastPage)}
        totalPages={lastPage}
        busy={busy}
        onPage={onPage}
      />
    </div>
  );
}
