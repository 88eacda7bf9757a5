import type { CatalogTexts } from './nl.js';

/** The API messages of svc-catalog in Ukrainian (R-LANG-API), with the keys of `nl.ts`. */
export const uk: CatalogTexts = {
  schoolNotFound: 'Школу не знайдено.',
  blockNotFound: 'Період не знайдено.',
  providerNotFound: 'Організатора не знайдено.',
  noProviderLink: 'Для цього заняття немає посилання для організатора.',
  schoolHasActivities: "Цю школу не можна видалити: з нею ще пов'язані заняття.",
  blockHasActivities: "Цей період не можна видалити: з ним ще пов'язані заняття.",
  providerHasActivities: "Цього організатора не можна видалити: з ним ще пов'язані заняття.",
  activityHasSignups: "Це заняття не можна видалити: з ним ще пов'язані заявки.",
  signupsUnknown: 'Не вдалося перевірити, чи є заявки. Спробуйте пізніше.',
  drawUnavailable: 'Зараз не вдається зафіксувати жеребкування. Спробуйте ще раз за кілька секунд.',
  schoolTokenRequired: 'Скористайтеся прямим посиланням вашої школи.',
  schoolIdRequired: 'Виберіть школу.',
  unknownReference: 'Вибраної школи, періоду або організатора не існує.',
};
