// The platform screens' rules (R-PLATFORM-SCREENS): the form values and what is sent of them,
// which actions an organisation offers, host names one per line. Pure, so it is unit tested.
import {
  LANGS,
  newOrganisationSchema,
  VALIDATION_MESSAGES,
  type NewOrganisationInput,
  type PlatformOrganisation,
  type StaffLang,
} from '@nsa/contracts';
import type { FieldErrors } from '../../shared/lib/errors';
import { validate, type Validated } from '../../shared/lib/validation';

/** Organisation 1 is the deployment's own: it is not suspended, renamed or re-hosted here. */
export const OWN_ORGANISATION_ID = 1;

export const isOwnOrganisation = (organisation: Pick<PlatformOrganisation, 'id'>) =>
  organisation.id === OWN_ORGANISATION_ID;

/** The languages a new organisation may offer, Dutch first: Dutch always, the rest by choice. */
export const ORGANISATION_LANGUAGES = LANGS;
export type OrganisationLanguage = (typeof ORGANISATION_LANGUAGES)[number];

/** The buttons of an organisation's row. */
export interface OrganisationActions {
  edit: boolean;
  suspend: boolean;
  resume: boolean;
  delete: boolean;
}

/**
 * What can be done with an organisation: none for the deployment's own; edit and suspend while
 * active; edit, resume and delete while suspended; only delete again while it is being deleted
 * (a delete that did not finish).
 */
export function organisationActions(organisation: PlatformOrganisation): OrganisationActions {
  const none = { edit: false, suspend: false, resume: false, delete: false };
  if (isOwnOrganisation(organisation)) return none;
  switch (organisation.status) {
    case 'active':
      return { ...none, edit: true, suspend: true };
    case 'suspended':
      return { edit: true, suspend: false, resume: true, delete: true };
    case 'deleting':
      return { ...none, delete: true };
  }
}

/** A status badge's tone (its colour; the word beside it says the status). */
export const STATUS_TONES: Record<PlatformOrganisation['status'], string> = {
  active: 'ok',
  suspended: 'locked',
  deleting: 'off',
};

/** The host names typed one per line: trimmed, lower case, without empty lines. */
export function hostLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '');
}

/** Host names as the textarea shows them: one per line. */
export const hostsText = (hosts: readonly string[]) => hosts.join('\n');

/**
 * The message of the hosts field: its own, or the first of one host name (`hosts.2`, from the
 * form's check or the server) with that host name before it.
 */
export function hostsError(
  errors: FieldErrors,
  hosts: readonly string[],
  withHost: (host: string, message: string) => string,
): string | undefined {
  if (errors.hosts) return errors.hosts;
  for (const [field, message] of Object.entries(errors)) {
    const index = /^hosts\.(\d+)$/.exec(field)?.[1];
    if (index === undefined || !message) continue;
    const host = hosts[Number(index)];
    return host === undefined ? message : withHost(host, message);
  }
  return undefined;
}

/** The new-organisation form's values as the inputs hold them. */
export interface NewOrganisationValues {
  slug: string;
  name: string;
  /** One host name per line. */
  hosts: string;
  publicBaseUrl: string;
  contactEmail: string;
  website: string;
  privacyUrl: string;
  /** The languages besides Dutch. */
  languages: OrganisationLanguage[];
  // Named by the field paths the server's messages use.
  'firstAdmin.name': string;
  'firstAdmin.email': string;
}

export const emptyNewOrganisation = (): NewOrganisationValues => ({
  slug: '',
  name: '',
  hosts: '',
  publicBaseUrl: '',
  contactEmail: '',
  website: '',
  privacyUrl: '',
  languages: ['en'],
  'firstAdmin.name': '',
  'firstAdmin.email': '',
});

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * What is checked and sent of the form: host names one per line as a list, Dutch with the
 * chosen languages, and a website or privacy statement left empty not at all.
 */
export function newOrganisationPayload(values: NewOrganisationValues) {
  return {
    slug: values.slug.trim(),
    name: values.name,
    hosts: hostLines(values.hosts),
    publicBaseUrl: values.publicBaseUrl.trim(),
    contactEmail: values.contactEmail,
    website: optional(values.website),
    privacyUrl: optional(values.privacyUrl),
    languages: ORGANISATION_LANGUAGES.filter(
      (lang) => lang === 'nl' || values.languages.includes(lang),
    ),
    firstAdmin: { name: values['firstAdmin.name'], email: values['firstAdmin.email'] },
  };
}

const isAddress = (value: string) => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * The new organisation's form checked with the contracts schema. That schema's check that the
 * public address's host is one of the host names reads the address with `new URL`, which throws
 * on one that is no address at all (its own message for that does not stop the check): the
 * other fields are then checked with a stand-in address, and the address's field gets the
 * schema's message for an address that is not one.
 */
export function checkNewOrganisation(
  values: NewOrganisationValues,
  lang: StaffLang,
): Validated<NewOrganisationInput> {
  const payload = newOrganisationPayload(values);
  if (isAddress(payload.publicBaseUrl)) return validate(newOrganisationSchema, payload, lang);
  const standIn = { ...payload, publicBaseUrl: 'https://example.invalid' };
  const result = validate(newOrganisationSchema, standIn, lang);
  const message = VALIDATION_MESSAGES.webAddressInvalid?.[lang] ?? 'webAddressInvalid';
  return { ok: false, errors: { ...(result.ok ? {} : result.errors), publicBaseUrl: message } };
}

/** The edit form's values: the name and the host names one per line. */
export interface EditOrganisationValues {
  name: string;
  hosts: string;
}

export const editOrganisationValues = (
  organisation: PlatformOrganisation,
): EditOrganisationValues => ({
  name: organisation.name,
  hosts: hostsText(organisation.hosts),
});

export const editOrganisationPayload = (values: EditOrganisationValues) => ({
  name: values.name,
  hosts: hostLines(values.hosts),
});
