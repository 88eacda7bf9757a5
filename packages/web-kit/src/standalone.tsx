// Development only: a remote's page without the shell (npm -w mfe-x run dev).
// It gives the remote what the shell provides in production: the router, one
// QueryClient, i18n and the toasts, plus links to the remote's own routes.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Link } from 'react-router-dom';
import { initI18n, type NamespaceResources } from './i18n';
import { createQueryClient } from './query-client';
import { ToastProvider } from './toast';
import './base.css';

export interface StandaloneOptions {
  namespace: string;
  resources: NamespaceResources;
  /** The routes worth opening, shown as links above the app. */
  links: readonly string[];
  /** The key of the remote's text for the toasts' close button; '×' without one. */
  closeLabelKey?: string;
  app: ReactNode;
}

function Standalone({ namespace, links, closeLabelKey, app }: StandaloneOptions) {
  const { t } = useTranslation(namespace);
  return (
    <ToastProvider closeLabel={closeLabelKey ? t(closeLabelKey) : '×'}>
      <nav className="page">
        {links.map((href) => (
          <Link key={href} to={href} style={{ marginRight: '1rem' }}>
            {href}
          </Link>
        ))}
      </nav>
      {app}
    </ToastProvider>
  );
}

/** Renders the remote's app into #root with what the shell would provide. */
export function mountStandalone(options: StandaloneOptions): void {
  initI18n({ namespace: options.namespace, resources: options.resources });
  const queryClient = createQueryClient();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Standalone {...options} />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
