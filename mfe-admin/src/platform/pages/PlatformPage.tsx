import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { Page, Spinner } from '@nsa/web-kit';
import { usePlatformSession } from '../api/platform';
import { OrganisationsSection } from '../components/OrganisationsSection';
import { PlatformAuditSection } from '../components/PlatformAuditSection';
import { PlatformAccount } from '../components/PlatformAccount';
import { LoadError } from '../../shared/components/LoadError';
import { NAMESPACE } from '../../namespace';
import '../platform.css';

/**
 * /platform (R-PLATFORM-SCREENS): the platform administrator's own page, behind its own session
 * check (not the shell's, which is for an organisation's admins): who is logged in, and the
 * deployment's organisations, to add, change, suspend, resume and delete, and the log of what
 * was done to them (R-PLATFORM-AUDIT). Without a platform session, the platform login.
 */
export function PlatformPage() {
  const { t } = useTranslation(NAMESPACE);
  const session = usePlatformSession();

  if (session.data === null) return <Navigate to="/platform/login" replace />;

  let body;
  if (session.isPending) body = <Spinner label={t('platform.checkingSession')} />;
  else if (session.isError)
    body = (
      <LoadError
        message={t('platform.sessionFailed')}
        onRetry={() => void session.refetch()}
        testId="platform-session-error"
      />
    );
  else
    body = (
      <>
        <PlatformAccount admin={session.data.admin} />
        <OrganisationsSection />
        <PlatformAuditSection />
      </>
    );

  return (
    <Page remote={NAMESPACE} page="platform" title={t('platform.title')}>
      {body}
    </Page>
  );
}
