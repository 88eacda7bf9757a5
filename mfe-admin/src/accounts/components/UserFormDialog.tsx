import { useTranslation } from 'react-i18next';
import { adminUserSchema, ROLES, type PublicUser, type Role } from '@nsa/contracts';
import { serverMessage, useSession, useToast } from '@nsa/web-kit';
import { useResetUserTotp, useSaveUser } from '../api/users';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';
import { FormDialog, type EditState } from '../../shared/components/crud/FormDialog';
import { InputField } from '../../shared/components/crud/InputField';
import { Field } from '../../shared/components/Field';

interface Props {
  state: EditState<PublicUser>;
  onClose: () => void;
}

export function UserFormDialog({ state, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const save = useSaveUser();
  return (
    <FormDialog
      state={state}
      onClose={onClose}
      title={{ add: t('settings.addTitle'), edit: t('settings.editTitle') }}
      save={save}
      initial={(user): { name: string; email: string; role: Role } => ({
        name: user?.name ?? '',
        email: user?.email ?? '',
        role: user?.role ?? 'admin',
      })}
      check={(values) => validate(adminUserSchema, values, lang)}
      saved={(data, user) =>
        user
          ? {
              title: t('settings.updated'),
              description: t('settings.updatedText', { name: data.name }),
            }
          : {
              title: t('settings.created'),
              description: t('settings.createdText', { email: data.email }),
            }
      }
      failed={(error, user) =>
        serverMessage(error, user ? t('settings.updateFailed') : t('settings.createFailed'))
      }
      failedTitle={t('common.errorTitle')}
      showFailure={false}
      addLabel={t('settings.create')}
    >
      {(form, user) => (
        <>
          {user ? null : <p className="adm-muted">{t('settings.welcomeMailNote')}</p>}
          <InputField form={form} name="name" label={t('settings.name')} autoComplete="off" />
          <InputField
            form={form}
            name="email"
            label={t('settings.email')}
            type="email"
            autoComplete="off"
          />
          <Field label={t('settings.role')} error={form.errors.role}>
            {(control) => (
              <select
                {...control}
                name="role"
                value={form.values.role}
                onChange={(e) => form.change('role', e.target.value as Role)}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {user?.totpEnabled ? <ResetTotp user={user} onDone={onClose} /> : null}
        </>
      )}
    </FormDialog>
  );
}

/**
 * R-TOTP: another user who lost both their phone and their recovery codes logs in with the
 * password alone again (or sets two-step login up anew where it is required).
 */
function ResetTotp({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const { user: me } = useSession();
  const reset = useResetUserTotp();
  if (me?.id === user.id) return null;
  const run = () => {
    // R-ADMIN-CONFIRM: a browser confirm before it happens.
    if (!window.confirm(t('totp.resetConfirm', { name: user.name }))) return;
    reset.mutate(user.id, {
      onSuccess: () => {
        toast({ title: t('totp.resetDone', { name: user.name }) });
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('common.errorTitle'),
          description: serverMessage(error, t('totp.disableFailed')),
        }),
    });
  };
  return (
    <div className="adm-field">
      <p className="adm-muted">{t('totp.resetText')}</p>
      <button type="button" className="button secondary" disabled={reset.isPending} onClick={run}>
        {t('totp.reset')}
      </button>
    </div>
  );
}
