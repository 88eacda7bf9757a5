import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast, type ToastInput } from '@nsa/web-kit';
import { serverFieldErrors, type FieldErrors } from '../../lib/errors';
import { useFormValues } from '../../lib/use-form-values';
import { focusFirstInvalid } from '../../lib/focus';
import type { Validated } from '../../lib/validation';
import { NAMESPACE } from '../../../namespace';
import { Dialog } from '../Dialog';

/** null: closed; {item: null}: adding; {item}: editing it. */
export type EditState<T> = { item: T | null } | null;

/** What the form needs of a react-query save mutation (POST without id, PUT with one). */
export interface SaveMutation<D> {
  isPending: boolean;
  mutate(
    variables: { id?: number; input: D },
    options: { onSuccess: () => void; onError: (error: Error) => void },
  ): void;
}

/** What a form's fields get: the values as typed, their errors and a setter. */
export interface FormApi<V> {
  values: V;
  errors: FieldErrors;
  change: <K extends keyof V>(field: K, value: V[K]) => void;
}

export interface FormDialogProps<T extends { id: number }, V, D> {
  state: EditState<T>;
  onClose: () => void;
  title: { add: string; edit: string };
  /** Owned by the caller: the dialog must know when a save is running. */
  save: SaveMutation<D>;
  /** The inputs' values for a new item (null) or the one being edited. */
  initial: (item: T | null) => V;
  /** Validation with the contracts schema, in the UI language. */
  check: (values: V) => Validated<D>;
  /** The toast after a save. */
  saved: (data: D, item: T | null) => ToastInput;
  /** The text of a failed save. */
  failed: (error: Error, item: T | null) => string;
  /** The failure toast's title; `common.failTitle` unless given. */
  failedTitle?: string;
  /** Whether the failure also shows above the fields (default) or only in the toast. */
  showFailure?: boolean;
  /** The submit button's text when adding; `common.add` unless given. */
  addLabel?: string;
  children: (form: FormApi<V>, item: T | null) => ReactNode;
}

/**
 * A create/edit dialog: a fresh form each time it opens, validation on submit
 * and then on every change, focus on the first invalid field, the server's
 * field errors under the inputs, and a toast for the outcome.
 */
export function FormDialog<T extends { id: number }, V, D>(props: FormDialogProps<T, V, D>) {
  const { state, onClose, title, save } = props;
  const editing = state?.item ?? null;
  return (
    <Dialog
      open={state !== null}
      title={editing ? title.edit : title.add}
      busy={save.isPending}
      onClose={onClose}
    >
      {state ? <CrudForm key={editing?.id ?? 'new'} {...props} item={editing} /> : null}
    </Dialog>
  );
}

function CrudForm<T extends { id: number }, V, D>({
  item,
  onClose,
  save,
  initial,
  check,
  saved,
  failed,
  failedTitle,
  showFailure = true,
  addLabel,
  children,
}: FormDialogProps<T, V, D> & { item: T | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormValues(() => initial(item), check);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = form.validateAll();
    if (!result.ok) {
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate(
      { id: item?.id, input: result.data },
      {
        onSuccess: () => {
          toast(saved(result.data, item));
          onClose();
        },
        onError: (error) => {
          const message = failed(error, item);
          form.setErrors(serverFieldErrors(error));
          if (showFailure) setFailure(message);
          focusFirstInvalid(formRef.current);
          toast({
            variant: 'destructive',
            title: failedTitle ?? t('common.failTitle'),
            description: message,
          });
        },
      },
    );
  };

  const busy = save.isPending;
  return (
    <form ref={formRef} className="adm-form" noValidate onSubmit={submit}>
      {failure ? (
        <p className="adm-form-error" role="alert">
          {failure}
        </p>
      ) : null}
      {children(form, item)}
      <div className="adm-form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('common.saving') : item ? t('common.save') : (addLabel ?? t('common.add'))}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
