import { lazy, Suspense, useCallback, useState, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
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

function RemoteLoading() {
  const { t } = useTranslation();
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
      </Suspense>
    </RemoteErrorBoundary>
  );
}
