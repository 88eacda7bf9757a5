import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { providerSchema, schoolSchema } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { useSaveProvider } from '../api/providers';
import { useSaveSchool } from '../api/schools';
import { actionError, serverFieldErrors, type FieldErrors } from '../lib/errors';
import { focusFirstInvalid } from '../lib/focus';
import { useLang } from '../lib/use-lang';
import { validate } from '../lib/validation';
import { NAMESPACE } from '../namespace';
import { Dialog } from './Dialog';
import { Field } from './Field';

/** Schools and providers are both just a name. */
export type NamedKind = 'schools' | 'providers';

/** null: closed; {item: null}: adding; {item}: editing it. */
export type NamedDialogState = { item: { id: number; name: string } | null } | null;

const SCHEMAS = { schools: schoolSchema, providers: providerSchema };

interface Props {
  kind: NamedKind;
  state: NamedDialogState;
  onClose: () => void;
}

export function NameFormDialog({ kind, state, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const saveSchool = useSaveSchool();
  const saveProvider = useSaveProvider();
  const save = kind === 'schools' ? saveSchool : saveProvider;
  const editing = state?.item ?? null;
  return (
    <Dialog
      open={state !== null}
      title={editing ? t(`${kind}.editTitle`) : t(`${kind}.addTitle`)}
      busy={save.isPending}
      onClose={onClose}
    >
      {state ? (
        <NameForm
          key={editing?.id ?? 'new'}
          kind={kind}
          item={editing}
          save={save}
          onDone={onClose}
        />
      ) : null}
    </Dialog>
  );
}

interface FormProps {
  kind: NamedKind;
  item: { id: number; name: string } | null;
  save: ReturnType<typeof useSaveSchool> | ReturnType<typeof useSaveProvider>;
  onDone: () => void;
}

function NameForm({ kind, item, save, onDone }: FormProps) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(item?.name ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const schema = SCHEMAS[kind];

  const change = (next: string) => {
    setName(next);
    if (submitted) {
      const result = validate(schema, { name: next }, lang);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const result = validate(schema, { name }, lang);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    save.mutate(
      { id: item?.id, input: result.data },
      {
        onSuccess: () => {
          toast({
            title: t(item ? `${kind}.updated` : `${kind}.created`),
            description: t(item ? `${kind}.updatedText` : `${kind}.createdText`, {
              name: result.data.name,
            }),
          });
          onDone();
        },
        onError: (error) => {
          const message = actionError(
            error,
            t(item ? `${kind}.updateFailed` : `${kind}.createFailed`),
          );
          setErrors(serverFieldErrors(error));
          setFailure(message);
          focusFirstInvalid(formRef.current);
          toast({ variant: 'destructive', title: t('common.failTitle'), description: message });
        },
      },
    );
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit}>
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <Field label={t(`${kind}.name`)} error={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            autoComplete="off"
            value={name}
            onChange={(e) => change(e.target.value)}
          />
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : item ? t('common.save') : t('common.add')}
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
