import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@nsa/contracts';
import { serverMessage, useSession } from '@nsa/web-kit';
import { useDeleteUser, useUsers } from '../api/users';
import { CrudPage } from '../../shared/components/crud/CrudPage';
import { CrudTable } from '../../shared/components/crud/CrudTable';
import { TwoStepSection } from '../components/TwoStepSection';
import { UserFormDialog } from '../components/UserFormDialog';
import { formatDateTime } from '../../shared/lib/format';
import { useConfirmDelete } from '../../shared/lib/use-confirm-delete';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';
import '../accounts.css';

/** /admin/settings: administrator management (R-ADMIN-SETTINGS). */
export function SettingsPage() {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { user: me } = useSession();
  const users = useUsers();
  const remove = useConfirmDelete<PublicUser>(useDeleteUser(), {
    // R-ADMIN-CONFIRM: deleting an admin needs a browser confirm.
    confirm: (user) => t('settings.confirmDelete', { name: user.name, email: user.email }),
    deleted: (user) => ({
      title: t('settings.deleted'),
      description: t('settings.deletedText', { name: user.name }),
    }),
    failed: (error) => ({
      title: t('common.errorTitle'),
      description: serverMessage(error, t('settings.deleteFailed')),
    }),
  });

  return (
    <CrudPage<PublicUser>
      page="admin-settings"
      title={t('settings.title')}
      heading={{ id: 'admin-users-heading', text: t('settings.usersTitle') }}
      addLabel={t('settings.add')}
      before={<TwoStepSection />}
      list={(edit) => (
        <CrudTable
          kind="user"
          query={users}
          texts={{
            caption: t('settings.usersTitle'),
            loading: t('settings.loading'),
            loadFailed: t('settings.loadFailed'),
            empty: t('settings.empty'),
            editLabel: (user) => t('settings.editUser', { name: user.name }),
            deleteLabel: (user) => t('settings.deleteUser', { name: user.name }),
          }}
          emptyClassName="adm-muted"
          columns={[
            {
              header: t('settings.name'),
              rowHeader: true,
              cell: (user) => (
                <>
                  {user.name}
                  {me?.id === user.id ? (
                    <span className="adm-muted"> ({t('settings.you')})</span>
                  ) : null}
                </>
              ),
            },
            { header: t('settings.email'), cell: (user) => user.email },
            { header: t('settings.role'), cell: (user) => t(`roles.${user.role}`) },
            {
              header: t('settings.twoStep'),
              cell: (user) => (user.totpEnabled ? t('totp.statusOn') : t('totp.statusOff')),
            },
            {
              header: t('settings.lastLogin'),
              cell: (user) => formatDateTime(user.lastLoginAt, lang) ?? t('settings.never'),
            },
          ]}
          onEdit={edit}
          remove={remove}
        />
      )}
      dialog={(state, close) => <UserFormDialog state={state} onClose={close} />}
    />
  );
}
