import type { IdentityTexts } from './nl.js';

/** The API messages of svc-identity in Turkish (R-LANG-API), with the keys of `nl.ts`. */
export const tr: IdentityTexts = {
  badCredentials: 'E-posta adresi veya şifre yanlış.',
  badToken: 'Bağlantı geçersiz veya süresi dolmuş.',
  emailTaken: 'Bu e-posta adresi zaten kullanılıyor.',
  deleteSelf: 'Kendi hesabınızı silemezsiniz.',
  lastAdmin: 'Son yönetici silinemez veya rolü değiştirilemez.',
  userNotFound: 'Kullanıcı bulunamadı.',
  badCode: 'Kod yanlış veya daha önce kullanılmış.',
  enrolmentExpired: 'Kurulumun süresi doldu. Lütfen yeniden başlayın.',
  totpAlreadyOn: 'İki adımlı doğrulama zaten açık.',
  totpNotOn: 'İki adımlı doğrulama açık değil.',
  totpMandatory: 'İki adımlı doğrulama zorunludur ve kapatılamaz.',
  wrongPassword: 'Şifre yanlış.',
  organisationFromDeployment:
    'Bu kuruluşun bilgileri kurulumun ayarlarından gelir (ORG_NAME, ORG_CONTACT_EMAIL, ORG_WEBSITE, ORG_PRIVACY_URL) ve orada değiştirilir.',
  organisationIsDeployment:
    'Kuruluş 1 bu kurulumun kendi kuruluşudur: burada değiştirilmez, askıya alınmaz veya silinmez.',
  organisationNotFound: 'Kuruluş bulunamadı.',
  organisationTaken: 'Bu kısa ad veya ana bilgisayar adı zaten başka bir kuruluşa ait.',
  suspendBeforeDelete:
    'Önce kuruluşu askıya alın; yalnızca askıya alınmış bir kuruluş silinebilir.',
  organisationBeingDeleted: 'Bu kuruluş siliniyor ve artık değiştirilemez.',
  eraseIncomplete:
    'Her hizmet yanıt vermedi; kuruluş "siliniyor" olarak işaretli kalır. Yeniden deneyin.',
};
