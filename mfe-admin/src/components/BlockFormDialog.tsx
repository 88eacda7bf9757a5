import { useTranslation } from 'react-i18next';
import { blockSchema } from '@nsa/contracts';
import type { Block } from '@nsa/contracts';
import { useSaveBlock } from '../api/blocks';
import { actionError } from '../lib/errors';
import { blockRange } from '../lib/format';
import { useLang } from '../lib/use-lang';
import { validate } from '../lib/validation';
import { NAMESPACE } from '../namespace';
import { FormDialog, type EditState, type FormApi } from './crud/FormDialog';
import { InputField } from './crud/InputField';

// Inputs hold text; the schema turns it into numbers.
type Values = { name: string; weekStart: string; weekEnd: string };

export function BlockFormDialog({
  state,
  onClose,
}: {
  state: EditState<Block>;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const save = useSaveBlock();
  return (
    <FormDialog
      state={state}
      onClose={onClose}
      title={{ add: t('blocks.addTitle'), edit: t('blocks.editTitle') }}
      save={save}
      initial={(block): Values => ({
        name: block?.name ?? '',
        weekStart: block ? String(block.weekStart) : '',
        weekEnd: block ? String(block.weekEnd) : '',
      })}
      // An empty input is "no value", not week 0.
      check={(v) =>
        validate(
          blockSchema,
          {
            name: v.name,
            weekStart: v.weekStart.trim() === '' ? undefined : v.weekStart,
            weekEnd: v.weekEnd.trim() === '' ? undefined : v.weekEnd,
          },
          lang,
        )
      }
      saved={(data, block) => ({
        title: t(block ? 'blocks.updated' : 'blocks.created'),
        description: t(block ? 'blocks.updatedText' : 'blocks.createdText', { name: data.name }),
      })}
      failed={(error, block) =>
        actionError(error, t(block ? 'blocks.updateFailed' : 'blocks.createFailed'))
      }
    >
      {(form) => <BlockFields form={form} />}
    </FormDialog>
  );
}

function BlockFields({ form }: { form: FormApi<Values> }) {
  const { values } = form;
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
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
    <InputField
      form={form}
      name={field}
      label={t(`blocks.${field}`)}
      type="number"
      inputMode="numeric"
      min={1}
      max={53}
      step={1}
    />
  );

  return (
    <>
      <InputField form={form} name="name" label={t('blocks.name')} autoComplete="off" />
      <div className="form-row">
        {weekInput('weekStart')}
        {weekInput('weekEnd')}
      </div>
      <p className="field-hint" data-testid="block-range-preview" aria-live="polite">
        {range
          ? t('blocks.rangeThisYear', { year, start: range.start, end: range.end })
          : t('blocks.weekHint')}
      </p>
    </>
  );
}
