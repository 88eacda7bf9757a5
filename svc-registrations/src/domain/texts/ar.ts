import type { RegistrationsTexts } from './nl.js';

/** The API messages of svc-registrations in Arabic (R-LANG-API), with the keys of `nl.ts`. */
export const ar: RegistrationsTexts = {
  schoolToken: 'التسجيل ممكن فقط عبر الرابط المباشر لمدرستكم.',
  duplicate: 'هذا الطفل مسجَّل بالفعل في هذا النشاط.',
  registrationNotFound: 'التسجيل غير موجود.',
  transition: 'لا يمكن القيام بهذا الإجراء في الحالة الحالية للتسجيل.',
  providerTokenMissing: 'رقم النشاط (Activity ID) والرمز (token) مطلوبان',
  providerTokenInvalid: 'هذا الرابط غير صالح أو أُلغي أو انتهت مدته.',
  catalogUnavailable:
    'التسجيل وقوائم المشاركين غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  manageTokenInvalid: 'هذا الرابط غير صالح أو لم يعد يعمل.',
  manageLinkExpired:
    'هذا الرابط لم يعد يعمل، فقد انتهت أنشطة تلك السنة. هل تريدون الاطلاع على بياناتكم أو حذفها؟ يُرجى التواصل مع الجهة المنظِّمة.',
  notOffered: 'لا يوجد مكان محجوز لهذا التسجيل.',
  offerExpired: 'انتهت مدة العرض، وعُرض المكان على التالي في قائمة الانتظار.',
  calendarNotApproved: 'ملف التقويم متاح فقط للتسجيل المقبول.',
  signupNotOpen: 'لم يُفتح التسجيل في هذا النشاط بعد.',
  signupClosed: 'أُغلق التسجيل في هذا النشاط.',
  drawNotFound: 'لم تُجرَ قرعة لهذه المدة بعد.',
  notLottery: 'لا توزَّع أماكن هذه المدة بالقرعة.',
  drawPublished: 'نُشرت قرعة هذه المدة بالفعل.',
  drawBeforeClose: 'لا يمكن إجراء القرعة إلا بعد إغلاق التسجيل.',
  drawNoPreview: 'أعدّوا معاينة للقرعة أولًا.',
  drawChanged: 'تغيّرت التسجيلات منذ المعاينة. أعدّوا معاينة جديدة أولًا.',
  attendanceDateOutside: 'لا يُقام هذا النشاط في هذا التاريخ.',
  attendanceKeyUnknown: 'هذا الطفل ليس على قائمة المشاركين (أو لم يعد عليها).',
  idempotencyKeyInvalid: 'استخدموا من 1 إلى 255 حرفًا مرئيًا من حروف ASCII.',
  retentionRunning: 'يجري الآن حذف البيانات التي انتهت مدة حفظها. يُرجى المحاولة بعد قليل.',
  privacyServiceUnavailable:
    'لم تُجب كل الخدمات، لذلك سيكون التصدير ناقصًا. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
};
