/** The remote's federation name, also its i18n namespace and its pages' data-remote. */
export const NAMESPACE = 'mfe_provider';
