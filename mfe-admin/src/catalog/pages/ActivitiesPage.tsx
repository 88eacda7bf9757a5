import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActivityView } from '@nsa/contracts';
import { useBlocks } from '../api/blocks';
import { useProviders } from '../api/providers';
import { useSchools } from '../api/schools';
import { ActivitiesTable } from '../components/ActivitiesTable';
import { ActivityFormDialog } from '../components/ActivityFormDialog';
import { CrudPage } from '../../shared/components/crud/CrudPage';
import { ProviderLinkDialog } from '../components/ProviderLinkDialog';
import { NAMESPACE } from '../../namespace';
import '../catalog.css';

const PREREQUISITES = [
  { key: 'schools', to: '/admin/schools' },
  { key: 'blocks', to: '/admin/blocks' },
  { key: 'providers', to: '/admin/providers' },
] as const;

/** /admin/activities: activities, their flags and provider links (R-CATALOG-ACTIVITIES-SCREEN). */
export function ActivitiesPage() {
  const { t } = useTranslation(NAMESPACE);
  const [linkFor, setLinkFor] = useState<ActivityView | null>(null);
  const lists = { schools: useSchools(), blocks: useBlocks(), providers: useProviders() };
  // R-CATALOG-ORDER: schools, then blocks, then providers, then activities.
  const missing = PREREQUISITES.filter(({ key }) => lists[key].data?.length === 0);

  return (
    <CrudPage<ActivityView>
      page="admin-activities"
      title={t('sections.activities')}
      heading={{ id: 'activities-heading', text: t('activities.listTitle') }}
      addLabel={t('activities.add')}
      addDisabled={missing.length > 0}
      before={
        missing.length > 0 ? (
          <div className="adm-hint" data-testid="activities-prerequisites">
            <p>{t('activities.needsFirst')}</p>
            <ul>
              {missing.map(({ key, to }) => (
                <li key={key}>
                  <Link to={to}>{t(`activities.missing.${key}`)}</Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null
      }
      list={(edit) => (
        <ActivitiesTable
          onEdit={edit}
          onLink={setLinkFor}
          canAdd={missing.length === 0}
          lists={lists}
        />
      )}
      dialog={(state, close) => <ActivityFormDialog state={state} onClose={close} />}
    >
      <ProviderLinkDialog activity={linkFor} onClose={() => setLinkFor(null)} />
    </CrudPage>
  );
}
