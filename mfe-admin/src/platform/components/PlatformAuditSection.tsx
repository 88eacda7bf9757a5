import { useTranslation } from 'react-i18next';
import { BusyButton } from '@nsa/web-kit';
import { usePlatformLog } from '../lib/use-platform-log';
import { PlatformAuditTable } from './PlatformAuditTable';
import { ListStates } from '../../shared/components/crud/ListStates';
import { NAMESPACE } from '../../namespace';

/**
 * R-PLATFORM-AUDIT: the log of what was done to the organisations, below their list: newest
 * first, a page at a time, with a button for the older entries while there are more. A page
 * that did not load says so above the button, which asks for it again.
 */
export function PlatformAuditSection() {
  const { t } = useTranslation(NAMESPACE);
  const log = usePlatformLog();
  return (
    <section className="adm-card" aria-labelledby="platform-log-heading" data-testid="platform-log">
      <div className="adm-section-head">
        <h2 id="platform-log-heading">{t('platform.log.title')}</h2>
      </div>
      <p className="adm-muted">{t('platform.log.intro')}</p>
      <ListStates
        query={log.query}
        texts={{
          loading: t('platform.log.loading'),
          loadFailed: t('platform.log.loadFailed'),
          empty: t('platform.log.empty'),
        }}
        errorTestId="platform-log-error"
        emptyTestId="platform-log-empty"
      >
        {(entries) => <PlatformAuditTable entries={entries} />}
      </ListStates>
      {log.moreFailed ? (
        <p className="adm-form-error" role="alert" data-testid="platform-log-more-error">
          {t('platform.log.moreFailed')}
        </p>
      ) : null}
      {log.more ? (
        <div className="actions">
          <BusyButton
            className="button secondary"
            busy={log.loadingMore}
            onClick={log.loadMore}
            data-testid="platform-log-more"
          >
            {log.loadingMore ? t('platform.log.loadingMore') : t('platform.log.more')}
          </BusyButton>
        </div>
      ) : null}
    </section>
  );
}
