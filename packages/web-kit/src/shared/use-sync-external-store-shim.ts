// React 18 and later have useSyncExternalStore built in; the shim package
// (react-i18next's fallback for older Reacts) only forwards to it. The builds
// resolve 'use-sync-external-store/shim' here instead (mf-shared.mjs).
export { useSyncExternalStore } from 'react';
