import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldNote, fieldIds, LANGUAGE_NAMES } from '@nsa/web-kit';
import {
  hostLines,
  hostsError,
  ORGANISATION_LANGUAGES,
  type OrganisationLanguage,
} from '../lib/platform';
import type { FormApi } from '../../shared/components/crud/FormDialog';
import { Field } from '../../shared/components/Field';
import { NAMESPACE } from '../../namespace';

/**
 * R-PLATFORM-SCREENS: an organisation's host names, one per line. A message about one of them
 * (`hosts.2`) is shown under the field with that host name before it.
 */
export function HostsField<V extends { hosts: string }>({ form }: { form: FormApi<V> }) {
  const { t } = useTranslation(NAMESPACE);
  const error = hostsError(form.errors, hostLines(form.values.hosts), (host, message) =>
    t('platform.hostError', { host, message }),
  );
  return (
    <Field label={t('platform.hosts')} hint={t('platform.hostsHint')} error={error}>
      {(control) => (
        <textarea
          {...control}
          name="hosts"
          rows={3}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={form.values.hosts}
          onChange={(e) => form.change('hosts', e.target.value as V['hosts'])}
          data-testid="organisation-hosts"
        />
      )}
    </Field>
  );
}

/**
 * R-PLATFORM-SCREENS: the languages of a new organisation's public pages: Dutch always (ticked
 * and not to be unticked), the others by choice. Each in its own name and language.
 */
export function LanguagesField<V extends { languages: OrganisationLanguage[] }>({
  form,
}: {
  form: FormApi<V>;
}) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const error =
    form.errors.languages ??
    Object.entries(form.errors).find(([field]) => field.startsWith('languages.'))?.[1];
  const { hintId, errorId, describedBy } = fieldIds(id, t('platform.languagesHint'), error);
  const chosen = form.values.languages;
  const toggle = (lang: OrganisationLanguage, on: boolean) =>
    form.change(
      'languages',
      (on ? [...chosen, lang] : chosen.filter((l) => l !== lang)) as V['languages'],
    );
  return (
    <fieldset
      className="adm-platform-languages"
      aria-describedby={describedBy}
      data-testid="organisation-languages"
    >
      <legend>{t('platform.languages')}</legend>
      <div className="adm-platform-language-list">
        {ORGANISATION_LANGUAGES.map((lang) => (
          <label key={lang} className="adm-checkbox">
            <input
              type="checkbox"
              name="languages"
              value={lang}
              checked={lang === 'nl' || chosen.includes(lang)}
              disabled={lang === 'nl'}
              onChange={(e) => toggle(lang, e.target.checked)}
            />
            <span lang={lang} dir="auto">
              {LANGUAGE_NAMES[lang]}
            </span>
          </label>
        ))}
      </div>
      <FieldNote id={hintId} className="adm-field-hint">
        {t('platform.languagesHint')}
      </FieldNote>
      <FieldNote id={errorId} className="adm-field-error">
        {error}
      </FieldNote>
    </fieldset>
  );
}
