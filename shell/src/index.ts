// The async boundary lets the federation runtime set up the shared modules
// (react, router, …) before any code that imports them runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('[shell] failed to start', error);
});
