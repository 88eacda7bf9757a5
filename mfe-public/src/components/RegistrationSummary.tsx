import type { ActivityView } from '@nsa/contracts';
import { usePartTranslation } from '../part-texts';
import { dateRangeText, scheduleText } from './activity-text';

/** What the sign-up dialog is about: the activity, the school, the period and the time. */
export function RegistrationSummary({
  activity,
  schoolName,
  today,
}: {
  activity: ActivityView;
  schoolName: string;
  today: Date;
}) {
  const { t, i18n } = usePartTranslation('registration');
  return (
    <dl className="pub-dialog-summary">
      <div>
        <dt>{t('registration.activity')}</dt>
        <dd dir="auto">{activity.title}</dd>
      </div>
      <div>
        <dt>{t('registration.school')}</dt>
        <dd dir="auto">{schoolName}</dd>
      </div>
      <div>
        <dt>{t('registration.period')}</dt>
        <dd>{dateRangeText(t, i18n.language, activity.block, today)}</dd>
      </div>
      <div>
        <dt>{t('registration.time')}</dt>
        <dd>{scheduleText(t, activity)}</dd>
      </div>
    </dl>
  );
}
