import { useTranslation } from 'react-i18next';
import { pageItems } from '../lib/pagination';
import { NAMESPACE } from '../../namespace';

interface Props {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** While the next page loads the buttons stay, but do nothing new. */
  busy?: boolean;
}

/** R-REVIEW-PAGES: page buttons with previous and next; nothing when there is one page. */
export function Pagination({ page, totalPages, onPage, busy = false }: Props) {
  const { t } = useTranslation(NAMESPACE);
  if (totalPages <= 1) return null;
  const go = (target: number) => {
    if (!busy && target !== page && target >= 1 && target <= totalPages) onPage(target);
  };
  return (
    <nav className="adm-pagination" aria-label={t('registrations.pagination.label')}>
      <button
        type="button"
        className="button secondary adm-small"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        data-testid="page-prev"
      >
        ← {t('registrations.pagination.previous')}
      </button>
      <ul className="adm-page-list">
        {pageItems(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={`button adm-small ${item === page ? '' : 'secondary'}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('registrations.pagination.page', { page: item })}
                onClick={() => go(item)}
                data-page-number={item}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="adm-page-gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="button secondary adm-small"
        disabled={page >= totalPages}
        onClick={() => go(page + 1)}
        data-testid="page-next"
      >
        {t('registrations.pagination.next')} →
      </button>
    </nav>
  );
}
