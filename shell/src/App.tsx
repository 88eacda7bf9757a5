import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
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
  const providerApp = <RemoteRoute remote="mfe_provider" />;

  return (
    <>
      <Header />
      <div id="content" className="content">
        <Routes>
          <Route path="/" element={publicApp} />
          <Route path="/activities/:token" element={publicApp} />
          <Route path="/schools/:token" element={publicApp} />
          <Route path="/login" element={adminApp} />
          <Route path="/reset-password" element={adminApp} />
          <Route path="/admin/*" element={adminApp} />
          <Route path="/provider/:activityId" element={providerApp} />
          <Route path="/unauthorized" element={<Unauthorized />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </div>
    </>
  );
}
