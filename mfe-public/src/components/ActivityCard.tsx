import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { NAMESPACE } from '../namespace';
import { dateRangeText, scheduleText } from './activity-text';

export interface ActivityCardProps {
  activity: ActivityView;
  past: boolean;
  today: Date;
  onSignUp(activity: ActivityView): void;
  /** Called when the button is about to be used, to fetch the dialog's code early. */
  onIntent(): void;
}

export function ActivityCard({ activity, past, today, onSignUp, onIntent }: ActivityCardProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const titleId = useId();
  const locked = activity.isLocked;
  const available = Math.max(0, activity.availablePlaces);
  return (
    <li className={`activity-card${locked ? ' is-locked' : ''}${past ? ' is-past' : ''}`}>
      <article aria-labelledby={titleId}>
        <div className="activity-head">
          <h2 id={titleId} className="activity-title">
            {activity.title}
          </h2>
          <div className="badges">
            {locked ? <span className="badge badge-full">{t('activity.full')}</span> : null}
            {past ? <span className="badge badge-past">{t('activity.past')}</span> : null}
          </div>
        </div>
        <dl className="facts">
          <div>
            <dt>{t('activity.block')}</dt>
            <dd>{activity.block.name}</dd>
          </div>
          <div>
            <dt>{t('activity.period')}</dt>
            <dd>{dateRangeText(t, i18n.language, activity.block, today)}</dd>
          </div>
          <div>
            <dt>{t('activity.provider')}</dt>
            <dd>{activity.provider.name}</dd>
          </div>
          <div>
            <dt>{t('activity.time')}</dt>
            <dd>{scheduleText(t, activity)}</dd>
          </div>
          <div>
            <dt>{t('activity.places')}</dt>
            <dd>
              {available > 0
                ? t('activity.placesLeft', { available, capacity: activity.capacity })
                : t('activity.noPlacesLeft', { capacity: activity.capacity })}
            </dd>
          </div>
        </dl>
        <button
          type="button"
          className="button sign-up"
          disabled={locked}
          aria-describedby={titleId}
          onClick={() => onSignUp(activity)}
          onPointerEnter={onIntent}
          onFocus={onIntent}
        >
          {t('activity.signUp')}
        </button>
      </article>
    </li>
  );
}
