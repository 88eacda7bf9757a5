import type { RegistrationsTexts } from './nl.js';

/** The API messages of svc-registrations in Turkish (R-LANG-API), with the keys of `nl.ts`. */
export const tr: RegistrationsTexts = {
  schoolToken: 'Kayıt yalnızca okulunuzun doğrudan bağlantısı üzerinden yapılabilir.',
  duplicate: 'Bu çocuk bu etkinliğe zaten kayıtlı.',
  registrationNotFound: 'Kayıt bulunamadı.',
  transition: 'Kaydın şu anki durumunda bu işlem yapılamaz.',
  providerTokenMissing: 'Etkinlik numarası (Activity ID) ve token gereklidir',
  providerTokenInvalid: 'Bu bağlantı geçersiz, iptal edilmiş veya süresi dolmuş.',
  catalogUnavailable:
    'Kayıt ve katılımcı listeleri kısa bir süre için kullanılamıyor. Lütfen birkaç saniye sonra tekrar deneyin.',
  manageTokenInvalid: 'Bu bağlantı geçersiz veya artık çalışmıyor.',
  manageLinkExpired:
    'Bu bağlantı artık çalışmıyor. O yılın etkinlikleri sona erdi. Bilgilerinizi görmek veya sildirmek istiyorsanız lütfen kurumla iletişime geçin.',
  notOffered: 'Bu kayıt için ayrılmış bir yer yok.',
  offerExpired: 'Teklifin süresi doldu; yer bekleme listesindeki bir sonraki kişiye sunuldu.',
  calendarNotApproved: 'Takvim dosyası yalnızca onaylanmış bir kayıt için vardır.',
  signupNotOpen: 'Bu etkinlik için kayıtlar henüz açılmadı.',
  signupClosed: 'Bu etkinlik için kayıtlar kapandı.',
  drawNotFound: 'Bu dönem için henüz kura çekilmedi.',
  notLottery: 'Bu dönemin yerleri kurayla verilmiyor.',
  drawPublished: 'Bu dönemin kurası zaten yayımlandı.',
  drawBeforeClose: 'Kura ancak kayıtlar kapandıktan sonra çekilebilir.',
  drawNoPreview: 'Önce kuranın bir ön izlemesini yapın.',
  drawChanged: 'Ön izlemeden bu yana kayıtlar değişti. Önce yeni bir ön izleme yapın.',
  attendanceDateOutside: 'Bu etkinlik bu tarihte yapılmıyor.',
  attendanceKeyUnknown: 'Bu çocuk katılımcı listesinde yok (veya artık yok).',
  idempotencyKeyInvalid: '1 ile 255 arasında görünür ASCII karakteri kullanın.',
  retentionRunning:
    'Saklama süresi dolan veriler zaten temizleniyor. Lütfen birazdan tekrar deneyin.',
  privacyServiceUnavailable:
    'Her hizmet yanıt vermedi, bu yüzden dışa aktarım eksik olurdu. Lütfen birkaç saniye sonra tekrar deneyin.',
};
