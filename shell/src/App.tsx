import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { ProtectedRoute, ToastProvider } from '@nsa/web-kit';
import { Header } from './components/Header';
import { RemoteRoute } from './components/RemoteRoute';
import { NotFound } from './pages/NotFound';
import { Unauthorized } from './pages/Unauthorized';

// Spec §2. Each remote matches its own pages inside; the shell only decides
// which remote owns a path, so a remote's files load only on its routes.
export function App() {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = t('productName');
  }, [t]);

  const publicApp = <RemoteRoute remote="mfe_public" />;
  const adminApp = <RemoteRoute remote="mfe_admin" />;
  // Spec §6: the admin screens are for admins only; the check runs before the
  // remote is requested, so a visitor without a session never downloads it.
  const protectedAdminApp = (
    <ProtectedRoute loadingLabel={t('remote.loading')}>{adminApp}</ProtectedRoute>
  );
  const providerApp = <RemoteRoute remote="mfe_provider" />;

  return (
    <ToastProvider closeLabel={t('toast.close')}>
      <Header />
      <div id="content" className="content">
        <Routes>
          <Route path="/" element={publicApp} />
          <Route path="/activities/:token" element={publicApp} />
          <Route path="/schools/:token" element={publicApp} />
          <Route path="/login" element={adminApp} />
          <Route path="/reset-password" element={adminApp} />
          <Route path="/admin/*" element={protectedAdminApp} />
          <Route path="/provider/:activityId" element={providerApp} />
          <Route path="/unauthorized" element={<Unauthorized />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </div>
    </ToastProvider>
  );
}
