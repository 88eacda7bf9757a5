import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LANGUAGES, loadLanguage, type Language } from '@nsa/web-kit';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const current = i18n.resolvedLanguage ?? i18n.language;

  const choose = (language: Language) => {
    // Texts of another language may still have to be loaded: switch when they
    // are there, so the page changes language at once (if loading fails, the
    // Dutch texts stand in for the missing ones).
    void loadLanguage(i18n, language)
      .catch(() => undefined)
      .then(() => i18n.changeLanguage(language));
    // A stale ?lng= would undo this choice on the next reload.
    if (searchParams.has('lng')) {
      const next = new URLSearchParams(searchParams);
      next.delete('lng');
      setSearchParams(next, { replace: true });
    }
  };

  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          onClick={() => choose(language)}
        >
          {/* WCAG 2.5.3 (R-A11Y-WCAG): the name starts with the visible code ("NL Nederlands"),
              so a voice user who says what is on the button reaches it; the full name is the
              language's own, read in that language (the button's lang). */}
          {language.toUpperCase()}{' '}
          <span className="visually-hidden">{t(`language.${language}`)}</span>
        </button>
      ))}
    </div>
  );
}
