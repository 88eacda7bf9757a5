import { useId, useState } from 'react';
import type { MySignup } from '@nsa/contracts';
import { childName, dayAndTime } from '../lib/my-signup';
import { usePartTranslation } from '../part-texts';
import { dateRangeText, scheduleText } from './activity-text';

/** The child and the activity, as the school page shows an activity (R-CAL-RANGE). */
export function SignupDetails({ signup }: { signup: MySignup }) {
  const { t, i18n } = usePartTranslation('my-signup');
  const [today] = useState(() => new Date());
  const titleId = useId();
  const { activity, registration } = signup;
  const signedUp = dayAndTime(i18n.language, registration.createdAt);
  // Names someone typed (the last item: true) keep their own direction: dir="auto".
  const facts: [string, string, boolean?][] = [
    [t('mySignup.child'), childName(signup), true],
    [t('mySignup.activity'), activity.title, true],
    [t('mySignup.school'), activity.school.name, true],
    [t('mySignup.provider'), activity.provider.name, true],
    [t('mySignup.time'), scheduleText(t, activity)],
    [t('mySignup.block'), activity.block.name, true],
    [t('mySignup.period'), dateRangeText(t, i18n.language, activity.block, today)],
  ];
  if (signedUp) facts.push([t('mySignup.signedUpOn'), signedUp.day]);
  return (
    <section className="pub-card details-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('mySignup.detailsTitle')}</h2>
      <dl className="pub-facts">
        {facts.map(([label, value, typed]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd dir={typed ? 'auto' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
