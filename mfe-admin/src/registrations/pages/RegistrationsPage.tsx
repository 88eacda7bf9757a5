import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { ActivitiesOverview } from '../components/ActivitiesOverview';
import { BackToDashboard } from '../../shared/components/BackLink';
import { SignupsPanel } from '../components/SignupsPanel';
import { Tabs } from '../components/Tabs';
import { NO_FILTERS } from '../lib/registration-filters';
import { useRegistrationFilters } from '../lib/use-registration-filters';
import { NAMESPACE } from '../../namespace';
import '../registrations.css';

type Tab = 'signups' | 'activities';

/** /admin/registrations: review sign-ups, and the activities' fill (R-REVIEW-SCREEN). */
export function RegistrationsPage() {
  const { t } = useTranslation(NAMESPACE);
  const [tab, setTab] = useState<Tab>('signups');
  const { set } = useRegistrationFilters();

  return (
    <Page
      remote={NAMESPACE}
      page="admin-registrations"
      title={t('sections.registrations')}
      printable
    >
      <BackToDashboard />
      <Tabs
        label={t('registrations.tabs.label')}
        tabs={[
          { id: 'signups', label: t('registrations.tabs.signups') },
          { id: 'activities', label: t('registrations.tabs.activities') },
        ]}
        active={tab}
        onChange={setTab}
      >
        {tab === 'signups' ? (
          <SignupsPanel />
        ) : (
          <ActivitiesOverview
            onShowSignups={(activity) => {
              set({ ...NO_FILTERS, activityId: activity.id });
              setTab('signups');
              // The clicked button goes away with its panel; keep the keyboard user's place.
              requestAnimationFrame(() =>
                document
                  .querySelector<HTMLElement>(
                    "main[data-page='admin-registrations'] [role='tab'][data-tab='signups']",
                  )
                  ?.focus(),
              );
            }}
          />
        )}
      </Tabs>
    </Page>
  );
}
