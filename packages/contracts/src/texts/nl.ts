import type { ErrorCode } from '../errors.js';

/**
 * The API's shared texts in Dutch, the default (R-LANG-API): i18next resources, one group a
 * record; each other language's file (`en.ts`, `tr.ts`, `ar.ts`, `pl.ts`, `uk.ts`) has the same
 * keys. A service's own messages are in its `src/domain/texts/`.
 */
export const nl = {
  /** The default message of each error code (R-API-ERROR-BODY). */
  errors: {
    VALIDATION_FAILED: 'De invoer is ongeldig.',
    BAD_REQUEST: 'Het verzoek is ongeldig.',
    NOT_FOUND: 'Niet gevonden',
    UNAUTHENTICATED: 'U bent niet ingelogd.',
    FORBIDDEN: 'Geen toegang.',
    CONFLICT: 'Dit conflicteert met bestaande gegevens.',
    ACTIVITY_FULL: 'Deze activiteit is vol.',
    ACTIVITY_LOCKED: 'Aanmelden is niet meer mogelijk.',
    CHILD_OVERLAP: 'Dit kind is al aangemeld voor een activiteit op hetzelfde tijdstip.',
    OFFER_EXPIRED: 'Het aanbod is verlopen.',
    SIGNUP_NOT_OPEN: 'Aanmelden voor dit blok is nog niet geopend.',
    SIGNUP_CLOSED: 'Aanmelden voor dit blok is gesloten.',
    DRAW_FROZEN:
      'De loting van dit blok is verzegeld: tot de publicatie kan dit niet meer veranderen.',
    IDEMPOTENCY_KEY_REUSED: 'Deze sleutel (Idempotency-Key) is al gebruikt voor een ander verzoek.',
    RATE_LIMITED: 'Te veel verzoeken. Probeer het later opnieuw.',
    TOTP_REQUIRED: 'Voer de code uit uw authenticator-app in.',
    CSRF_REJECTED: 'Verzoek geweigerd: onbekende herkomst.',
    PAYLOAD_TOO_LARGE: 'Het verzoek is te groot.',
    ORGANISATION_SUSPENDED: 'Deze organisatie is tijdelijk niet beschikbaar.',
    SERVICE_UNAVAILABLE: 'De dienst is tijdelijk niet beschikbaar.',
    INTERNAL: 'Er is een onverwachte fout opgetreden.',
  } satisfies Record<ErrorCode, string>,
  /** Messages more than one service answers with. */
  shared: {
    malformedJson: 'De gegevens zijn geen geldige JSON.',
    activityNotFound: 'Activiteit niet gevonden.',
  },
  /** The messages of the shared zod schemas, by the key a schema names (validation.ts). */
  validation: {
    required: 'Dit veld is verplicht',
    invalidType: 'Ongeldige waarde',
    emailInvalid: 'Ongeldig email adres',
    passwordRequired: 'Wachtwoord is verplicht',
    passwordTooLong: 'Wachtwoord is te lang',
    passwordMin8: 'Wachtwoord moet minimaal 8 karakters bevatten',
    passwordsDiffer: 'Wachtwoorden komen niet overeen',
    tokenRequired: 'Token is verplicht',
    tokenInvalid: 'Ongeldige token',
    totpCodeInvalid: 'Voer de zes cijfers uit uw authenticator-app in',
    recoveryCodeInvalid: 'Een herstelcode heeft tien tekens',
    nameMin2: 'Naam moet minimaal 2 karakters bevatten',
    nameTooLong: 'Naam is te lang',
    roleInvalid: 'Ongeldige rol',
    tooLong: 'De tekst is te lang',
    controlCharacters: 'De tekst bevat een regeleinde of een ander stuurteken',
    invisibleCharacters:
      'De tekst bevat een onzichtbaar teken of een teken dat de leesrichting verandert',
    schoolNameRequired: 'Schoolnaam is verplicht',
    providerNameRequired: 'Naam van de aanbieder is verplicht',
    organisationNameRequired: 'Naam van de organisatie is verplicht',
    webAddressInvalid: 'Voer een webadres in dat met https:// of http:// begint',
    slugInvalid: '3 tot 40 kleine letters, cijfers of streepjes',
    hostInvalid:
      'Voer hostnamen in kleine letters in, zonder poort, bijvoorbeeld aanmelden.voorbeeld.nl',
    hostsRequired: 'Geef minstens één hostnaam op',
    publicAddressHost: 'De host van het publieke adres moet een van de hostnamen zijn',
    languageInvalid: 'Kies uit nl, en, tr, ar, pl en uk',
    statusInvalid: 'De status is actief of geschorst',
    retentionMonthsRange: 'Kies een bewaartermijn van 1 tot en met 120 maanden',
    blockNameRequired: 'Bloknaam is verplicht',
    weekRange: 'Week moet tussen 1 en 53 liggen',
    yearRange: 'Jaar moet tussen 2000 en 2100 liggen',
    weekEndBeforeStart:
      'Eindweek moet gelijk aan of na de startweek liggen (een blok over de jaarwisseling wordt twee blokken)',
    dateTimeInvalid: 'Ongeldige datum en tijd',
    closesBeforeOpens: 'Het sluiten van de aanmelding moet na het openen liggen',
    lotteryNeedsWindow: 'Voor een loting zijn een openings- en sluitingsmoment nodig',
    activityTitleRequired: 'Titel van de activiteit is verplicht',
    capacityMin1: 'Capaciteit moet minimaal 1 zijn',
    capacityMax: 'Capaciteit is te groot',
    weekdayRange: 'Weekdag moet tussen 0 en 6 liggen',
    startTimeFormat: 'Starttijd moet het formaat UU:MM hebben',
    childFirstNameRequired: 'Voornaam van het kind is verplicht',
    childLastNameRequired: 'Achternaam van het kind is verplicht',
    parentNameRequired: 'Naam van de ouder is verplicht',
    emailRequired: 'Een geldig e-mailadres is verplicht',
    phoneRequired: 'Telefoonnummer is verplicht',
    dateOfBirthRequired: 'Geboortedatum is verplicht',
    dateInvalid: 'Ongeldige datum',
    childAgeRange: 'Kind moet tussen 3 en 18 jaar oud zijn',
    childGroupRequired: 'Selecteer de groep van uw kind',
    pattern: 'De tekst komt niet overeen met het verwachte patroon',
  },
  /** Rejection reasons the system stores itself (rejection-reason.ts). */
  rejectionReasons: {
    activityFull: 'Activiteit vol',
  },
};

export type ApiTexts = typeof nl;
