import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminUserSchema, ROLES, type PublicUser, type Role } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { useSaveUser } from '../api/users';
import { serverFieldErrors, serverMessage, type FieldErrors } from '../lib/errors';
import { focusFirstInvalid } from '../lib/focus';
import { useLang } from '../lib/use-lang';
import { validate } from '../lib/validation';
import { NAMESPACE } from '../namespace';
import { Dialog } from './Dialog';
import { Field } from './Field';

/** null: closed; {user: null}: adding; {user}: editing that user. */
export type UserDialogState = { user: PublicUser | null } | null;

interface Props {
  state: UserDialogState;
  onClose: () => void;
}

export function UserFormDialog({ state, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const save = useSaveUser();
  const editing = state?.user ?? null;
  return (
    <Dialog
      open={state !== null}
      title={editing ? t('settings.editTitle') : t('settings.addTitle')}
      busy={save.isPending}
      onClose={onClose}
    >
      {state ? (
        // A fresh form every time the dialog opens.
        <UserForm key={editing?.id ?? 'new'} user={editing} save={save} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

interface FormProps {
  user: PublicUser | null;
  /** Owned by the dialog, which must know when a save is running. */
  save: ReturnType<typeof useSaveUser>;
  onDone: () => void;
}

function UserForm({ user, save, onDone }: FormProps) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<{ name: string; email: string; role: Role }>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'admin',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (next: typeof values) => {
    setValues(next);
    if (submitted) {
      const result = validate(adminUserSchema, next, lang);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(adminUserSchema, values, lang);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    save.mutate(
      { id: user?.id, input: result.data },
      {
        onSuccess: () => {
          toast(
            user
              ? {
                  title: t('settings.updated'),
                  description: t('settings.updatedText', { name: result.data.name }),
                }
              : {
                  title: t('settings.created'),
                  description: t('settings.createdText', { email: result.data.email }),
                },
          );
          onDone();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          focusFirstInvalid(formRef.current);
          toast({
            variant: 'destructive',
            title: t('common.errorTitle'),
            description: serverMessage(
              error,
              user ? t('settings.updateFailed') : t('settings.createFailed'),
            ),
          });
        },
      },
    );
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit}>
      {user ? null : <p className="muted">{t('settings.welcomeMailNote')}</p>}
      <Field label={t('settings.name')} error={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            autoComplete="off"
            value={values.name}
            onChange={(e) => change({ ...values, name: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('settings.email')} error={errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="off"
            value={values.email}
            onChange={(e) => change({ ...values, email: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('settings.role')} error={errors.role}>
        {(control) => (
          <select
            {...control}
            name="role"
            value={values.role}
            onChange={(e) => change({ ...values, role: e.target.value as Role })}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : user ? t('common.save') : t('settings.create')}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={save.isPending}
          onClick={onDone}
        >
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
