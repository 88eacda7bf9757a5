import { useParams } from 'react-router-dom';
import { pageRoutes, registerResources, RemoteRoutes } from '@nsa/web-kit';
import type { ADMIN_PAGES } from '@nsa/web-kit/routes';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { blockIdParam } from './draw/lib/draw';
import { NAMESPACE } from './namespace';
// The shared styles first: each feature's stylesheet, imported with its pages, comes after them.
import './shared/shared.css';
import { ActivitiesPage } from './catalog/pages/ActivitiesPage';
import { AttendancePage } from './attendance/pages/AttendancePage';
import { AuditPage } from './audit/pages/AuditPage';
import { activityIdParam } from './attendance/lib/attendance';
import { AdminNotFoundPage } from './shared/pages/AdminNotFoundPage';
import { BlocksPage } from './catalog/pages/BlocksPage';
import { DashboardPage } from './dashboard/pages/DashboardPage';
import { DrawPage } from './draw/pages/DrawPage';
import { LoginPage } from './accounts/pages/LoginPage';
import { OrganisationPage } from './organisation/pages/OrganisationPage';
import { PlatformLoginRoute, PlatformRoute } from './platform/pages/PlatformRoutes';
import { ProvidersPage } from './catalog/pages/ProvidersPage';
import { RegistrationsPage } from './registrations/pages/RegistrationsPage';
import { ResetPasswordPage } from './accounts/pages/ResetPasswordPage';
import { SchoolsPage } from './catalog/pages/SchoolsPage';
import { PrivacyPage } from './privacy/pages/PrivacyPage';
import { SettingsPage } from './accounts/pages/SettingsPage';

registerResources(NAMESPACE, { nl, en });

// R-DRAW-PREVIEW: a lottery block's draw; an id that is no number is a page that does not exist.
function DrawRoute() {
  const blockId = blockIdParam(useParams().id);
  return blockId === null ? <AdminNotFoundPage /> : <DrawPage key={blockId} blockId={blockId} />;
}

// R-ATTENDANCE-ADMIN: an activity's attendance, read-only; an id that is no number, as above.
function AttendanceRoute() {
  const activityId = activityIdParam(useParams().id);
  return activityId === null ? (
    <AdminNotFoundPage />
  ) : (
    <AttendancePage key={activityId} activityId={activityId} />
  );
}

/**
 * The admin remote's pages at their paths in the route table (ADMIN_PAGES). The shell
 * guards /admin/* (admins only); /login and /reset-password are open to anyone; the platform
 * pages check the platform session themselves (R-PLATFORM-SCREENS).
 */
export const routes = pageRoutes<typeof ADMIN_PAGES>({
  '/login': <LoginPage />,
  '/reset-password': <ResetPasswordPage />,
  '/admin': <DashboardPage />,
  '/admin/settings': <SettingsPage />,
  '/admin/audit': <AuditPage />,
  '/admin/privacy': <PrivacyPage />,
  '/admin/organisation': <OrganisationPage />,
  '/admin/schools': <SchoolsPage />,
  '/admin/blocks': <BlocksPage />,
  '/admin/blocks/:id/draw': <DrawRoute />,
  '/admin/providers': <ProvidersPage />,
  '/admin/activities': <ActivitiesPage />,
  '/admin/activities/:id/attendance': <AttendanceRoute />,
  '/admin/registrations': <RegistrationsPage />,
  '/admin/*': <AdminNotFoundPage />,
  '/platform/login': <PlatformLoginRoute />,
  '/platform': <PlatformRoute />,
});

export default function App() {
  return <RemoteRoutes routes={routes} />;
}
