// Dev-only entry; the async boundary lets shared modules initialise first.
import('./standalone').catch((error: unknown) => {
  console.error('[mfe_admin] failed to start', error);
});
