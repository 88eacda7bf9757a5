import type { CatalogTexts } from './nl.js';

/** The API messages of svc-catalog in Arabic (R-LANG-API), with the keys of `nl.ts`. */
export const ar: CatalogTexts = {
  schoolNotFound: 'المدرسة غير موجودة.',
  blockNotFound: 'المدة غير موجودة.',
  providerNotFound: 'مقدّم النشاط غير موجود.',
  noProviderLink: 'لا يوجد رابط لمقدّم هذا النشاط.',
  schoolHasActivities: 'لا يمكن حذف هذه المدرسة: ما زالت هناك أنشطة مرتبطة بها.',
  blockHasActivities: 'لا يمكن حذف هذه المدة: ما زالت هناك أنشطة مرتبطة بها.',
  providerHasActivities: 'لا يمكن حذف مقدّم النشاط هذا: ما زالت هناك أنشطة مرتبطة به.',
  activityHasSignups: 'لا يمكن حذف هذا النشاط: ما زالت هناك تسجيلات مرتبطة به.',
  signupsUnknown: 'تعذّر التحقق من وجود تسجيلات. يُرجى المحاولة مرة أخرى لاحقًا.',
  drawUnavailable: 'لا يمكن تثبيت القرعة الآن. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  schoolTokenRequired: 'استخدموا الرابط المباشر لمدرستكم.',
  schoolIdRequired: 'اختاروا مدرسة.',
  unknownReference: 'المدرسة أو المدة أو مقدّم النشاط المختار غير موجود.',
};
