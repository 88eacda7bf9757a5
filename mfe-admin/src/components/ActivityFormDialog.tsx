import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { activitySchema, WEEKDAYS, type ActivityView } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
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
import { actionError, serverFieldErrors, type FieldErrors } from '../lib/errors';
import { focusFirstInvalid } from '../lib/focus';
import { useLang } from '../lib/use-lang';
import { validate } from '../lib/validation';
import { NAMESPACE } from '../namespace';
import { Dialog } from './Dialog';
import { Field } from './Field';

/** null: closed; {activity: null}: adding; {activity}: editing it. */
export type ActivityDialogState = { activity: ActivityView | null } | null;

export function ActivityFormDialog({
  state,
  onClose,
}: {
  state: ActivityDialogState;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const save = useSaveActivity();
  const editing = state?.activity ?? null;
  return (
    <Dialog
      open={state !== null}
      title={editing ? t('activities.editTitle') : t('activities.addTitle')}
      busy={save.isPending}
      onClose={onClose}
    >
      {state ? (
        <ActivityForm key={editing?.id ?? 'new'} activity={editing} save={save} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

interface FormProps {
  activity: ActivityView | null;
  save: ReturnType<typeof useSaveActivity>;
  onDone: () => void;
}

function ActivityForm({ activity, save, onDone }: FormProps) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const schools = useSchools();
  const blocks = useBlocks();
  const providers = useProviders();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ActivityFormValues>(() => activityFormValues(activity));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const chooseMessage = (field: ChoiceField) => t(`activities.choose.${field}`);
  const check = (v: ActivityFormValues) => {
    const result = validate(activitySchema, activityFormInput(v), lang);
    return result.ok
      ? result
      : { ...result, errors: withChoiceMessages(result.errors, v, chooseMessage) };
  };

  const change = <K extends keyof ActivityFormValues>(field: K, value: ActivityFormValues[K]) => {
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
      { id: activity?.id, input: result.data },
      {
        onSuccess: () => {
          toast({
            title: t(activity ? 'activities.updated' : 'activities.created'),
            description: t(activity ? 'activities.updatedText' : 'activities.createdText', {
              title: result.data.title,
            }),
          });
          onDone();
        },
        onError: (error) => {
          const message = actionError(
            error,
            t(activity ? 'activities.updateFailed' : 'activities.createFailed'),
          );
          setErrors(serverFieldErrors(error));
          setFailure(message);
          focusFirstInvalid(formRef.current);
          toast({ variant: 'destructive', title: t('common.failTitle'), description: message });
        },
      },
    );
  };

  const select = (
    field: 'schoolId' | 'blockId' | 'providerId',
    options: { value: string; label: string }[],
    loading: boolean,
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

  const busy = save.isPending;
  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit}>
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <Field label={t('activities.form.title')} error={errors.title}>
        {(control) => (
          <input
            {...control}
            name="title"
            autoComplete="off"
            value={values.title}
            onChange={(e) => change('title', e.target.value)}
          />
        )}
      </Field>
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
      <div className="form-row">
        <Field label={t('activities.form.weekday')} error={errors.weekday}>
          {(control) => (
            <select
              {...control}
              name="weekday"
              value={values.weekday}
              onChange={(e) => change('weekday', e.target.value)}
            >
              <option value="">{t('activities.choose.weekday')}</option>
              {WEEKDAYS.map((day) => (
                <option key={day} value={String(day)}>
                  {t(`weekdays.${day}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('activities.form.startTime')} error={errors.startTime}>
          {(control) => (
            <input
              {...control}
              name="startTime"
              type="time"
              step={60}
              value={values.startTime}
              onChange={(e) => change('startTime', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field
        label={t('activities.form.capacity')}
        hint={t('activities.form.capacityHint')}
        error={errors.capacity}
      >
        {(control) => (
          <input
            {...control}
            name="capacity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.capacity}
            onChange={(e) => change('capacity', e.target.value)}
          />
        )}
      </Field>
      <label className="checkbox">
        <input
          type="checkbox"
          name="isLocked"
          checked={values.isLocked}
          onChange={(e) => change('isLocked', e.target.checked)}
        />
        <span>
          {t('activities.form.isLocked')}
          <span className="field-hint">{t('activities.form.isLockedHint')}</span>
        </span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="isHidden"
          checked={values.isHidden}
          onChange={(e) => change('isHidden', e.target.checked)}
        />
        <span>
          {t('activities.form.isHidden')}
          <span className="field-hint">{t('activities.form.isHiddenHint')}</span>
        </span>
      </label>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('common.saving') : activity ? t('common.save') : t('common.add')}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
