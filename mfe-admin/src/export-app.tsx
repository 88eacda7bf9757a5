import { matchPath, useLocation } from 'react-router-dom';
import { registerResources } from '@nsa/web-kit';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { blockIdParam } from './draw/lib/draw';
import { NAMESPACE } from './namespace';
import { ActivitiesPage } from './catalog/pages/ActivitiesPage';
import { AttendancePage } from './attendance/pages/AttendancePage';
import { AuditPage } from './audit/pages/AuditPage';
import { activityIdParam } from './attendance/lib/attendance';
import { AdminNotFoundPage } from './shared/pages/AdminNotFoundPage';
import { BlocksPage } from './catalog/pages/BlocksPage';
import { DashboardPage } from './dashboard/pages/DashboardPage';
import { DrawPage } from './draw/pages/DrawPage';
import { LoginPage } from './accounts/pages/LoginPage';
import { ProvidersPage } from './catalog/pages/ProvidersPage';
import { RegistrationsPage } from './registrations/pages/RegistrationsPage';
import { ResetPasswordPage } from './accounts/pages/ResetPasswordPage';
import { SchoolsPage } from './catalog/pages/SchoolsPage';
import { PrivacyPage } from './privacy/pages/PrivacyPage';
import { SettingsPage } from './accounts/pages/SettingsPage';
import './styles.css';

registerResources(NAMESPACE, { nl, en });

// Absolute patterns matched against the location, so the remote does not
// depend on how deep the shell mounted it. The shell guards /admin/* (admins
// only); /login and /reset-password are open to anyone.
export default function App() {
  const { pathname } = useLocation();
  if (matchPath('/login', pathname)) return <LoginPage />;
  if (matchPath('/reset-password', pathname)) return <ResetPasswordPage />;
  if (matchPath('/admin', pathname)) return <DashboardPage />;
  if (matchPath('/admin/settings', pathname)) return <SettingsPage />;
  // R-AUDIT-SCREEN: who did what.
  if (matchPath('/admin/audit', pathname)) return <AuditPage />;
  // R-PRIVACY-SCREEN: retention, export and erasure.
  if (matchPath('/admin/privacy', pathname)) return <PrivacyPage />;
  if (matchPath('/admin/schools', pathname)) return <SchoolsPage />;
  if (matchPath('/admin/blocks', pathname)) return <BlocksPage />;
  // R-DRAW-PREVIEW: a lottery block's draw; an id that is no number is a page that does not exist.
  const drawBlockId = blockIdParam(matchPath('/admin/blocks/:id/draw', pathname)?.params.id);
  if (drawBlockId !== null) return <DrawPage key={drawBlockId} blockId={drawBlockId} />;
  if (matchPath('/admin/providers', pathname)) return <ProvidersPage />;
  // R-ATTENDANCE-ADMIN: an activity's attendance, read-only.
  const attendanceId = activityIdParam(
    matchPath('/admin/activities/:id/attendance', pathname)?.params.id,
  );
  if (attendanceId !== null) return <AttendancePage key={attendanceId} activityId={attendanceId} />;
  if (matchPath('/admin/activities', pathname)) return <ActivitiesPage />;
  if (matchPath('/admin/registrations', pathname)) return <RegistrationsPage />;
  if (matchPath('/admin/*', pathname)) return <AdminNotFoundPage />;
  return null;
}
