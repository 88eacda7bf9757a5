import { z } from 'zod';
import { emailAddress } from './auth.js';
import { LANGS } from './lang.js';
import { plainName } from './plain-text.js';

/**
 * R-ORG-SETTINGS: what an organisation's administrators set about it themselves: its name, its
 * contact address, its website and its privacy statement, which its public pages and emails
 * show; the name its emails are sent under, the languages its public pages offer, how many
 * months after a block its sign-ups are kept, and whether its staff must log in with two steps.
 * Messages are keys of VALIDATION_MESSAGES.
 */
export const webAddress = z
  .string({ error: 'webAddressInvalid' })
  .trim()
  .max(500, 'tooLong')
  .pipe(z.url({ protocol: /^https?$/, error: 'webAddressInvalid' }));

/**
 * The languages an organisation's public pages offer: a set of LANGS, in LANGS' order, Dutch
 * always among them (the pages' default).
 */
export const publicLanguages = z
  .array(z.enum(LANGS, { error: 'languageInvalid' }), { error: 'languageInvalid' })
  .max(LANGS.length * 2, 'languageInvalid')
  .transform((chosen) => LANGS.filter((l) => l === 'nl' || chosen.includes(l)));

/** Months after a block's end its sign-ups are kept (R-RETENTION-JOB), as the deployment's. */
export const retentionMonths = z
  .number({ error: 'retentionMonthsRange' })
  .int('retentionMonthsRange')
  .min(1, 'retentionMonthsRange')
  .max(120, 'retentionMonthsRange');

/**
 * PUT /api/settings/organisation. The fields after the privacy statement may be left out (a page
 * of an earlier release sends none of them): what is left out stays as it is. A sender name of
 * null or empty sends the emails under the organisation's name.
 */
export const organisationSettingsSchema = z.object({
  name: plainName('organisationNameRequired'),
  contactEmail: emailAddress,
  website: webAddress,
  privacyUrl: webAddress,
  mailFromName: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    plainName('organisationNameRequired').nullable().optional(),
  ),
  languages: publicLanguages.optional(),
  retentionMonths: retentionMonths.optional(),
  adminTwoStepRequired: z.boolean({ error: 'invalidType' }).optional(),
});
export type OrganisationSettingsInput = z.infer<typeof organisationSettingsSchema>;

/** The settings page's view: the settings, where the organisation is reached, whether it may change them. */
export const organisationSettingsResponse = z
  .object({
    organisation: z.object({
      name: z.string(),
      contactEmail: z.string(),
      website: z.string().nullable(),
      privacyUrl: z.string().nullable(),
      /** The name its emails are sent under; null: its name. */
      mailFromName: z.string().nullable(),
      languages: z.array(z.enum(LANGS)),
      retentionMonths: z.number().int(),
      adminTwoStepRequired: z.boolean(),
      /** Its public address and host names: set on the platform, shown here only. */
      publicBaseUrl: z.string(),
      hosts: z.array(z.string()),
    }),
    /**
     * False for organisation 1, whose settings are the deployment's (ORG_*): its page shows
     * them and says where they are changed.
     */
    editable: z.boolean(),
  })
  .meta({ id: 'OrganisationSettings' });
export type OrganisationSettings = z.output<typeof organisationSettingsResponse>;
