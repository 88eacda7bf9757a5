// The names the facades use to reach the real packages (see mf-shared.mjs).
declare module '@nsa/unshared/react-i18next' {
  export * from 'react-i18next';
}
declare module '@nsa/unshared/@tanstack/react-query' {
  export * from '@tanstack/react-query';
}
