import { useId } from 'react';
import { fieldIds, LANGUAGE_NAMES } from '@nsa/web-kit';
import { LANGS, type Lang } from '@nsa/contracts';
import type { FormApi } from './crud/FormDialog';
import { FieldNotes } from './Field';

/**
 * The languages of an organisation's public pages (R-PLATFORM-SCREENS, R-ORG-SETTINGS), each in
 * its own name and language: Dutch always (ticked, not to be unticked, the hint says why), the
 * others by choice, kept in LANGS' order. A message about the list or one of it (`languages.2`)
 * is shown under it.
 */
export function LanguagesField<V extends { languages: Lang[] }>({
  form,
  legend,
  hint,
}: {
  form: FormApi<V>;
  legend: string;
  hint: string;
}) {
  const id = useId();
  const error =
    form.errors.languages ??
    Object.entries(form.errors).find(([field]) => field.startsWith('languages.'))?.[1];
  const { hintId, errorId, describedBy } = fieldIds(id, hint, error);
  const chosen = form.values.languages;
  const toggle = (lang: Lang, on: boolean) =>
    form.change(
      'languages',
      LANGS.filter((l) => (l === lang ? on : chosen.includes(l))) as V['languages'],
    );
  return (
    <fieldset
      className="adm-group"
      aria-describedby={describedBy}
      data-testid="organisation-languages"
    >
      <legend>{legend}</legend>
      <div className="adm-language-list">
        {LANGS.map((lang) => (
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
      <FieldNotes hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </fieldset>
  );
}
