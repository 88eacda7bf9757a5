/**
 * The API messages of svc-registrations in Dutch, the default (R-LANG-API): i18next resources;
 * each other language's file (`en.ts`, `tr.ts`, `ar.ts`, `pl.ts`, `uk.ts`) has the same keys.
 * Messages other services answer too, and the default message of an error code, are in
 * contracts' `texts/`.
 */
export const nl = {
  schoolToken: 'Aanmelden kan alleen via de directe link van uw school.',
  duplicate: 'Dit kind is al aangemeld voor deze activiteit.',
  registrationNotFound: 'Aanmelding niet gevonden.',
  transition: 'Deze actie is niet mogelijk voor de huidige status van de aanmelding.',
  providerTokenMissing: 'Activity ID en token zijn vereist',
  providerTokenInvalid: 'Deze link is ongeldig, ingetrokken of verlopen.',
  catalogUnavailable:
    'Aanmelden en deelnemerslijsten zijn even niet beschikbaar. Probeer het over een paar seconden opnieuw.',
  manageTokenInvalid: 'Deze link is ongeldig of werkt niet meer.',
  manageLinkExpired:
    'Deze link werkt niet meer. De activiteiten van dat jaar zijn voorbij. Wilt u uw gegevens zien of laten wissen? Neem dan contact op met de organisatie.',
  notOffered: 'Er staat voor deze aanmelding geen plaats klaar.',
  offerExpired: 'Het aanbod is verlopen; de plaats is aan de volgende op de wachtlijst aangeboden.',
  calendarNotApproved: 'Een agenda-bestand is er alleen voor een goedgekeurde aanmelding.',
  signupNotOpen: 'Aanmelden voor deze activiteit is nog niet geopend.',
  signupClosed: 'Aanmelden voor deze activiteit is gesloten.',
  drawNotFound: 'Er is voor dit blok nog geen loting gemaakt.',
  notLottery: 'Dit blok wordt niet verloot.',
  drawPublished: 'De loting van dit blok is al gepubliceerd.',
  drawBeforeClose: 'De loting kan pas worden gemaakt als de aanmelding gesloten is.',
  drawNoPreview: 'Maak eerst een voorbeeld van de loting.',
  drawChanged:
    'De aanmeldingen zijn veranderd sinds het voorbeeld. Maak eerst een nieuw voorbeeld.',
  attendanceDateOutside: 'Op deze datum is er geen bijeenkomst van deze activiteit.',
  attendanceKeyUnknown: 'Dit kind staat niet (meer) op de deelnemerslijst.',
  idempotencyKeyInvalid: 'Gebruik 1 tot 255 zichtbare ASCII-tekens.',
  retentionRunning: 'Er loopt al een bewaartermijn-opschoning. Probeer het zo opnieuw.',
  privacyServiceUnavailable:
    'Niet elke dienst gaf antwoord, dus de export zou onvolledig zijn. Probeer het over een paar seconden opnieuw.',
};

export type RegistrationsTexts = typeof nl;
