import { useQuery } from '@tanstack/react-query';

export interface Organisation {
  name: string;
  contactEmail: string;
  website: string;
  privacyUrl: string;
}

export const DEFAULT_ORGANISATION: Organisation = {
  name: 'Welzijn Voorbeeldstad',
  contactEmail: 'info@welzijn.example',
  website: 'https://welzijn.example',
  privacyUrl: 'https://welzijn.example/privacy',
};

const nonEmpty = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';
// Only web links: the config file must not be able to put javascript: URLs on the page.
const webUrl = (value: unknown): value is string => nonEmpty(value) && /^https?:\/\//i.test(value);

/** Takes what is usable from an app config and fills the rest with the defaults. */
export function organisationFrom(config: unknown): Organisation {
  const raw =
    typeof config === 'object' && config !== null
      ? ((config as { organisation?: unknown }).organisation as Record<string, unknown> | undefined)
      : undefined;
  if (!raw || typeof raw !== 'object') return DEFAULT_ORGANISATION;
  return {
    name: nonEmpty(raw.name) ? raw.name : DEFAULT_ORGANISATION.name,
    contactEmail:
      nonEmpty(raw.contactEmail) && /^[^\s@]+@[^\s@]+$/.test(raw.contactEmail)
        ? raw.contactEmail
        : DEFAULT_ORGANISATION.contactEmail,
    website: webUrl(raw.website) ? raw.website : DEFAULT_ORGANISATION.website,
    privacyUrl: webUrl(raw.privacyUrl) ? raw.privacyUrl : DEFAULT_ORGANISATION.privacyUrl,
  };
}

/**
 * Where the organisation is read from, in order (R-ORG-PAGES): svc-identity's answer for the
 * organisation of the page's host, then the deployment's file (organisation 1's, as a release
 * of svc-identity without the answer, or one that cannot answer now, leaves it).
 */
export const ORGANISATION_SOURCES = ['/api/app-config', '/app-config.json'] as const;

/** The first usable answer of ORGANISATION_SOURCES; the built-in defaults when none is. */
export async function loadOrganisation(
  get: (url: string) => Promise<{ ok: boolean; json(): Promise<unknown> }>,
): Promise<Organisation> {
  for (const url of ORGANISATION_SOURCES) {
    try {
      const response = await get(url);
      if (response.ok) return organisationFrom(await response.json());
    } catch {
      // The next source.
    }
  }
  return DEFAULT_ORGANISATION;
}

/**
 * The organisation: undefined until it has been read, the built-in defaults when it cannot
 * be. The public pages' first view (rendered at build time, see src/first-view.server.tsx) has
 * no organisation in it, so these parts appear once it is known, never with a wrong name first.
 */
export function useLoadedOrganisation(): Organisation | undefined {
  const { data } = useQuery({
    queryKey: ['app-config'],
    queryFn: ({ signal }) =>
      loadOrganisation((url) => fetch(url, { signal, credentials: 'same-origin' })),
  });
  return data;
}

/** The organisation; the built-in defaults while it loads and when it cannot be read. */
export function useOrganisation(): Organisation {
  return useLoadedOrganisation() ?? DEFAULT_ORGANISATION;
}
