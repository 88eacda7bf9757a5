export { ApiError, apiFetch, errorFromResponse, type ApiFetchInit } from './http';
export { createQueryClient, pathFromQueryKey } from './query-client';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  initI18n,
  pickLanguage,
  registerResources,
  type InitI18nOptions,
  type Language,
  type NamespaceResources,
} from './i18n';
export { Page, type PageProps } from './page';
