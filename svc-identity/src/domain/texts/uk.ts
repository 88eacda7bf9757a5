import type { IdentityTexts } from './nl.js';

/** The API messages of svc-identity in Ukrainian (R-LANG-API), with the keys of `nl.ts`. */
export const uk: IdentityTexts = {
  badCredentials: 'Неправильна адреса електронної пошти або пароль.',
  badToken: 'Посилання недійсне або його термін минув.',
  emailTaken: 'Ця адреса електронної пошти вже використовується.',
  deleteSelf: 'Ви не можете видалити власний обліковий запис.',
  lastAdmin: 'Останнього адміністратора не можна видалити або змінити його роль.',
  userNotFound: 'Користувача не знайдено.',
  badCode: 'Неправильний або вже використаний код.',
  enrolmentExpired: 'Час налаштування минув. Почніть спочатку.',
  totpAlreadyOn: 'Двоетапну перевірку вже ввімкнено.',
  totpNotOn: 'Двоетапну перевірку не ввімкнено.',
  totpMandatory: "Двоетапна перевірка обов'язкова, її не можна вимкнути.",
  wrongPassword: 'Неправильний пароль.',
  organisationFromDeployment:
    'Дані цієї організації беруться з налаштувань встановлення (ORG_NAME, ORG_CONTACT_EMAIL, ORG_WEBSITE, ORG_PRIVACY_URL) і змінюються там.',
  organisationIsDeployment:
    'Організація 1 — власна організація цієї інсталяції: тут її не змінюють, не призупиняють і не видаляють.',
  organisationNotFound: 'Організацію не знайдено.',
  organisationTaken: 'Ця коротка назва або ім’я хоста вже належить іншій організації.',
  suspendBeforeDelete:
    'Спершу призупиніть організацію; видалити можна лише призупинену організацію.',
  organisationBeingDeleted: 'Ця організація видаляється, і її вже не можна змінити.',
  eraseIncomplete:
    'Не кожна служба відповіла; організація залишається позначеною як «видаляється». Спробуйте ще раз.',
};
