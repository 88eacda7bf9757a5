import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { offerLanguages, ProtectedRoute, ToastProvider } from '@nsa/web-kit';
import { Header } from './components/Header';
import { RemoteRoute } from './components/RemoteRoute';
import { NotFound } from './pages/NotFound';
import { Unauthorized } from './pages/Unauthorized';
import { usePageLanguages } from './page-languages';
import { REMOTE_ROUTES } from './remotes/route-remotes';

// R-WEB-ROUTES. The shell mounts every page of the route table (remotes/route-remotes.ts) with
// the remote that owns it, and the remote draws the page, so a remote's files load only on its
// routes. The routes of one remote all render the same element: moving between its pages keeps
// the remote mounted.
export function App() {
  const { t, i18n } = useTranslation();
  const languages = usePageLanguages();

  useEffect(() => {
    document.title = t('productName');
  }, [t]);

  // R-LANG-PUBLIC, R-ORG-LANGUAGES: the visitor's language where the page offers it (its
  // remote has it and, on the public side, its organisation chose it), else Dutch.
  useEffect(() => {
    void offerLanguages(i18n, languages);
  }, [i18n, languages]);

  return (
    <ToastProvider closeLabel={t('toast.close')}>
      <Header />
      <div id="content" className="content">
        <Routes>
          {REMOTE_ROUTES.map(({ path, remote, protected: adminOnly }) => (
            <Route
              key={path}
              path={path}
              element={
                adminOnly ? (
                  // R-WEB-PROTECTED: the admin screens are for admins only; the check runs before
                  // the remote is requested, so a visitor without a session never downloads it.
                  <ProtectedRoute loadingLabel={t('remote.loading')}>
                    <RemoteRoute remote={remote} />
                  </ProtectedRoute>
                ) : (
                  <RemoteRoute remote={remote} />
                )
              }
            />
          ))}
          <Route path="/unauthorized" element={<Unauthorized />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </div>
    </ToastProvider>
  );
}
