// The organisation settings form's values and what is shown of them (R-ORG-SETTINGS). Pure, so
// it is unit tested.
import type { OrganisationSettings } from '@nsa/contracts';

/** The four settings as the inputs hold them: text, '' for a link not set yet. */
export interface OrganisationFormValues {
  name: string;
  contactEmail: string;
  website: string;
  privacyUrl: string;
}

export const ORGANISATION_FIELDS = ['name', 'contactEmail', 'website', 'privacyUrl'] as const;
export type OrganisationField = (typeof ORGANISATION_FIELDS)[number];

/** The inputs' first values: the settings as loaded. */
export function organisationFormValues(
  organisation: OrganisationSettings['organisation'],
): OrganisationFormValues {
  return {
    name: organisation.name,
    contactEmail: organisation.contactEmail,
    website: organisation.website ?? '',
    privacyUrl: organisation.privacyUrl ?? '',
  };
}

/**
 * An address to link to: only a web address (http or https), so that a value set elsewhere can
 * never become a script link; anything else is shown as text.
 */
export function webHref(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
