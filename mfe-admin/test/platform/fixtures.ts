// R-PLATFORM-SCREENS: an organisation as the platform lists it, for the tests.
import type { PlatformOrganisation } from '@nsa/contracts';

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
