// The organisation settings form's values and what is shown of them (R-ORG-SETTINGS). Pure, so
// it is unit tested.
import { LANGS, type Lang, type OrganisationSettings } from '@nsa/contracts';

type Organisation = OrganisationSettings['organisation'];

/**
 * The settings as the inputs hold them: text ('' for a link or sender name not set), the
 * languages ticked, the retention period as typed, two-step login on or off.
 */
export interface OrganisationFormValues {
  name: string;
  contactEmail: string;
  website: string;
  privacyUrl: string;
  mailFromName: string;
  languages: Lang[];
  retentionMonths: string;
  adminTwoStepRequired: boolean;
}

/** The languages a public page may offer, Dutch first: Dutch always, the others by choice. */
export const PUBLIC_LANGUAGES = LANGS;

/** The inputs' first values: the settings as loaded. */
export function organisationFormValues(organisation: Organisation): OrganisationFormValues {
  return {
    name: organisation.name,
    contactEmail: organisation.contactEmail,
    website: organisation.website ?? '',
    privacyUrl: organisation.privacyUrl ?? '',
    mailFromName: organisation.mailFromName ?? '',
    languages: PUBLIC_LANGUAGES.filter((l) => l === 'nl' || organisation.languages.includes(l)),
    retentionMonths: String(organisation.retentionMonths),
    adminTwoStepRequired: organisation.adminTwoStepRequired,
  };
}

/**
 * What the contracts schema checks: the values with the retention period as a number (NaN when
 * empty or not a number, which the schema answers with its range message).
 */
export function organisationInput(values: OrganisationFormValues) {
  const months = values.retentionMonths.trim();
  return { ...values, retentionMonths: months === '' ? Number.NaN : Number(months) };
}

/** What a save changes that is said before it is done: each of them, or none. */
export interface SaveConsequences {
  /** Two-step login is turned on: staff without it set it up at their next login. */
  twoStepOn: boolean;
  /** The retention period is shortened from `from` months: older sign-ups are erased. */
  retentionLowered: { from: number; to: number } | null;
}

export function saveConsequences(
  stored: Organisation,
  next: { retentionMonths?: number; adminTwoStepRequired?: boolean },
): SaveConsequences {
  const to = next.retentionMonths;
  return {
    twoStepOn: next.adminTwoStepRequired === true && !stored.adminTwoStepRequired,
    retentionLowered:
      to !== undefined && to < stored.retentionMonths ? { from: stored.retentionMonths, to } : null,
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
