/**
 * The API messages of svc-catalog in Dutch, the default (R-LANG-API): i18next resources; each
 * other language's file (`en.ts`, `tr.ts`, `ar.ts`, `pl.ts`, `uk.ts`) has the same keys. Messages
 * other services answer too are in contracts' `texts/`.
 */
export const nl = {
  schoolNotFound: 'School niet gevonden.',
  blockNotFound: 'Blok niet gevonden.',
  providerNotFound: 'Aanbieder niet gevonden.',
  noProviderLink: 'Er is geen aanbiederslink voor deze activiteit.',
  schoolHasActivities:
    'Deze school kan niet worden verwijderd: er zijn nog activiteiten gekoppeld aan deze school.',
  blockHasActivities:
    'Dit blok kan niet worden verwijderd: er zijn nog activiteiten gekoppeld aan dit blok.',
  providerHasActivities:
    'Deze aanbieder kan niet worden verwijderd: er zijn nog activiteiten gekoppeld aan deze aanbieder.',
  activityHasSignups:
    'Deze activiteit kan niet worden verwijderd: er zijn nog aanmeldingen gekoppeld aan deze activiteit.',
  signupsUnknown: 'Kon niet nagaan of er aanmeldingen zijn. Probeer het later opnieuw.',
  drawUnavailable:
    'De loting kan nu niet worden vastgelegd. Probeer het over een paar seconden opnieuw.',
  schoolTokenRequired: 'Gebruik de directe link van uw school.',
  schoolIdRequired: 'Kies een school.',
  unknownReference: 'De gekozen school, het blok of de aanbieder bestaat niet.',
};

export type CatalogTexts = typeof nl;
