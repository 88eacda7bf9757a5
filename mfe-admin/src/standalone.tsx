import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { createQueryClient, initI18n, ProtectedRoute, ToastProvider } from '@nsa/web-kit';
import '@nsa/web-kit/base.css';
import App from './export-app';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';

// Development only: what the shell provides in production (router, one
// QueryClient, i18n, toasts, the admin guard), so the remote can be worked on alone.
initI18n({ namespace: NAMESPACE, resources: { nl, en } });
const queryClient = createQueryClient();
const devLinks = [
  '/login',
  '/reset-password?token=x',
  '/admin',
  '/admin/settings',
  '/admin/schools',
  '/admin/blocks',
  '/admin/providers',
  '/admin/activities',
  '/admin/registrations',
  '/login?lng=en',
];

function Standalone() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ToastProvider closeLabel={t('common.close')}>
      <nav className="page">
        {devLinks.map((href) => (
          <Link key={href} to={href} style={{ marginRight: '1rem' }}>
            {href}
          </Link>
        ))}
      </nav>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <ProtectedRoute loadingLabel={t('common.loading')}>
              <App />
            </ProtectedRoute>
          }
        />
        <Route path="*" element={<App />} />
      </Routes>
    </ToastProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Standalone />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
