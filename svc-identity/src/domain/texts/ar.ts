import type { IdentityTexts } from './nl.js';

/** The API messages of svc-identity in Arabic (R-LANG-API), with the keys of `nl.ts`. */
export const ar: IdentityTexts = {
  badCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  badToken: 'الرابط غير صالح أو انتهت مدته.',
  emailTaken: 'عنوان البريد الإلكتروني هذا مستخدم بالفعل.',
  deleteSelf: 'لا يمكنكم حذف حسابكم الخاص.',
  lastAdmin: 'لا يمكن حذف آخر مسؤول أو تغيير دوره.',
  userNotFound: 'المستخدم غير موجود.',
  badCode: 'الرمز غير صحيح أو مستخدم من قبل.',
  enrolmentExpired: 'انتهت مدة الإعداد. يُرجى البدء من جديد.',
  totpAlreadyOn: 'التحقق بخطوتين مفعَّل بالفعل.',
  totpNotOn: 'التحقق بخطوتين غير مفعَّل.',
  totpMandatory: 'التحقق بخطوتين إلزامي ولا يمكن إيقافه.',
  wrongPassword: 'كلمة المرور غير صحيحة.',
  organisationFromDeployment:
    'تأتي بيانات هذه المنظمة من إعدادات التثبيت (ORG_NAME وORG_CONTACT_EMAIL وORG_WEBSITE وORG_PRIVACY_URL) وتُغيَّر هناك.',
  organisationIsDeployment:
    'المنظمة 1 هي منظمة هذا التثبيت نفسه: لا يتم تغييرها أو تعليقها أو حذفها هنا.',
  organisationNotFound: 'المنظمة غير موجودة.',
  organisationTaken: 'هذا الاسم المختصر أو اسم المضيف يخص منظمة أخرى بالفعل.',
  suspendBeforeDelete: 'علّق المنظمة أولاً؛ لا يمكن حذف إلا منظمة معلقة.',
  organisationBeingDeleted: 'يجري حذف هذه المنظمة ولم يعد بالإمكان تغييرها.',
  eraseIncomplete: 'لم تُجب كل الخدمات؛ تبقى المنظمة معلَّمة بأنها "قيد الحذف". حاول مرة أخرى.',
};
