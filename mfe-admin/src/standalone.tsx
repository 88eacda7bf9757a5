import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { ProtectedRoute } from '@nsa/web-kit';
import { ADMIN_AREA } from '@nsa/web-kit/routes';
import { mountStandalone } from '@nsa/web-kit/standalone';
import App from './export-app';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';

// Development only: the shell's admin guard as well, so the remote can be worked on alone.
function GuardedApp() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Routes>
      <Route
        path={`${ADMIN_AREA}/*`}
        element={
          <ProtectedRoute loadingLabel={t('common.loading')}>
            <App />
          </ProtectedRoute>
        }
      />
      <Route path="*" element={<App />} />
    </Routes>
  );
}

mountStandalone({
  namespace: NAMESPACE,
  resources: { nl, en },
  links: [
    '/login',
    '/reset-password?token=x',
    '/admin',
    '/admin/settings',
    '/admin/schools',
    '/admin/blocks',
    '/admin/blocks/1/draw',
    '/admin/providers',
    '/admin/activities',
    '/admin/registrations',
    '/admin/audit',
    '/admin/privacy',
    '/admin/organisation',
    '/login?lng=en',
  ],
  closeLabelKey: 'common.close',
  app: <GuardedApp />,
});
