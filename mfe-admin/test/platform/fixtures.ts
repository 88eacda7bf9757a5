// R-PLATFORM-SCREENS, R-PLATFORM-AUDIT: an organisation as the platform lists it, and its log's
// entries, for the tests.
import type { PlatformAuditEntry, PlatformOrganisation } from '@nsa/contracts';

export const organisation = (
  id: number,
  over: Partial<PlatformOrganisation> = {},
): PlatformOrganisation => ({
  id,
  slug: `org-${id}`,
  name: `Organisatie ${id}`,
  hosts: [`org${id}.example.nl`],
  status: 'active',
  publicBaseUrl: `https://org${id}.example.nl`,
  counts: { schools: id, activities: id * 10, registrations: id * 100, admins: id + 1 },
  ...over,
});

/** R-PLATFORM-AUDIT: an entry of the platform's log, by a platform administrator unless said. */
export const auditEntry = (
  id: number,
  over: Partial<PlatformAuditEntry> = {},
): PlatformAuditEntry => ({
  id,
  at: `2026-03-0${(id % 9) + 1}T09:30:00.000Z`,
  actor: { id: 7, name: 'Petra Platform' },
  action: 'organisation.created',
  organisation: { id: 2, slug: 'stichting-west' },
  changes: null,
  ...over,
});

/** A page of the log as GET /api/platform/audit answers it. */
export const auditPage = (entries: PlatformAuditEntry[], next: number | null = null) => ({
  status: 200,
  body: { entries, next },
});
