import { useTranslation } from 'react-i18next';
import { activitySchema, WEEKDAYS, type ActivityView } from '@nsa/contracts';
import { useSaveActivity } from '../api/activities';
import { useBlocks } from '../api/blocks';
import { useProviders } from '../api/providers';
import { useSchools } from '../api/schools';
import {
  activityFormInput,
  activityFormValues,
  withChoiceMessages,
  type ActivityFormValues,
  type ChoiceField,
} from '../lib/activity-form';
import { actionError } from '../../shared/lib/errors';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';
import { FormDialog, type EditState, type FormApi } from '../../shared/components/crud/FormDialog';
import { InputField } from '../../shared/components/crud/InputField';
import { Field } from '../../shared/components/Field';

export function ActivityFormDialog({
  state,
  onClose,
}: {
  state: EditState<ActivityView>;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const save = useSaveActivity();
  const chooseMessage = (field: ChoiceField) => t(`activities.choose.${field}`);
  return (
    <FormDialog
      state={state}
      onClose={onClose}
      title={{ add: t('activities.addTitle'), edit: t('activities.editTitle') }}
      save={save}
      initial={activityFormValues}
      check={(v) => {
        const result = validate(activitySchema, activityFormInput(v), lang);
        return result.ok
          ? result
          : { ...result, errors: withChoiceMessages(result.errors, v, chooseMessage) };
      }}
      saved={(data, activity) => ({
        title: t(activity ? 'activities.updated' : 'activities.created'),
        description: t(activity ? 'activities.updatedText' : 'activities.createdText', {
          title: data.title,
        }),
      })}
      failed={(error, activity) =>
        actionError(error, t(activity ? 'activities.updateFailed' : 'activities.createFailed'))
      }
    >
      {(form) => <ActivityFields form={form} />}
    </FormDialog>
  );
}

function ActivityFields({ form }: { form: FormApi<ActivityFormValues> }) {
  const { values, errors, change } = form;
  const { t } = useTranslation(NAMESPACE);
  const schools = useSchools();
  const blocks = useBlocks();
  const providers = useProviders();

  const select = (
    field: ChoiceField,
    options: { value: string; label: string }[],
    loading = false,
  ) => (
    <Field label={t(`activities.form.${field}`)} error={errors[field]}>
      {(control) => (
        <select
          {...control}
          name={field}
          value={values[field]}
          onChange={(e) => change(field, e.target.value)}
        >
          <option value="">
            {loading ? t('common.loading') : t(`activities.choose.${field}`)}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const flag = (field: 'isLocked' | 'isHidden') => (
    <label className="adm-checkbox">
      <input
        type="checkbox"
        name={field}
        checked={values[field]}
        onChange={(e) => change(field, e.target.checked)}
      />
      <span>
        {t(`activities.form.${field}`)}
        <span className="adm-field-hint">{t(`activities.form.${field}Hint`)}</span>
      </span>
    </label>
  );

  return (
    <>
      <InputField form={form} name="title" label={t('activities.form.title')} autoComplete="off" />
      {select(
        'schoolId',
        (schools.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
        schools.isPending,
      )}
      {select(
        'blockId',
        (blocks.data ?? []).map((b) => ({
          value: String(b.id),
          label: t('activities.blockOption', { name: b.name, start: b.weekStart, end: b.weekEnd }),
        })),
        blocks.isPending,
      )}
      {select(
        'providerId',
        (providers.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
        providers.isPending,
      )}
      <div className="adm-form-row">
        {select(
          'weekday',
          WEEKDAYS.map((day) => ({ value: String(day), label: t(`weekdays.${day}`) })),
        )}
        <InputField
          form={form}
          name="startTime"
          label={t('activities.form.startTime')}
          type="time"
          step={60}
        />
      </div>
      <InputField
        form={form}
        name="capacity"
        label={t('activities.form.capacity')}
        hint={t('activities.form.capacityHint')}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
      />
      {flag('isLocked')}
      {flag('isHidden')}
    </>
  );
}
