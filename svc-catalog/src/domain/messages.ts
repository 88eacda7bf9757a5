import type { Localized } from '@nsa/contracts';

export const MSG = {
  schoolNotFound: { nl: 'School niet gevonden.', en: 'School not found.' },
  blockNotFound: { nl: 'Blok niet gevonden.', en: 'Block not found.' },
  providerNotFound: { nl: 'Aanbieder niet gevonden.', en: 'Provider not found.' },
  activityNotFound: { nl: 'Activiteit niet gevonden.', en: 'Activity not found.' },
  noProviderLink: {
    nl: 'Er is geen aanbiederslink voor deze activiteit.',
    en: 'This activity has no provider link.',
  },
  schoolHasActivities: {
    nl: 'Deze school kan niet worden verwijderd: er zijn nog activiteiten gekoppeld aan deze school.',
    en: 'This school cannot be deleted: activities are still linked to it.',
  },
  blockHasActivities: {
    nl: 'Dit blok kan niet worden verwijderd: er zijn nog activiteiten gekoppeld aan dit blok.',
    en: 'This block cannot be deleted: activities are still linked to it.',
  },
  providerHasActivities: {
    nl: 'Deze aanbieder kan niet worden verwijderd: er zijn nog activiteiten gekoppeld aan deze aanbieder.',
    en: 'This provider cannot be deleted: activities are still linked to it.',
  },
  activityHasSignups: {
    nl: 'Deze activiteit kan niet worden verwijderd: er zijn nog aanmeldingen gekoppeld aan deze activiteit.',
    en: 'This activity cannot be deleted: sign-ups are still linked to it.',
  },
  signupsUnknown: {
    nl: 'Kon niet nagaan of er aanmeldingen zijn. Probeer het later opnieuw.',
    en: 'Could not check for sign-ups. Please try again later.',
  },
  schoolTokenRequired: {
    nl: 'Gebruik de directe link van uw school.',
    en: "Use your school's direct link.",
  },
  schoolIdRequired: { nl: 'Kies een school.', en: 'Choose a school.' },
  unknownReference: {
    nl: 'De gekozen school, het blok of de aanbieder bestaat niet.',
    en: 'The chosen school, block or provider does not exist.',
  },
} satisfies Record<string, Localized>;
