import type { ParentEmailTexts } from './nl.js';

/**
 * Every email text to parents in Turkish (R-LANG-EMAIL), with the keys of `nl.ts` but the
 * administrators' emails; the parent is addressed with _siz_. `weekdays` fit `details.when`.
 */
export const tr: ParentEmailTexts = {
  greeting: 'Sayın {{name}},',
  closing: 'Saygılarımızla,',
  weekdays: ['pazar', 'pazartesi', 'salı', 'çarşamba', 'perşembe', 'cuma', 'cumartesi'],
  dateRange: '{{start}} – {{end}}',
  moment: '{{date}}, saat {{time}}',
  details: {
    activity: 'Etkinlik: {{title}}',
    school: 'Okul: {{school}}',
    when: 'Ne zaman: her {{weekday}}, saat {{time}}',
    period: 'Dönem: {{range}} ({{block}})',
    provider: 'Sağlayıcı: {{provider}}',
  },
  link: {
    manage: 'Kendi bağlantınızla kaydı görebilir veya iptal edebilirsiniz:',
    view: 'Kendi bağlantınızla kaydı görebilirsiniz:',
    keep: 'Bu bağlantıyı kimseyle paylaşmayın: bağlantıya sahip olan herkes kaydı değiştirebilir.',
    label: 'Kaydım',
    acceptLabel: 'Yeri kabul et',
  },
  calendar: {
    attached: 'Ekteki dosyayla etkinliği takviminize ekleyebilirsiniz.',
    filename: 'etkinlik.ics',
  },
  'registration-approved': {
    subject: 'Kayıt onaylandı: {{title}}',
    body: 'Güzel haber: {{child}}, {{title}} etkinliğine katılabilir.',
  },
  'registration-rejected': {
    subject: 'Kayıt kabul edilmedi: {{title}}',
    body: 'Maalesef {{child}}, {{title}} etkinliğine katılamıyor.',
    reason: 'Neden: {{reason}}',
    questions: 'Sorularınız için bize {{contact}} adresinden ulaşabilirsiniz.',
  },
  'signup-received': {
    subject: 'Kayıt alındı: {{title}}',
    body: '{{child}} için {{title}} etkinliğine yapılan kaydı aldık. Kayıt incelendiğinde size haber vereceğiz.',
  },
  'waitlist-joined': {
    subject: 'Bekleme listesinde: {{title}}',
    body: '{{title}} etkinliği dolu. {{child}} bekleme listesinde.',
    position: '{{title}} etkinliği dolu. {{child}} bekleme listesinde, sıra {{position}}.',
    next: 'Bir yer boşalırsa size e-posta göndeririz ve bu yeri bir süre {{child}} için ayırırız.',
  },
  'offer-made': {
    subject: 'Bir yer boşaldı: {{title}}',
    body: '{{title}} etkinliğinde bir yer boşaldı. Bu yeri {{child}} için ayırıyoruz.',
    deadline:
      'Yeri kendi bağlantınızla kabul edin. Son tarih: {{deadline}}. Bu süreden sonra yer, bekleme listesindeki bir sonraki kişiye geçer.',
    soon: 'Yeri kendi bağlantınızla en kısa sürede kabul edin; aksi halde yer bekleme listesindeki bir sonraki kişiye geçer.',
  },
  'offer-expired': {
    subject: 'Ayrılan yerin süresi doldu: {{title}}',
    body: '{{title}} etkinliğinde {{child}} için ayırdığımız yer zamanında kabul edilmedi. Yer artık bekleme listesindeki bir sonraki kişiye geçiyor ve kayıt iptal edildi.',
  },
  'signup-withdrawn': {
    subject: 'Kayıt iptal edildi: {{title}}',
    body: '{{child}} için {{title}} etkinliğine yapılan kayıt iptal edildi.',
    notYou: 'Bunu siz yapmadıysanız lütfen bize {{contact}} adresinden ulaşın.',
  },
};
