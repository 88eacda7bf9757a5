import type { ReactNode } from 'react';
import { useLogout } from './session';

/** R-WEB-LOGOUT as a secondary button, disabled while the call runs. */
export function LogoutButton({ children }: { children: ReactNode }) {
  const { logout, pending } = useLogout();
  return (
    <button
      type="button"
      className="button secondary"
      disabled={pending}
      onClick={() => void logout()}
    >
      {children}
    </button>
  );
}
