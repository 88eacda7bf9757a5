import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldIds } from '@nsa/web-kit';
import type { OrganisationFormValues } from '../lib/organisation-form';
import type { FormApi } from '../../shared/components/crud/FormDialog';
import { InputField } from '../../shared/components/crud/InputField';
import { FieldNotes } from '../../shared/components/Field';
import { LanguagesField } from '../../shared/components/LanguagesField';
import { NAMESPACE } from '../../namespace';

type Form = FormApi<OrganisationFormValues>;

/**
 * R-ORG-SETTINGS: whether every staff account must log in with a one-time code as well; the hint
 * says what turning it on does.
 */
function TwoStepField({ form }: { form: Form }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const hint = t('organisation.twoStepHint');
  const error = form.errors.adminTwoStepRequired;
  const { hintId, errorId, describedBy } = fieldIds(id, hint, error);
  return (
    <div className="adm-org-check">
      <label className="adm-checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="adminTwoStepRequired"
          checked={form.values.adminTwoStepRequired}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => form.change('adminTwoStepRequired', e.target.checked)}
          data-testid="organisation-two-step"
        />
        <span>{t('organisation.twoStep')}</span>
      </label>
      <FieldNotes hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

/**
 * R-ORG-SETTINGS: the settings after the organisation's details, each group under its legend:
 * the name its emails are sent under, its public pages' languages, how many months sign-ups are
 * kept, and whether its staff must log in with two steps.
 */
export function SettingsGroups({ form }: { form: Form }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <fieldset className="adm-group">
        <legend>{t('organisation.emailsTitle')}</legend>
        <InputField
          form={form}
          name="mailFromName"
          label={t('organisation.mailFromName')}
          hint={t('organisation.mailFromNameHint')}
          autoComplete="off"
          maxLength={200}
          data-testid="organisation-mail-from-name"
        />
      </fieldset>
      <LanguagesField
        form={form}
        legend={t('organisation.languages')}
        hint={t('organisation.languagesHint')}
      />
      <fieldset className="adm-group">
        <legend>{t('organisation.privacyTitle')}</legend>
        <InputField
          form={form}
          name="retentionMonths"
          label={t('organisation.retentionMonths')}
          hint={t('organisation.retentionMonthsHint')}
          type="number"
          inputMode="numeric"
          min={1}
          max={120}
          step={1}
          className="adm-org-months"
          data-testid="organisation-retention-months"
        />
      </fieldset>
      <fieldset className="adm-group">
        <legend>{t('organisation.securityTitle')}</legend>
        <TwoStepField form={form} />
      </fieldset>
    </>
  );
}
