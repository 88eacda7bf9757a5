import type { ParentEmailTexts } from './nl.js';

/**
 * Every email text to parents in Arabic (R-LANG-EMAIL), with the keys of `nl.ts` but the
 * administrators' emails: Modern Standard Arabic in the polite plural. `weekdays` fit
 * `details.when` ('أيام الأربعاء', on Wednesdays).
 */
export const ar: ParentEmailTexts = {
  greeting: 'مرحبًا {{name}}،',
  closing: 'مع أطيب التحيات،',
  weekdays: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
  dateRange: 'من {{start}} إلى {{end}}',
  moment: '{{date}}، الساعة {{time}}',
  details: {
    activity: 'النشاط: {{title}}',
    school: 'المدرسة: {{school}}',
    when: 'الموعد: أيام {{weekday}}، الساعة {{time}}',
    period: 'المدة: {{range}} ({{block}})',
    provider: 'مقدّم النشاط: {{provider}}',
  },
  link: {
    manage: 'عبر رابطكم الخاص يمكنكم الاطلاع على التسجيل أو إلغاؤه:',
    view: 'عبر رابطكم الخاص يمكنكم الاطلاع على التسجيل:',
    keep: 'لا تشاركوا هذا الرابط مع أحد: كل من لديه الرابط يستطيع تغيير التسجيل.',
    label: 'تسجيلي',
    acceptLabel: 'قبول المكان',
  },
  calendar: {
    attached: 'في المرفق ملف يضيف النشاط إلى تقويمكم.',
    filename: 'activity.ics',
  },
  'registration-approved': {
    subject: 'تم قبول التسجيل: {{title}}',
    body: 'خبر سار: تم قبول {{child}} في {{title}}.',
  },
  'registration-rejected': {
    subject: 'لم يتم قبول التسجيل: {{title}}',
    body: 'للأسف لا يمكن قبول {{child}} في {{title}}.',
    reason: 'السبب: {{reason}}',
    questions: 'هل لديكم أسئلة؟ تواصلوا معنا عبر {{contact}}.',
  },
  'signup-received': {
    subject: 'تم استلام التسجيل: {{title}}',
    body: 'استلمنا تسجيل {{child}} في {{title}}. سنخبركم عندما تتم مراجعته.',
  },
  'waitlist-joined': {
    subject: 'على قائمة الانتظار: {{title}}',
    body: 'النشاط {{title}} مكتمل. {{child}} على قائمة الانتظار.',
    position: 'النشاط {{title}} مكتمل. {{child}} على قائمة الانتظار، في المركز {{position}}.',
    next: 'إذا شغر مكان، ستصلكم رسالة بالبريد الإلكتروني، وسنحجز المكان لفترة من الوقت باسم {{child}}.',
  },
  'offer-made': {
    subject: 'يوجد مكان شاغر: {{title}}',
    body: 'شغر مكان في {{title}}. نحجزه الآن باسم {{child}}.',
    deadline:
      'اقبلوا المكان عبر رابطكم الخاص قبل {{deadline}}. بعد ذلك ينتقل المكان إلى التالي في قائمة الانتظار.',
    soon: 'اقبلوا المكان عبر رابطكم الخاص في أقرب وقت ممكن، وإلا ينتقل إلى التالي في قائمة الانتظار.',
  },
  'offer-expired': {
    subject: 'انتهى حجز المكان: {{title}}',
    body: 'المكان في {{title}} الذي حجزناه باسم {{child}} لم يُقبل في الوقت المحدد. ينتقل المكان الآن إلى التالي في قائمة الانتظار، وقد أُلغي التسجيل.',
  },
  'signup-withdrawn': {
    subject: 'تم إلغاء التسجيل: {{title}}',
    body: 'تم إلغاء تسجيل {{child}} في {{title}}.',
    notYou: 'إذا لم تقوموا بذلك بأنفسكم، يُرجى التواصل معنا عبر {{contact}}.',
  },
};
