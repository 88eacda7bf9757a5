import type { CatalogTexts } from './nl.js';

/** The API messages of svc-catalog in Polish (R-LANG-API), with the keys of `nl.ts`. */
export const pl: CatalogTexts = {
  schoolNotFound: 'Nie znaleziono szkoły.',
  blockNotFound: 'Nie znaleziono okresu.',
  providerNotFound: 'Nie znaleziono organizatora.',
  noProviderLink: 'Te zajęcia nie mają linku dla organizatora.',
  schoolHasActivities: 'Nie można usunąć tej szkoły: są z nią jeszcze powiązane zajęcia.',
  blockHasActivities: 'Nie można usunąć tego okresu: są z nim jeszcze powiązane zajęcia.',
  providerHasActivities: 'Nie można usunąć tego organizatora: są z nim jeszcze powiązane zajęcia.',
  activityHasSignups: 'Nie można usunąć tych zajęć: są z nimi jeszcze powiązane zgłoszenia.',
  signupsUnknown: 'Nie udało się sprawdzić, czy są zgłoszenia. Spróbuj ponownie później.',
  drawUnavailable: 'Nie można teraz zapisać losowania. Spróbuj ponownie za kilka sekund.',
  schoolTokenRequired: 'Użyj bezpośredniego linku szkoły.',
  schoolIdRequired: 'Wybierz szkołę.',
  unknownReference: 'Wybrana szkoła, okres lub organizator nie istnieje.',
};
