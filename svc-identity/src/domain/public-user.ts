import type { PublicUser } from '@nsa/contracts';
import type { UserRow } from '../data-access/users.js';

/** A user as the API shows it: never the password hash. */
export function toPublic(u: UserRow): PublicUser {
  const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    createdAt: iso(u.createdAt)!,
    updatedAt: iso(u.updatedAt)!,
    lastLoginAt: iso(u.lastLoginAt),
    totpEnabled: u.totpEnabled,
  };
}
