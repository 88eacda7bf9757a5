// In the first script, so index.html links the styles and its static header
// is drawn styled from the first paint.
import '@nsa/web-kit/base.css';
import './styles.css';
import { nextTask } from './next-task';
import { preloadRouteRemote } from './remotes/preload';

// Before anything else: the page's remote loads in parallel with the shell.
preloadRouteRemote(window.location.pathname);

// The async boundary lets the federation runtime set up the shared modules
// (react, router, …) before any code that imports them runs. It starts in a
// task of its own: this one has set up the federation runtime and asked for
// the registry already, and is long enough as it is.
nextTask()
  // React and React DOM's modules run in one task, the other shared modules and the shell's
  // own with the bootstrap chunk in the next: each is a short task instead of one long one.
  .then(() => import('react-dom/client'))
  .then(() => nextTask())
  .then(() => import('./bootstrap'))
  .catch((error: unknown) => {
    console.error('[shell] failed to start', error);
  });
