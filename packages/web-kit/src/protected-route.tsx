import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Role } from '@nsa/contracts';
import { useSession } from './session';

export interface ProtectedRouteProps {
  /** R-WEB-PROTECTED: the roles that may see the screen; only admins unless told otherwise. */
  roles?: readonly Role[];
  /** Read out by screen readers while the session is checked. */
  loadingLabel: string;
  children: ReactNode;
}

const ADMIN_ONLY: readonly Role[] = ['admin'];

/**
 * Renders its children only for a logged-in user with an allowed role. Until
 * the session is known it shows a spinner and nothing of the screen (so a
 * remote behind it is not even downloaded); then it redirects to /login
 * (no session) or /unauthorized (wrong role).
 */
export function ProtectedRoute({
  roles = ADMIN_ONLY,
  loadingLabel,
  children,
}: ProtectedRouteProps) {
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner label={loadingLabel} />;
  if (!user) return <Navigate to="/login" replace />;
  if (!roles.includes(user.role)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-box" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
