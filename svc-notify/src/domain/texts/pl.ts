import type { ParentEmailTexts } from './nl.js';

/**
 * Every email text to parents in Polish (R-LANG-EMAIL), with the keys of `nl.ts` but the
 * administrators' emails. Names stay in the nominative (as subject, or in brackets), and
 * `weekdays` are the accusative phrase `details.when` needs ('w każdą środę').
 */
export const pl: ParentEmailTexts = {
  greeting: 'Dzień dobry, {{name}}!',
  closing: 'Z pozdrowieniami',
  weekdays: [
    'w każdą niedzielę',
    'w każdy poniedziałek',
    'w każdy wtorek',
    'w każdą środę',
    'w każdy czwartek',
    'w każdy piątek',
    'w każdą sobotę',
  ],
  dateRange: '{{start}} – {{end}}',
  moment: '{{date}}, godz. {{time}}',
  details: {
    activity: 'Zajęcia: {{title}}',
    school: 'Szkoła: {{school}}',
    when: 'Kiedy: {{weekday}} o godz. {{time}}',
    period: 'Okres: {{range}} ({{block}})',
    provider: 'Organizator: {{provider}}',
  },
  link: {
    manage: 'Pod własnym linkiem można zobaczyć zgłoszenie lub je anulować:',
    view: 'Pod własnym linkiem można zobaczyć zgłoszenie:',
    keep: 'Nie udostępniaj tego linku: każdy, kto go ma, może zmienić zgłoszenie.',
    label: 'Moje zgłoszenie',
    acceptLabel: 'Przyjmij miejsce',
  },
  calendar: {
    attached: 'W załączniku jest plik, który doda zajęcia do kalendarza.',
    filename: 'zajecia.ics',
  },
  'registration-approved': {
    subject: 'Zgłoszenie zatwierdzone: {{title}}',
    body: 'Dobra wiadomość: {{child}} może wziąć udział w zajęciach {{title}}.',
  },
  'registration-rejected': {
    subject: 'Zgłoszenie nieprzyjęte: {{title}}',
    body: 'Niestety {{child}} nie może wziąć udziału w zajęciach {{title}}.',
    reason: 'Powód: {{reason}}',
    questions: 'Pytania? Skontaktuj się z nami: {{contact}}.',
  },
  'signup-received': {
    subject: 'Zgłoszenie otrzymane: {{title}}',
    body: 'Otrzymaliśmy zgłoszenie na zajęcia {{title}} ({{child}}). Damy znać, gdy zostanie rozpatrzone.',
  },
  'waitlist-joined': {
    subject: 'Na liście oczekujących: {{title}}',
    body: 'Na zajęciach {{title}} nie ma już miejsc. {{child}} jest na liście oczekujących.',
    position:
      'Na zajęciach {{title}} nie ma już miejsc. {{child}} jest na liście oczekujących, na pozycji {{position}}.',
    next: 'Gdy zwolni się miejsce, wyślemy e-mail i przez pewien czas będziemy je trzymać dla dziecka ({{child}}).',
  },
  'offer-made': {
    subject: 'Jest wolne miejsce: {{title}}',
    body: 'Na zajęciach {{title}} zwolniło się miejsce. Rezerwujemy je dla dziecka ({{child}}).',
    deadline:
      'Przyjmij miejsce przez własny link. Termin: {{deadline}}. Potem miejsce przejdzie na następną osobę z listy oczekujących.',
    soon: 'Przyjmij miejsce przez własny link jak najszybciej; w przeciwnym razie przejdzie na następną osobę z listy oczekujących.',
  },
  'offer-expired': {
    subject: 'Rezerwacja miejsca wygasła: {{title}}',
    body: 'Miejsce na zajęciach {{title}} zarezerwowane dla dziecka ({{child}}) nie zostało przyjęte na czas. Przechodzi teraz na następną osobę z listy oczekujących, a zgłoszenie zostało anulowane.',
  },
  'signup-withdrawn': {
    subject: 'Zgłoszenie anulowane: {{title}}',
    body: 'Zgłoszenie ({{child}}) na zajęcia {{title}} zostało anulowane.',
    notYou: 'Jeśli zgłoszenie anulował ktoś inny, skontaktuj się z nami: {{contact}}.',
  },
};
