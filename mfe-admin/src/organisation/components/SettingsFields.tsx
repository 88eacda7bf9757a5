import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldNote, fieldIds, LANGUAGE_NAMES } from '@nsa/web-kit';
import type { Lang } from '@nsa/contracts';
import { PUBLIC_LANGUAGES, type OrganisationFormValues } from '../lib/organisation-form';
import type { FormApi } from '../../shared/components/crud/FormDialog';
import { InputField } from '../../shared/components/crud/InputField';
import { NAMESPACE } from '../../namespace';

type Form = FormApi<OrganisationFormValues>;

/** The first message about a list field: about the whole (`languages`) or one of it (`languages.2`). */
function listError(form: Form, field: string): string | undefined {
  return (
    form.errors[field] ??
    Object.entries(form.errors).find(([key]) => key.startsWith(`${field}.`))?.[1]
  );
}

/**
 * R-ORG-SETTINGS: the languages the organisation's public pages offer, each in its own name and
 * language. Dutch is always offered (the pages' default): ticked, and not to be unticked.
 */
function LanguagesField({ form }: { form: Form }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const hint = t('organisation.languagesHint');
  const error = listError(form, 'languages');
  const { hintId, errorId, describedBy } = fieldIds(id, hint, error);
  const chosen = form.values.languages;
  const toggle = (lang: Lang, on: boolean) =>
    form.change(
      'languages',
      PUBLIC_LANGUAGES.filter((l) => (l === lang ? on : l === 'nl' || chosen.includes(l))),
    );
  return (
    <fieldset
      className="adm-org-group"
      aria-describedby={describedBy}
      data-testid="organisation-languages"
    >
      <legend>{t('organisation.languages')}</legend>
      <div className="adm-org-language-list">
        {PUBLIC_LANGUAGES.map((lang) => (
          <label key={lang} className="adm-checkbox">
            <input
              type="checkbox"
              name="languages"
              value={lang}
              checked={lang === 'nl' || chosen.includes(lang)}
              disabled={lang === 'nl'}
              aria-describedby={lang === 'nl' ? hintId : undefined}
              onChange={(e) => toggle(lang, e.target.checked)}
            />
            <span lang={lang} dir="auto">
              {LANGUAGE_NAMES[lang]}
            </span>
          </label>
        ))}
      </div>
      <FieldNote id={hintId} className="adm-field-hint">
        {hint}
      </FieldNote>
      <FieldNote id={errorId} className="adm-field-error">
        {error}
      </FieldNote>
    </fieldset>
  );
}

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
      <FieldNote id={hintId} className="adm-field-hint">
        {hint}
      </FieldNote>
      <FieldNote id={errorId} className="adm-field-error">
        {error}
      </FieldNote>
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
      <fieldset className="adm-org-group">
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
      <LanguagesField form={form} />
      <fieldset className="adm-org-group">
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
      <fieldset className="adm-org-group">
        <legend>{t('organisation.securityTitle')}</legend>
        <TwoStepField form={form} />
      </fieldset>
    </>
  );
}
