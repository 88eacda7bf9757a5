// Dev-only entry; the async boundary lets shared modules initialise first.
import('./standalone').catch((error: unknown) => {
  console.error('[mfe_public] failed to start', error);
});
