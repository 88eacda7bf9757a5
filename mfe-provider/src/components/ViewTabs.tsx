import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { providerSearch, type ProviderParams, type ProviderView } from '../lib/params';
import { NAMESPACE } from '../namespace';

/** The two views of the link (R-ATTENDANCE-PAGE): the list, and attendance. */
export function ViewTabs({ params, view }: { params: ProviderParams; view: ProviderView }) {
  const { t } = useTranslation(NAMESPACE);
  const link = (v: ProviderView) => ({
    pathname: `/provider/${params.activityId}`,
    search: providerSearch(params.token, v),
  });
  return (
    <nav className="prv-tabs prv-no-print" aria-label={t('attendance.views')}>
      <Link
        to={link('list')}
        aria-current={view === 'list' ? 'page' : undefined}
        data-testid="provider-tab-list"
      >
        {t('attendance.listTab')}
      </Link>
      <Link
        to={link('attendance')}
        aria-current={view === 'attendance' ? 'page' : undefined}
        data-testid="provider-tab-attendance"
      >
        {t('attendance.tab')}
      </Link>
    </nav>
  );
}
