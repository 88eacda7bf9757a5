/**
 * The API messages of svc-identity in Dutch, the default (R-LANG-API): i18next resources;
 * each other language's file (`en.ts`, `tr.ts`, `ar.ts`, `pl.ts`, `uk.ts`) has the same keys.
 */
export const nl = {
  badCredentials: 'Onjuist e-mailadres of wachtwoord.',
  badToken: 'De link is ongeldig of verlopen.',
  emailTaken: 'Dit e-mailadres is al in gebruik.',
  deleteSelf: 'U kunt uw eigen account niet verwijderen.',
  lastAdmin: 'De laatste beheerder kan niet worden verwijderd of gewijzigd.',
  userNotFound: 'Gebruiker niet gevonden.',
  badCode: 'Onjuiste of al gebruikte code.',
  enrolmentExpired: 'Het instellen is verlopen. Begin opnieuw.',
  totpAlreadyOn: 'Tweestapsverificatie staat al aan.',
  totpNotOn: 'Tweestapsverificatie staat niet aan.',
  totpMandatory: 'Tweestapsverificatie is verplicht en kan niet worden uitgezet.',
  wrongPassword: 'Onjuist wachtwoord.',
  organisationFromDeployment:
    'De gegevens van deze organisatie komen uit de instellingen van de installatie (ORG_NAME, ORG_CONTACT_EMAIL, ORG_WEBSITE, ORG_PRIVACY_URL) en worden daar gewijzigd.',
  organisationIsDeployment:
    'Organisatie 1 is de eigen organisatie van deze installatie: die wordt hier niet gewijzigd, geschorst of verwijderd.',
  organisationNotFound: 'Organisatie niet gevonden.',
  organisationTaken: 'Deze korte naam of hostnaam is al van een andere organisatie.',
  suspendBeforeDelete:
    'Schors de organisatie eerst; alleen een geschorste organisatie kan worden verwijderd.',
  organisationBeingDeleted: 'Deze organisatie wordt verwijderd en kan niet meer worden gewijzigd.',
  eraseIncomplete:
    'Niet elke dienst heeft geantwoord; de organisatie blijft gemarkeerd als "wordt verwijderd". Probeer het opnieuw.',
};

export type IdentityTexts = typeof nl;
