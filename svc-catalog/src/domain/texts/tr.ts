import type { CatalogTexts } from './nl.js';

/** The API messages of svc-catalog in Turkish (R-LANG-API), with the keys of `nl.ts`. */
export const tr: CatalogTexts = {
  schoolNotFound: 'Okul bulunamadı.',
  blockNotFound: 'Dönem bulunamadı.',
  providerNotFound: 'Sağlayıcı bulunamadı.',
  noProviderLink: 'Bu etkinlik için sağlayıcı bağlantısı yok.',
  schoolHasActivities: 'Bu okul silinemez: bu okula bağlı etkinlikler hâlâ var.',
  blockHasActivities: 'Bu dönem silinemez: bu döneme bağlı etkinlikler hâlâ var.',
  providerHasActivities: 'Bu sağlayıcı silinemez: bu sağlayıcıya bağlı etkinlikler hâlâ var.',
  activityHasSignups: 'Bu etkinlik silinemez: bu etkinliğe bağlı kayıtlar hâlâ var.',
  signupsUnknown: 'Kayıt olup olmadığı kontrol edilemedi. Lütfen daha sonra tekrar deneyin.',
  drawUnavailable: 'Kura şu anda kaydedilemiyor. Lütfen birkaç saniye sonra tekrar deneyin.',
  schoolTokenRequired: 'Okulunuzun doğrudan bağlantısını kullanın.',
  schoolIdRequired: 'Bir okul seçin.',
  unknownReference: 'Seçilen okul, dönem veya sağlayıcı mevcut değil.',
};
