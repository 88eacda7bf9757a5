import type { EmailTexts } from './nl.js';

/** Every email text in English (R-LANG-EMAIL), with the keys of `nl.ts`. */
export const en: EmailTexts = {
  greeting: 'Dear {{name}},',
  closing: 'Kind regards,',
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  dateRange: '{{start}} to {{end}}',
  moment: '{{time}} on {{date}}',
  details: {
    activity: 'Activity: {{title}}',
    school: 'School: {{school}}',
    when: 'When: every {{weekday}} at {{time}}',
    period: 'Period: {{range}} ({{block}})',
    provider: 'Provider: {{provider}}',
  },
  link: {
    manage: 'With your own link you can view the sign-up or withdraw it:',
    view: 'With your own link you can view the sign-up:',
    keep: 'Do not share this link: anyone who has it can change the sign-up.',
    label: 'My sign-up',
    acceptLabel: 'Accept the place',
  },
  calendar: {
    attached: 'The attached file puts the activity in your calendar.',
    filename: 'activity.ics',
  },
  'registration-approved': {
    subject: 'Sign-up approved: {{title}}',
    body: 'Good news: {{child}} can take part in {{title}}.',
  },
  'registration-rejected': {
    subject: 'Sign-up not accepted: {{title}}',
    body: 'Unfortunately {{child}} cannot take part in {{title}}.',
    reason: 'Reason: {{reason}}',
    questions: 'Questions? Contact us at {{contact}}.',
  },
  'signup-received': {
    subject: 'Sign-up received: {{title}}',
    body: 'We have received the sign-up of {{child}} for {{title}}. You will hear from us once it has been reviewed.',
  },
  'waitlist-joined': {
    subject: 'On the waiting list: {{title}}',
    body: '{{title}} is full. {{child}} is on the waiting list.',
    position: '{{title}} is full. {{child}} is on the waiting list, in place {{position}}.',
    next: 'When a place comes free, you will receive an email and we will hold that place for {{child}} for a while.',
  },
  'offer-made': {
    subject: 'A place is free: {{title}}',
    body: 'A place has come free in {{title}}. We are holding it for {{child}}.',
    deadline:
      'Accept the place through your own link before {{deadline}}. After that, the place goes to the next on the waiting list.',
    soon: 'Accept the place through your own link as soon as you can; otherwise it goes to the next on the waiting list.',
  },
  'offer-expired': {
    subject: 'Place lapsed: {{title}}',
    body: 'The place in {{title}} we held for {{child}} was not accepted in time. It now goes to the next on the waiting list, and the sign-up is withdrawn.',
  },
  'signup-withdrawn': {
    subject: 'Sign-up withdrawn: {{title}}',
    body: 'The sign-up of {{child}} for {{title}} has been withdrawn.',
    notYou: 'Did you not do this yourself? Then contact us at {{contact}}.',
  },
  'admin-welcome': {
    subject: 'Welcome to {{org}}: set your password',
    body: 'An administrator account has been created for you at {{org}}. Set your password with the link below.',
    validity: 'This link is valid for 7 days and works once.',
    label: 'Set password',
  },
  'password-reset': {
    subject: 'Reset your password',
    body: 'A password reset was requested for your account. Use the link below to set a new password.',
    validity: 'This link is valid for 1 hour and works once.',
    ignore: 'Did not ask for this? Then you can ignore this email.',
    label: 'Set password',
  },
};
