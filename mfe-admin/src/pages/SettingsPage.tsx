import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@nsa/contracts';
import { Page, Spinner, useSession, useToast } from '@nsa/web-kit';
import { useDeleteUser, useUsers } from '../api/users';
import { BackToDashboard } from '../components/BackLink';
import { UserFormDialog, type UserDialogState } from '../components/UserFormDialog';
import { serverMessage } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { useLang } from '../lib/use-lang';
import { NAMESPACE } from '../namespace';

/** /admin/settings: administrator management (spec §2 "Admin settings"). */
export function SettingsPage() {
  const { t } = useTranslation(NAMESPACE);
  const [dialog, setDialog] = useState<UserDialogState>(null);

  return (
    <Page remote={NAMESPACE} page="admin-settings" title={t('settings.title')}>
      <BackToDashboard />
      <section className="card" aria-labelledby="admin-users-heading">
        <div className="section-head">
          <h2 id="admin-users-heading">{t('settings.usersTitle')}</h2>
          <button type="button" className="button" onClick={() => setDialog({ user: null })}>
            {t('settings.add')}
          </button>
        </div>
        <UsersTable onEdit={(user) => setDialog({ user })} />
      </section>
      <UserFormDialog state={dialog} onClose={() => setDialog(null)} />
    </Page>
  );
}

function UsersTable({ onEdit }: { onEdit: (user: PublicUser) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const { user: me } = useSession();
  const users = useUsers();
  const remove = useDeleteUser();

  if (users.isPending) return <Spinner label={t('settings.loading')} />;
  if (users.isError) {
    return (
      <div className="form-error" role="alert" data-testid="users-error">
        <p>{t('settings.loadFailed')}</p>
        <button type="button" className="button secondary" onClick={() => void users.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (users.data.length === 0) return <p className="muted">{t('settings.empty')}</p>;

  const confirmDelete = (user: PublicUser) => {
    // Spec §5: deleting an admin needs a browser confirm.
    if (!window.confirm(t('settings.confirmDelete', { name: user.name, email: user.email })))
      return;
    remove.mutate(user.id, {
      onSuccess: () => {
        toast({
          title: t('settings.deleted'),
          description: t('settings.deletedText', { name: user.name }),
        });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('common.errorTitle'),
          description: serverMessage(error, t('settings.deleteFailed')),
        });
      },
    });
  };

  return (
    <div className="table-scroll">
      <table className="table stack" data-testid="users-table">
        <caption className="visually-hidden">{t('settings.usersTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('settings.name')}</th>
            <th scope="col">{t('settings.email')}</th>
            <th scope="col">{t('settings.role')}</th>
            <th scope="col">{t('settings.lastLogin')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((user) => (
            <tr key={user.id} data-testid="user-row" data-user-id={user.id}>
              <th scope="row">
                {user.name}
                {me?.id === user.id ? <span className="muted"> ({t('settings.you')})</span> : null}
              </th>
              <td data-label={t('settings.email')}>{user.email}</td>
              <td data-label={t('settings.role')}>{t(`roles.${user.role}`)}</td>
              <td data-label={t('settings.lastLogin')}>
                {formatDateTime(user.lastLoginAt, lang) ?? t('settings.never')}
              </td>
              <td>
                <div className="row-actions">
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t('settings.editUser', { name: user.name })}
                    onClick={() => onEdit(user)}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={t('settings.deleteUser', { name: user.name })}
                    disabled={remove.isPending && remove.variables === user.id}
                    onClick={() => confirmDelete(user)}
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
