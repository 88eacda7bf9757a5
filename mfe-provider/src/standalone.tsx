import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link } from 'react-router-dom';
import { ToastProvider, createQueryClient, initI18n } from '@nsa/web-kit';
import '@nsa/web-kit/base.css';
import App from './export-app';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';

// Development only: what the shell provides in production (router, one
// QueryClient, i18n, the toast viewport), so the remote can be worked on alone.
initI18n({ namespace: NAMESPACE, resources: { nl, en } });
const queryClient = createQueryClient();
const devLinks = ['/provider/1?token=x', '/provider/1?token=x&lng=en', '/provider/1'];

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ToastProvider closeLabel="×">
          <nav className="page">
            {devLinks.map((href) => (
              <Link key={href} to={href} style={{ marginRight: '1rem' }}>
                {href}
              </Link>
            ))}
          </nav>
          <App />
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
