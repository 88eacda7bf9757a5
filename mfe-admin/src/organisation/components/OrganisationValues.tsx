import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganisationSettings } from '@nsa/contracts';
import { LANGUAGE_NAMES } from '@nsa/web-kit';
import { webHref } from '../lib/organisation-form';
import { NAMESPACE } from '../../namespace';

type Organisation = OrganisationSettings['organisation'];

/** A web address as a link where it is one (http or https), else as text; unset says so. */
function WebAddress({ value }: { value: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  if (!value) return <span className="adm-muted">{t('organisation.notSet')}</span>;
  const href = webHref(value);
  return href ? <a href={href}>{value}</a> : <>{value}</>;
}

/** Label and value pairs, read-only, one under the other on a phone and side by side wider. */
function Values({ rows, testId }: { rows: { label: string; value: ReactNode }[]; testId: string }) {
  return (
    <dl className="adm-org-values" data-testid={testId}>
      {rows.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * R-ORG-SETTINGS: the settings of an organisation whose settings are the installation's
 * (organisation 1), shown without inputs, with where they are changed: the sender name (or that
 * the organisation's name is used), the public pages' languages by their own names, the retention
 * period in months and whether staff must log in with two steps.
 */
export function OrganisationReadOnly({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <p className="adm-notice adm-org-note" data-testid="organisation-read-only-note">
        {t('organisation.readOnlyNote')}
      </p>
      <Values
        testId="organisation-values"
        rows={[
          { label: t('organisation.name'), value: organisation.name },
          { label: t('organisation.contactEmail'), value: organisation.contactEmail },
          {
            label: t('organisation.website'),
            value: <WebAddress value={organisation.website} />,
          },
          {
            label: t('organisation.privacyUrl'),
            value: <WebAddress value={organisation.privacyUrl} />,
          },
          {
            label: t('organisation.mailFromName'),
            value: organisation.mailFromName || (
              <span className="adm-muted">{t('organisation.mailFromNameDefault')}</span>
            ),
          },
          {
            label: t('organisation.languages'),
            value: (
              <ul className="adm-org-hosts">
                {organisation.languages.map((lang) => (
                  <li key={lang} lang={lang} dir="auto">
                    {LANGUAGE_NAMES[lang]}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            label: t('organisation.retention'),
            value: t('organisation.retentionValue', { count: organisation.retentionMonths }),
          },
          {
            label: t('organisation.twoStep'),
            value: organisation.adminTwoStepRequired ? t('organisation.yes') : t('organisation.no'),
          },
        ]}
      />
    </>
  );
}

/** R-ORG-SETTINGS: where the organisation's pages are found; set on the platform, shown only. */
export function OrganisationAddress({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation(NAMESPACE);
  const { publicBaseUrl, hosts } = organisation;
  return (
    <section className="adm-card" aria-labelledby="organisation-address-heading">
      <h2 id="organisation-address-heading">{t('organisation.addressTitle')}</h2>
      <p className="adm-muted">{t('organisation.addressText')}</p>
      <Values
        testId="organisation-address"
        rows={[
          { label: t('organisation.publicBaseUrl'), value: <WebAddress value={publicBaseUrl} /> },
          {
            label: t('organisation.hosts'),
            value:
              hosts.length > 0 ? (
                <ul className="adm-org-hosts">
                  {hosts.map((host) => (
                    <li key={host}>{host}</li>
                  ))}
                </ul>
              ) : (
                <span className="adm-muted">{t('organisation.noHosts')}</span>
              ),
          },
        ]}
      />
    </section>
  );
}
