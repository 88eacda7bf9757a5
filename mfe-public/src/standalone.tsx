import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link } from 'react-router-dom';
import { createQueryClient, initI18n, ToastProvider } from '@nsa/web-kit';
import '@nsa/web-kit/base.css';
import App from './export-app';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';

// Development only: what the shell provides in production (router, one
// QueryClient, i18n), so the remote can be worked on alone.
const i18n = initI18n({ namespace: NAMESPACE, resources: { nl, en } });
const queryClient = createQueryClient();
const devLinks = ['/', '/schools/0123456789abcdef0123456789abcdef', '/?lng=en'];

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ToastProvider closeLabel={i18n.t('toastClose')}>
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
