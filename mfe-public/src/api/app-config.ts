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

/** Takes what is usable from /app-config.json and fills the rest with the defaults. */
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
 * GET /app-config.json: undefined until it has been read, the built-in defaults when it
 * fails. The public pages' first view (rendered at build time, see src/first-view.server.tsx) has no
 * organisation in it, so these parts appear once it is known, never with a wrong name first.
 */
export function useLoadedOrganisation(): Organisation | undefined {
  const { data } = useQuery({
    queryKey: ['/app-config.json'],
    queryFn: async ({ signal }) => {
      try {
        const response = await fetch('/app-config.json', { signal, credentials: 'same-origin' });
        return organisationFrom(response.ok ? await response.json() : null);
      } catch {
        return DEFAULT_ORGANISATION;
      }
    },
  });
  return data;
}

/** GET /app-config.json; the built-in defaults while it loads and when it fails. */
export function useOrganisation(): Organisation {
  return useLoadedOrganisation() ?? DEFAULT_ORGANISATION;
}
