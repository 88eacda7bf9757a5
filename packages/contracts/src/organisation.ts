import { z } from 'zod';
import { emailAddress } from './auth.js';
import { plainName } from './plain-text.js';

/**
 * R-ORG-SETTINGS: what an organisation's administrators set about it themselves: its name, its
 * contact address, its website and its privacy statement, which its public pages and emails
 * show. Messages are keys of VALIDATION_MESSAGES.
 */
const webAddress = z
  .string({ error: 'webAddressInvalid' })
  .trim()
  .max(500, 'tooLong')
  .pipe(z.url({ protocol: /^https?$/, error: 'webAddressInvalid' }));

export const organisationSettingsSchema = z.object({
  name: plainName('organisationNameRequired'),
  contactEmail: emailAddress,
  website: webAddress,
  privacyUrl: webAddress,
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
