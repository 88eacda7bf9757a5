import type { ParentEmailTexts } from './nl.js';

/**
 * Every email text to parents in Ukrainian (R-LANG-EMAIL), with the keys of `nl.ts` but the
 * administrators' emails; the parent is addressed with _ви_. Names stay in the nominative (as
 * subject, or in brackets), and `weekdays` are the adverbs `details.when` needs ('щосереди').
 */
export const uk: ParentEmailTexts = {
  greeting: 'Доброго дня, {{name}}!',
  closing: 'З повагою,',
  weekdays: [
    'щонеділі',
    'щопонеділка',
    'щовівторка',
    'щосереди',
    'щочетверга',
    "щоп'ятниці",
    'щосуботи',
  ],
  dateRange: '{{start}} – {{end}}',
  moment: '{{date}} о {{time}}',
  details: {
    activity: 'Заняття: {{title}}',
    school: 'Школа: {{school}}',
    when: 'Коли: {{weekday}} о {{time}}',
    period: 'Період: {{range}} ({{block}})',
    provider: 'Організатор: {{provider}}',
  },
  link: {
    manage: 'За вашим особистим посиланням ви можете переглянути заявку або скасувати її:',
    view: 'За вашим особистим посиланням ви можете переглянути заявку:',
    keep: 'Не передавайте це посилання іншим: будь-хто, хто його має, може змінити заявку.',
    label: 'Моя заявка',
    acceptLabel: 'Прийняти місце',
  },
  calendar: {
    attached: 'У вкладенні є файл, який додає заняття до вашого календаря.',
    filename: 'activity.ics',
  },
  'registration-approved': {
    subject: 'Заявку схвалено: {{title}}',
    body: 'Гарна новина: {{child}} може відвідувати заняття «{{title}}».',
  },
  'registration-rejected': {
    subject: 'Заявку не прийнято: {{title}}',
    body: 'На жаль, {{child}} не може відвідувати заняття «{{title}}».',
    reason: 'Причина: {{reason}}',
    questions: 'Маєте запитання? Напишіть нам: {{contact}}.',
  },
  'signup-received': {
    subject: 'Заявку отримано: {{title}}',
    body: 'Ми отримали заявку ({{child}}) на заняття «{{title}}». Ми повідомимо вас, щойно її розглянемо.',
  },
  'waitlist-joined': {
    subject: 'У списку очікування: {{title}}',
    body: 'На заняття «{{title}}» немає вільних місць. {{child}} у списку очікування.',
    position:
      'На заняття «{{title}}» немає вільних місць. {{child}} у списку очікування, місце {{position}}.',
    next: 'Якщо звільниться місце, ви отримаєте лист, і ми певний час триматимемо це місце для дитини ({{child}}).',
  },
  'offer-made': {
    subject: 'Є вільне місце: {{title}}',
    body: 'На занятті «{{title}}» звільнилося місце. Ми тримаємо його для дитини ({{child}}).',
    deadline:
      'Прийміть місце за вашим особистим посиланням. Кінцевий термін: {{deadline}}. Після цього місце перейде до наступного в списку очікування.',
    soon: 'Прийміть місце за вашим особистим посиланням якомога швидше, інакше воно перейде до наступного в списку очікування.',
  },
  'offer-expired': {
    subject: 'Місце більше не зарезервоване: {{title}}',
    body: 'Місце на занятті «{{title}}», яке ми тримали для дитини ({{child}}), не прийняли вчасно. Тепер воно переходить до наступного в списку очікування, а заявку скасовано.',
  },
  'signup-withdrawn': {
    subject: 'Заявку скасовано: {{title}}',
    body: 'Заявку ({{child}}) на заняття «{{title}}» скасовано.',
    notYou: 'Якщо ви цього не робили, зверніться до нас: {{contact}}.',
  },
};
