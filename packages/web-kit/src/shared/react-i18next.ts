// Shared as `react-i18next`: see react-router-dom.ts and mf-shared.mjs.
export {
  I18nextProvider,
  getI18n,
  initReactI18next,
  useTranslation,
} from '@nsa/unshared/react-i18next';
