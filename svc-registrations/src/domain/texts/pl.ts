import type { RegistrationsTexts } from './nl.js';

/** The API messages of svc-registrations in Polish (R-LANG-API), with the keys of `nl.ts`. */
export const pl: RegistrationsTexts = {
  schoolToken: 'Zapisy są możliwe tylko przez bezpośredni link szkoły.',
  duplicate: 'To dziecko jest już zapisane na te zajęcia.',
  registrationNotFound: 'Nie znaleziono zgłoszenia.',
  transition: 'Ta czynność nie jest możliwa przy obecnym stanie zgłoszenia.',
  providerTokenMissing: 'Identyfikator zajęć (Activity ID) i token są wymagane',
  providerTokenInvalid: 'Ten link jest nieprawidłowy, został unieważniony lub wygasł.',
  catalogUnavailable:
    'Zapisy i listy uczestników są chwilowo niedostępne. Spróbuj ponownie za kilka sekund.',
  manageTokenInvalid: 'Ten link jest nieprawidłowy lub już nie działa.',
  manageLinkExpired:
    'Ten link już nie działa. Zajęcia z tamtego roku się skończyły. Aby zobaczyć lub usunąć swoje dane, skontaktuj się z organizacją.',
  notOffered: 'Dla tego zgłoszenia nie czeka żadne miejsce.',
  offerExpired: 'Oferta wygasła; miejsce zaproponowano następnej osobie z listy oczekujących.',
  calendarNotApproved: 'Plik kalendarza jest dostępny tylko dla zatwierdzonego zgłoszenia.',
  signupNotOpen: 'Zapisy na te zajęcia jeszcze się nie rozpoczęły.',
  signupClosed: 'Zapisy na te zajęcia są zamknięte.',
  drawNotFound: 'Dla tego okresu nie przeprowadzono jeszcze losowania.',
  notLottery: 'Miejsca w tym okresie nie są losowane.',
  drawPublished: 'Losowanie dla tego okresu zostało już opublikowane.',
  drawBeforeClose: 'Losowanie można przeprowadzić dopiero po zamknięciu zapisów.',
  drawNoPreview: 'Najpierw przygotuj podgląd losowania.',
  drawChanged: 'Zgłoszenia zmieniły się od czasu podglądu. Najpierw przygotuj nowy podgląd.',
  attendanceDateOutside: 'W tym dniu te zajęcia się nie odbywają.',
  attendanceKeyUnknown: 'Tego dziecka nie ma (już) na liście uczestników.',
  idempotencyKeyInvalid: 'Użyj od 1 do 255 widocznych znaków ASCII.',
  retentionRunning:
    'Usuwanie danych po okresie przechowywania już trwa. Spróbuj ponownie za chwilę.',
  privacyServiceUnavailable:
    'Nie każda usługa odpowiedziała, więc eksport byłby niepełny. Spróbuj ponownie za kilka sekund.',
};
