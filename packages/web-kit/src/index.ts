export { ApiError, apiFetch, errorFromResponse, type ApiFetchInit } from './http';
export { createQueryClient, pathFromQueryKey } from './query-client';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  initI18n,
  loadLanguage,
  pickLanguage,
  registerResources,
  useNamespaceTexts,
  type InitI18nOptions,
  type Language,
  type NamespaceResources,
  type Table,
  type TableSource,
} from './i18n';
export { Page, type PageProps } from './page';
export {
  DEFAULT_TOAST_DURATION,
  type Toast,
  type ToastInput,
  type ToastVariant,
} from './toast-store';
export { ToastProvider, ToastViewport, useToast, type ToastApi } from './toast';
export {
  SESSION_QUERY_KEY,
  fetchSession,
  logout,
  sessionUserFrom,
  useLogout,
  useSession,
  type Session,
  type SessionRole,
  type SessionUser,
} from './session';
export { ProtectedRoute, Spinner, type ProtectedRouteProps } from './protected-route';
