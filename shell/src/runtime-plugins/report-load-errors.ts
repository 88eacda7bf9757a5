import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// No fallback module on purpose: returning nothing lets the error reach the
// route's error boundary, which shows the message and the retry button. This
// plugin only leaves one readable line in the console for whoever debugs it.
export default function reportLoadErrorsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-report-load-errors',
    async errorLoadRemote({ id, lifecycle, error }) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`[shell] could not load ${id} (${lifecycle}): ${reason}`);
      return undefined;
    },
  };
}
