import { useTranslation } from 'react-i18next';
import type { StaffLang } from '@nsa/contracts';
import { NAMESPACE } from '../../namespace';

/** The UI language as the contracts' message tables know it. */
export function useLang(): StaffLang {
  const { i18n } = useTranslation(NAMESPACE);
  return (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'nl';
}
