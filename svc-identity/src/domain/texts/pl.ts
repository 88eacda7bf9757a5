import type { IdentityTexts } from './nl.js';

/** The API messages of svc-identity in Polish (R-LANG-API), with the keys of `nl.ts`. */
export const pl: IdentityTexts = {
  badCredentials: 'Nieprawidłowy adres e-mail lub hasło.',
  badToken: 'Link jest nieprawidłowy lub wygasł.',
  emailTaken: 'Ten adres e-mail jest już używany.',
  deleteSelf: 'Nie można usunąć własnego konta.',
  lastAdmin: 'Nie można usunąć ostatniego administratora ani zmienić jego roli.',
  userNotFound: 'Nie znaleziono użytkownika.',
  badCode: 'Nieprawidłowy lub już użyty kod.',
  enrolmentExpired: 'Czas na konfigurację minął. Zacznij od nowa.',
  totpAlreadyOn: 'Weryfikacja dwuetapowa jest już włączona.',
  totpNotOn: 'Weryfikacja dwuetapowa nie jest włączona.',
  totpMandatory: 'Weryfikacja dwuetapowa jest obowiązkowa i nie można jej wyłączyć.',
  wrongPassword: 'Nieprawidłowe hasło.',
  organisationFromDeployment:
    'Dane tej organizacji pochodzą z ustawień instalacji (ORG_NAME, ORG_CONTACT_EMAIL, ORG_WEBSITE, ORG_PRIVACY_URL) i tam się je zmienia.',
  organisationIsDeployment:
    'Organizacja 1 jest własną organizacją tej instalacji: nie jest tu zmieniana, zawieszana ani usuwana.',
  organisationNotFound: 'Nie znaleziono organizacji.',
  organisationTaken: 'Ta krótka nazwa lub nazwa hosta należy już do innej organizacji.',
  suspendBeforeDelete: 'Najpierw zawieś organizację; usunąć można tylko zawieszoną organizację.',
  organisationBeingDeleted: 'Ta organizacja jest usuwana i nie można jej już zmienić.',
  eraseIncomplete:
    'Nie każda usługa odpowiedziała; organizacja pozostaje oznaczona jako „usuwana”. Spróbuj ponownie.',
};
