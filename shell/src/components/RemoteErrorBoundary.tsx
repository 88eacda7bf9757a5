import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function RemoteError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="page" data-testid="remote-error">
      <div role="alert">
        <h1>{t('remote.errorTitle')}</h1>
        <p>{t('remote.errorText')}</p>
      </div>
      <div className="actions">
        <button type="button" className="button" data-testid="remote-retry" onClick={onRetry}>
          {t('remote.retry')}
        </button>
      </div>
    </main>
  );
}

interface Props {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a remote that fails to load (or to render) from taking the shell down with it. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[shell] ${this.props.remote} failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RemoteError onRetry={this.props.onRetry} /> : this.props.children;
  }
}
