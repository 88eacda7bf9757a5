import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLOCATIONS, blockSchema } from '@nsa/contracts';
import { FieldNote, fieldIds } from '@nsa/web-kit';
import { useSaveBlock, type BlockView } from '../api/blocks';
import {
  blockFormInput,
  blockFormValues,
  shiftedWindowEnds,
  type BlockFormValues,
  type WindowField,
} from '../lib/block-form';
import { actionError } from '../../shared/lib/errors';
import { blockRange } from '../../shared/lib/format';
import { browserTimeZone } from '../lib/local-datetime';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';
import { FormDialog, type EditState, type FormApi } from '../../shared/components/crud/FormDialog';
import { InputField } from '../../shared/components/crud/InputField';

export function BlockFormDialog({
  state,
  onClose,
}: {
  state: EditState<BlockView>;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const save = useSaveBlock();
  // The admin's own clock: what the datetime-local inputs mean (R-DRAW-WINDOW).
  const timeZone = browserTimeZone();
  return (
    <FormDialog
      state={state}
      onClose={onClose}
      title={{ add: t('blocks.addTitle'), edit: t('blocks.editTitle') }}
      save={save}
      initial={(block) => blockFormValues(block, timeZone)}
      check={(v) => validate(blockSchema, blockFormInput(v, timeZone), lang)}
      saved={(data, block) => ({
        title: t(block ? 'blocks.updated' : 'blocks.created'),
        description: t(block ? 'blocks.updatedText' : 'blocks.createdText', { name: data.name }),
      })}
      failed={(error, block) =>
        actionError(error, t(block ? 'blocks.updateFailed' : 'blocks.createFailed'))
      }
    >
      {(form, block) => <BlockFields form={form} block={block} timeZone={timeZone} />}
    </FormDialog>
  );
}

function BlockFields({
  form,
  block,
  timeZone,
}: {
  form: FormApi<BlockFormValues>;
  block: BlockView | null;
  timeZone: string;
}) {
  const { values } = form;
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const chosenYear = Number(values.year);
  const year =
    Number.isInteger(chosenYear) && chosenYear >= 2000 ? chosenYear : new Date().getFullYear();
  const start = Number(values.weekStart);
  const end = Number(values.weekEnd);
  const range =
    values.weekStart !== '' &&
    values.weekEnd !== '' &&
    Number.isInteger(start) &&
    Number.isInteger(end)
      ? blockRange(year, start, end, lang)
      : null;
  const shifted = shiftedWindowEnds(values, timeZone);

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

  const windowInput = (field: WindowField) => {
    const moved = shifted[field];
    return (
      <InputField
        form={form}
        name={field}
        label={t(`blocks.${field}`)}
        type="datetime-local"
        step={60}
        hint={
          moved
            ? t('blocks.shifted', { time: values[field].slice(11, 16), saved: moved })
            : undefined
        }
      />
    );
  };

  return (
    <>
      <InputField form={form} name="name" label={t('blocks.name')} autoComplete="off" />
      <div className="adm-form-row">
        {weekInput('weekStart')}
        {weekInput('weekEnd')}
        <InputField
          form={form}
          name="year"
          label={t('blocks.year')}
          type="number"
          inputMode="numeric"
          min={2000}
          max={2100}
          step={1}
        />
      </div>
      <p className="adm-field-hint" data-testid="block-range-preview" aria-live="polite">
        {range
          ? t('blocks.rangeThisYear', { year, start: range.start, end: range.end })
          : t('blocks.weekHint')}
      </p>
      {/* One under the other: a date and time needs the width in every locale. */}
      {windowInput('signupOpensAt')}
      {windowInput('signupClosesAt')}
      <p className="adm-field-hint">{t('blocks.windowHint', { zone: timeZone })}</p>
      <AllocationChoice form={form} />
      {block?.seedHash ? (
        <div className="adm-field">
          <span className="adm-field-label">{t('blocks.commitment')}</span>
          <code className="adm-hash" data-testid="block-seed-hash">
            {block.seedHash}
          </code>
          <p className="adm-field-hint">{t('blocks.commitmentHint')}</p>
        </div>
      ) : null}
    </>
  );
}

/** First come first served or a lottery, each with a line on what it means (R-DRAW-WINDOW). */
function AllocationChoice({ form }: { form: FormApi<BlockFormValues> }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const error = form.errors.allocation;
  const { errorId, describedBy } = fieldIds(id, null, error);
  return (
    <fieldset className="adm-choice-group" aria-describedby={describedBy}>
      <legend>{t('blocks.allocation')}</legend>
      {ALLOCATIONS.map((allocation) => {
        const checked = form.values.allocation === allocation;
        return (
          <label key={allocation} className="adm-checkbox">
            <input
              type="radio"
              name="allocation"
              value={allocation}
              checked={checked}
              aria-invalid={error && checked ? true : undefined}
              aria-describedby={checked ? describedBy : undefined}
              onChange={() => form.change('allocation', allocation)}
            />
            <span>
              {t(`blocks.allocations.${allocation}`)}
              <span className="adm-field-hint">{t(`blocks.allocationHints.${allocation}`)}</span>
            </span>
          </label>
        );
      })}
      <FieldNote id={errorId} className="adm-field-error">
        {error}
      </FieldNote>
    </fieldset>
  );
}
