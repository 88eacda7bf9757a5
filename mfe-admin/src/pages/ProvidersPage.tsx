import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Spinner, useToast } from '@nsa/web-kit';
import { useDeleteProvider, useProviders, type Provider } from '../api/providers';
import { BackToDashboard } from '../components/BackLink';
import { LoadError } from '../components/LoadError';
import { NameFormDialog, type NamedDialogState } from '../components/NameFormDialog';
import { actionError } from '../lib/errors';
import { NAMESPACE } from '../namespace';

/** /admin/providers: who runs the activities (spec §2 "Admin providers"). */
export function ProvidersPage() {
  const { t } = useTranslation(NAMESPACE);
  const [dialog, setDialog] = useState<NamedDialogState>(null);
  return (
    <Page remote={NAMESPACE} page="admin-providers" title={t('sections.providers')}>
      <BackToDashboard />
      <section className="card" aria-labelledby="providers-heading">
        <div className="section-head">
          <h2 id="providers-heading">{t('providers.listTitle')}</h2>
          <button type="button" className="button" onClick={() => setDialog({ item: null })}>
            {t('providers.add')}
          </button>
        </div>
        <ProvidersTable onEdit={(provider) => setDialog({ item: provider })} />
      </section>
      <NameFormDialog kind="providers" state={dialog} onClose={() => setDialog(null)} />
    </Page>
  );
}

function ProvidersTable({ onEdit }: { onEdit: (provider: Provider) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const providers = useProviders();
  const remove = useDeleteProvider();

  if (providers.isPending) return <Spinner label={t('providers.loading')} />;
  if (providers.isError) {
    return (
      <LoadError
        message={t('providers.loadFailed')}
        onRetry={() => void providers.refetch()}
        testId="providers-error"
      />
    );
  }
  if (providers.data.length === 0) {
    return (
      <p className="empty" data-testid="providers-empty">
        {t('providers.empty')}
      </p>
    );
  }

  const confirmDelete = (provider: Provider) => {
    if (!window.confirm(t('providers.confirmDelete', { name: provider.name }))) return;
    remove.mutate(provider.id, {
      onSuccess: () => {
        toast({
          title: t('providers.deleted'),
          description: t('providers.deletedText', { name: provider.name }),
        });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('common.failTitle'),
          description: actionError(error, t('providers.deleteFailed')),
        });
      },
    });
  };

  return (
    <div className="table-scroll">
      <table className="table stack" data-testid="providers-table">
        <caption className="visually-hidden">{t('providers.listTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('common.id')}</th>
            <th scope="col">{t('providers.name')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {providers.data.map((provider) => (
            <tr key={provider.id} data-testid="provider-row" data-provider-id={provider.id}>
              <td data-label={t('common.id')} className="numeric">
                {provider.id}
              </td>
              <th scope="row">{provider.name}</th>
              <td>
                <div className="row-actions">
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t('providers.editOf', { name: provider.name })}
                    onClick={() => onEdit(provider)}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={t('providers.deleteOf', { name: provider.name })}
                    disabled={remove.isPending && remove.variables === provider.id}
                    onClick={() => confirmDelete(provider)}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
