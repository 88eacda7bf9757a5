import type { Localized } from '@nsa/contracts';

export const MSG = {
  activityNotFound: { nl: 'Activiteit niet gevonden.', en: 'Activity not found.' },
  schoolToken: {
    nl: 'Aanmelden kan alleen via de directe link van uw school.',
    en: "Signing up is only possible through your school's direct link.",
  },
  locked: { nl: 'Aanmelden is niet meer mogelijk.', en: 'Sign-up is no longer possible.' },
  full: { nl: 'Deze activiteit is vol.', en: 'This activity is full.' },
  overlap: {
    nl: 'Dit kind is al aangemeld voor een activiteit op hetzelfde tijdstip.',
    en: 'This child is already signed up for an activity at the same time.',
  },
  duplicate: {
    nl: 'Dit kind is al aangemeld voor deze activiteit.',
    en: 'This child is already signed up for this activity.',
  },
  registrationNotFound: { nl: 'Aanmelding niet gevonden.', en: 'Sign-up not found.' },
  transition: {
    nl: 'Deze actie is niet mogelijk voor de huidige status van de aanmelding.',
    en: 'This action is not possible for the current status of the sign-up.',
  },
  providerTokenMissing: {
    nl: 'Activity ID en token zijn vereist',
    en: 'Activity ID and token are required',
  },
  providerTokenInvalid: {
    nl: 'Deze link is ongeldig, ingetrokken of verlopen.',
    en: 'This link is invalid, revoked or expired.',
  },
  catalogUnavailable: {
    nl: 'Aanmelden en deelnemerslijsten zijn even niet beschikbaar. Probeer het over een paar seconden opnieuw.',
    en: 'Sign-ups and participant lists are briefly unavailable. Please try again in a few seconds.',
  },
  manageTokenInvalid: {
    nl: 'Deze link is ongeldig of werkt niet meer.',
    en: 'This link is invalid or no longer works.',
  },
  notOffered: {
    nl: 'Er staat voor deze aanmelding geen plaats klaar.',
    en: 'There is no place on offer for this sign-up.',
  },
  offerExpired: {
    nl: 'Het aanbod is verlopen; de plaats is aan de volgende op de wachtlijst aangeboden.',
    en: 'The offer has expired; the place has been offered to the next on the waiting list.',
  },
  calendarNotApproved: {
    nl: 'Een agenda-bestand is er alleen voor een goedgekeurde aanmelding.',
    en: 'A calendar file is only available for an approved sign-up.',
  },
} satisfies Record<string, Localized>;

/** The reason stored when an approval finds the activity full (R-REVIEW-CAPACITY). */
export { ACTIVITY_FULL_REASON } from '@nsa/contracts';
