import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { chooseLanguage, LANGUAGE_NAMES, type Language } from '@nsa/web-kit';
import { usePageLanguages } from '../page-languages';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const languages = usePageLanguages();
  const [searchParams, setSearchParams] = useSearchParams();
  const current = i18n.resolvedLanguage ?? i18n.language;

  const choose = (language: Language) => {
    void chooseLanguage(i18n, language);
    // A stale ?lng= would undo this choice on the next reload.
    if (searchParams.has('lng')) {
      const next = new URLSearchParams(searchParams);
      next.delete('lng');
      setSearchParams(next, { replace: true });
    }
  };

  // Only the languages the page offers: the admin and provider screens are in Dutch and English
  // (R-LANG-PUBLIC), the public pages in those their organisation chose (R-ORG-LANGUAGES).
  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {languages.map((language) => (
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
          <span className="visually-hidden">{LANGUAGE_NAMES[language]}</span>
        </button>
      ))}
    </div>
  );
}
