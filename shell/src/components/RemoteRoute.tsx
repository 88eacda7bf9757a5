import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type LazyExoticComponent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { dropFirstView, firstViewFor } from '../first-view';
import { loadRemoteApp, type RemoteModule } from '../remotes/load-remote-app';
import { forgetRemote, type RemoteName } from '../remotes/registry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

// One lazy component per remote, so moving between routes of the same remote
// keeps it mounted; dropped on retry because React.lazy remembers a failure.
const lazyApps = new Map<RemoteName, LazyExoticComponent<RemoteModule['default']>>();

function lazyApp(name: RemoteName) {
  let app = lazyApps.get(name);
  if (!app) {
    app = lazy(() => loadRemoteApp(name));
    lazyApps.set(name, app);
  }
  return app;
}

/** The gateway's first view of this route, moved in before the browser paints (first-view.ts). */
function FirstView({ nodes }: { nodes: Node[] }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.append(...nodes);
  }, [nodes]);
  return <div ref={box} className="first-view" />;
}

/** Rendered with the remote's App: from then on the App draws the page itself. */
function FirstViewDone() {
  useEffect(dropFirstView, []);
  return null;
}

function RemoteLoading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const firstView = firstViewFor(pathname);
  if (firstView) return <FirstView nodes={firstView} />;
  return (
    <div className="remote-loading" role="status" aria-live="polite">
      {t('remote.loading')}
    </div>
  );
}

/** Mounts a remote's App for the current route; the remote's files are fetched on first visit. */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    lazyApps.delete(remote);
    void forgetRemote(remote).finally(() => setAttempt((n) => n + 1));
  }, [remote]);

  const App = lazyApp(remote);
  return (
    <RemoteErrorBoundary key={`${remote}:${attempt}`} remote={remote} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <App />
        <FirstViewDone />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
