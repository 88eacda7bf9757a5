import { AppError, requestContext, type RequestContext, type SessionUser } from '@nsa/service-kit';
import type { AdminRef } from '../data-access/registrations.js';

/**
 * The admin a request is made by, as its context has it (the session's user, set where the
 * request comes in): the one place an admin's change learns who made it, for the sign-up's row
 * (approved by, rejected by) and the audit log (R-AUDIT-ADMIN-CHANGES). A change without a
 * logged-in user is refused (its routes are behind `requireRole('admin')` anyway). `context`:
 * the request's context kept for work done later for it (a batch of approvals).
 */
export function actingAdmin(
  context: RequestContext | undefined = requestContext.current(),
): SessionUser {
  const user = context?.user;
  if (!user) throw AppError.unauthenticated();
  return user;
}

/** What a sign-up's row keeps of the admin who decided it. */
export const adminRef = (u: SessionUser): AdminRef => ({ id: u.uid, name: u.name, email: u.email });
