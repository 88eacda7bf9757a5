export {
  ApiError,
  apiFetch,
  errorBody,
  errorFromResponse,
  isApiError,
  serverMessage,
} from './http';
export { createQueryClient } from './query-client';
export {
  chooseLanguage,
  chosenLanguage,
  initI18n,
  loadLanguage,
  offerLanguages,
  registerResources,
  shownLanguage,
  useNamespaceTexts,
  type NamespaceResources,
} from './i18n';
export {
  LANGUAGES,
  LANGUAGE_NAMES,
  STAFF_LANGUAGES,
  languageDirection,
  type Language,
} from './languages';
export { Page } from './page';
export { type ToastInput } from './toast-store';
export { ToastProvider, useToast } from './toast';
export { REGISTRATIONS_QUERY_KEY } from './query-keys';
export { SESSION_QUERY_KEY, sessionUserFrom, useSession } from './session';
export { BusyButton } from './busy-button';
export { ExportButton, type ExportFile } from './export-button';
export { FieldNote, fieldIds } from './field-note';
export { LogoutButton } from './logout-button';
export { ProtectedRoute, Spinner } from './protected-route';
export { pageRoutes, RemoteRoutes } from './remote-routes';
