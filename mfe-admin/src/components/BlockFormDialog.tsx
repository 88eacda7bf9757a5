import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { blockSchema } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { useSaveBlock, type Block } from '../api/blocks';
import { actionError, serverFieldErrors, type FieldErrors } from '../lib/errors';
import { focusFirstInvalid } from '../lib/focus';
import { blockRange } from '../lib/format';
import { useLang } from '../lib/use-lang';
import { validate } from '../lib/validation';
import { NAMESPACE } from '../namespace';
import { Dialog } from './Dialog';
import { Field } from './Field';

/** null: closed; {block: null}: adding; {block}: editing it. */
export type BlockDialogState = { block: Block | null } | null;

export function BlockFormDialog({
  state,
  onClose,
}: {
  state: BlockDialogState;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const save = useSaveBlock();
  const editing = state?.block ?? null;
  return (
    <Dialog
      open={state !== null}
      title={editing ? t('blocks.editTitle') : t('blocks.addTitle')}
      busy={save.isPending}
      onClose={onClose}
    >
      {state ? (
        <BlockForm key={editing?.id ?? 'new'} block={editing} save={save} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

interface FormProps {
  block: Block | null;
  save: ReturnType<typeof useSaveBlock>;
  onDone: () => void;
}

// Inputs hold text; the schema turns it into numbers.
type Values = { name: string; weekStart: string; weekEnd: string };

function BlockForm({ block, save, onDone }: FormProps) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({
    name: block?.name ?? '',
    weekStart: block ? String(block.weekStart) : '',
    weekEnd: block ? String(block.weekEnd) : '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  // An empty input is "no value", not week 0.
  const check = (v: Values) =>
    validate(
      blockSchema,
      {
        name: v.name,
        weekStart: v.weekStart.trim() === '' ? undefined : v.weekStart,
        weekEnd: v.weekEnd.trim() === '' ? undefined : v.weekEnd,
      },
      lang,
    );

  const change = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const result = check(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const result = check(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    save.mutate(
      { id: block?.id, input: result.data },
      {
        onSuccess: () => {
          toast({
            title: t(block ? 'blocks.updated' : 'blocks.created'),
            description: t(block ? 'blocks.updatedText' : 'blocks.createdText', {
              name: result.data.name,
            }),
          });
          onDone();
        },
        onError: (error) => {
          const message = actionError(
            error,
            t(block ? 'blocks.updateFailed' : 'blocks.createFailed'),
          );
          setErrors(serverFieldErrors(error));
          setFailure(message);
          focusFirstInvalid(formRef.current);
          toast({ variant: 'destructive', title: t('common.failTitle'), description: message });
        },
      },
    );
  };

  const year = new Date().getFullYear();
  const start = Number(values.weekStart);
  const end = Number(values.weekEnd);
  const range =
    values.weekStart !== '' &&
    values.weekEnd !== '' &&
    Number.isInteger(start) &&
    Number.isInteger(end)
      ? blockRange(year, start, end, lang)
      : null;

  const weekInput = (field: 'weekStart' | 'weekEnd') => (
    <Field label={t(`blocks.${field}`)} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          name={field}
          type="number"
          inputMode="numeric"
          min={1}
          max={53}
          step={1}
          value={values[field]}
          onChange={(e) => change(field, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit}>
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <Field label={t('blocks.name')} error={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            autoComplete="off"
            value={values.name}
            onChange={(e) => change('name', e.target.value)}
          />
        )}
      </Field>
      <div className="form-row">
        {weekInput('weekStart')}
        {weekInput('weekEnd')}
      </div>
      <p className="field-hint" data-testid="block-range-preview" aria-live="polite">
        {range
          ? t('blocks.rangeThisYear', { year, start: range.start, end: range.end })
          : t('blocks.weekHint')}
      </p>
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : block ? t('common.save') : t('common.add')}
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
