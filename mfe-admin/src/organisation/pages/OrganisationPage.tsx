import { useTranslation } from 'react-i18next';
import { Page, Spinner } from '@nsa/web-kit';
import { useOrganisation } from '../api/organisation';
import { OrganisationForm } from '../components/OrganisationForm';
import { OrganisationAddress, OrganisationReadOnly } from '../components/OrganisationValues';
import { BackToDashboard } from '../../shared/components/BackLink';
import { LoadError } from '../../shared/components/LoadError';
import { NAMESPACE } from '../../namespace';
import '../organisation.css';

/**
 * /admin/organisation (R-ORG-SETTINGS): the organisation's name, contact address, website and
 * privacy statement, which its public pages and emails show, the name its emails are sent under,
 * its public pages' languages, its retention period and whether its staff log in with two steps;
 * changed here, or only shown (with where they are changed) when they are the installation's. Its
 * public address and host names are shown beside them.
 */
export function OrganisationPage() {
  const { t } = useTranslation(NAMESPACE);
  const query = useOrganisation();

  let body;
  if (query.isPending) body = <Spinner label={t('organisation.loading')} />;
  else if (query.isError)
    body = (
      <LoadError
        message={t('organisation.loadFailed')}
        onRetry={() => void query.refetch()}
        testId="organisation-load-error"
      />
    );
  else {
    const { organisation, editable } = query.data;
    body = (
      <>
        <section className="adm-card" aria-labelledby="organisation-details-heading">
          <h2 id="organisation-details-heading">{t('organisation.detailsTitle')}</h2>
          {editable ? (
            <OrganisationForm organisation={organisation} />
          ) : (
            <OrganisationReadOnly organisation={organisation} />
          )}
        </section>
        <OrganisationAddress organisation={organisation} />
      </>
    );
  }

  return (
    <Page remote={NAMESPACE} page="admin-organisation" title={t('organisation.title')}>
      <BackToDashboard />
      <p className="adm-hint">{t('organisation.intro')}</p>
      {body}
    </Page>
  );
}
