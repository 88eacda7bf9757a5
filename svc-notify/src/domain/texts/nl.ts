/**
 * Every email text in Dutch, the default (R-LANG-EMAIL): i18next resources, `{{name}}` values
 * filled in by `templates.ts`. `en.ts` has the same keys; `tr.ts`, `ar.ts`, `pl.ts` and `uk.ts`
 * those of the emails to parents (ParentEmailTexts).
 */
export const nl = {
  greeting: 'Beste {{name}},',
  closing: 'Met vriendelijke groet,',
  /** Sunday first, each as `details.when` takes it. */
  weekdays: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
  /** R-CAL-RANGE */
  dateRange: '{{start}} t/m {{end}}',
  /** R-LANG-DATES: a moment, as the offer's deadline. */
  moment: '{{date}} om {{time}}',
  details: {
    activity: 'Activiteit: {{title}}',
    school: 'School: {{school}}',
    when: 'Wanneer: elke {{weekday}} om {{time}}',
    period: 'Periode: {{range}} ({{block}})',
    provider: 'Aanbieder: {{provider}}',
  },
  /** The parent's own link (R-EMAIL-WAITLIST). */
  link: {
    manage: 'Met uw eigen link bekijkt u de aanmelding of trekt u die in:',
    view: 'Met uw eigen link bekijkt u de aanmelding:',
    keep: 'Deel deze link niet: wie hem heeft, kan de aanmelding wijzigen.',
    label: 'Mijn aanmelding',
    acceptLabel: 'Plek aannemen',
  },
  calendar: {
    attached: 'In de bijlage staat de activiteit voor uw agenda.',
    filename: 'activiteit.ics',
  },
  'registration-approved': {
    subject: 'Aanmelding goedgekeurd: {{title}}',
    body: 'Goed nieuws: {{child}} kan meedoen aan {{title}}.',
  },
  'registration-rejected': {
    subject: 'Aanmelding niet gelukt: {{title}}',
    body: 'Helaas kan {{child}} niet meedoen aan {{title}}.',
    reason: 'Reden: {{reason}}',
    questions: 'Vragen? Neem contact op via {{contact}}.',
  },
  'signup-received': {
    subject: 'Aanmelding ontvangen: {{title}}',
    body: 'We hebben de aanmelding van {{child}} voor {{title}} ontvangen. U krijgt bericht zodra die is beoordeeld.',
  },
  'waitlist-joined': {
    subject: 'Op de wachtlijst: {{title}}',
    body: '{{title}} is vol. {{child}} staat op de wachtlijst.',
    position: '{{title}} is vol. {{child}} staat op de wachtlijst, op plaats {{position}}.',
    next: 'Komt er een plek vrij, dan krijgt u een e-mail en houden we die plek een tijd voor {{child}} vast.',
  },
  'offer-made': {
    subject: 'Er is een plek vrij: {{title}}',
    body: 'Er is een plek vrijgekomen bij {{title}}. We houden die vast voor {{child}}.',
    deadline:
      'Neem de plek aan via uw eigen link vóór {{deadline}}. Daarna gaat de plek naar de volgende op de wachtlijst.',
    soon: 'Neem de plek zo snel mogelijk aan via uw eigen link; anders gaat die naar de volgende op de wachtlijst.',
  },
  'offer-expired': {
    subject: 'Plek vervallen: {{title}}',
    body: 'De plek bij {{title}} die we voor {{child}} vasthielden, is niet op tijd aangenomen. Die gaat nu naar de volgende op de wachtlijst, en de aanmelding is ingetrokken.',
  },
  'signup-withdrawn': {
    subject: 'Aanmelding ingetrokken: {{title}}',
    body: 'De aanmelding van {{child}} voor {{title}} is ingetrokken.',
    notYou: 'Heeft u dit niet zelf gedaan? Neem dan contact op via {{contact}}.',
  },
  'admin-welcome': {
    subject: 'Welkom bij {{org}}: stel uw wachtwoord in',
    body: 'Er is een beheerdersaccount voor u aangemaakt bij {{org}}. Stel via de link hieronder uw wachtwoord in.',
    validity: 'Deze link is 7 dagen geldig en werkt één keer.',
    label: 'Wachtwoord instellen',
  },
  'password-reset': {
    subject: 'Wachtwoord opnieuw instellen',
    body: 'Er is gevraagd om uw wachtwoord opnieuw in te stellen. Dat kan via de link hieronder.',
    validity: 'Deze link is 1 uur geldig en werkt één keer.',
    ignore: 'Heeft u dit niet gevraagd? Dan kunt u deze e-mail negeren.',
    label: 'Wachtwoord instellen',
  },
};

/** The shape of the Dutch and English texts. */
export type EmailTexts = typeof nl;

/**
 * The emails to administrators, in a language of the staff side only (R-LANG-EMAIL): an account
 * is made from the admin screens, which speak Dutch and English.
 */
export const STAFF_EMAIL_KINDS = ['admin-welcome', 'password-reset'] as const;

/** The shape of the texts of a language of the public side only: the emails to parents. */
export type ParentEmailTexts = Omit<EmailTexts, (typeof STAFF_EMAIL_KINDS)[number]>;
