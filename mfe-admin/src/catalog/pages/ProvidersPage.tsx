import { useTranslation } from 'react-i18next';
import type { Provider } from '@nsa/contracts';
import { useDeleteProvider, useProviders } from '../api/providers';
import { CrudPage } from '../../shared/components/crud/CrudPage';
import { CrudTable, useNamedTableTexts } from '../../shared/components/crud/CrudTable';
import { NameFormDialog } from '../components/NameFormDialog';
import { useConfirmDelete, useNamedDeleteTexts } from '../../shared/lib/use-confirm-delete';
import { NAMESPACE } from '../../namespace';
import '../catalog.css';

/** /admin/providers: who runs the activities (R-CATALOG-PROVIDERS-SCREEN). */
export function ProvidersPage() {
  const { t } = useTranslation(NAMESPACE);
  const providers = useProviders();
  const texts = useNamedTableTexts<Provider>('providers');
  const remove = useConfirmDelete(useDeleteProvider(), useNamedDeleteTexts<Provider>('providers'));
  return (
    <CrudPage<Provider>
      page="admin-providers"
      title={t('sections.providers')}
      heading={{ id: 'providers-heading', text: t('providers.listTitle') }}
      addLabel={t('providers.add')}
      list={(edit) => (
        <CrudTable
          kind="provider"
          query={providers}
          texts={texts}
          columns={[
            { header: t('common.id'), className: 'adm-numeric', cell: (p) => p.id },
            { header: t('providers.name'), rowHeader: true, cell: (p) => p.name },
          ]}
          onEdit={edit}
          remove={remove}
        />
      )}
      dialog={(state, close) => <NameFormDialog kind="providers" state={state} onClose={close} />}
    />
  );
}
