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
  // R-WAITLIST-JOIN: a full activity that is not locked takes sign-ups for its waiting list.
  const full = !locked && available === 0;
  const waiting = Math.max(0, activity.waitlistCount ?? 0);
  const noteId = useId();
  return (
    <li
      className={`activity-card${locked ? ' is-locked' : ''}${full ? ' is-full' : ''}${past ? ' is-past' : ''}`}
    >
      <article aria-labelledby={titleId}>
        <div className="activity-head">
          <h2 id={titleId} className="activity-title">
            {activity.title}
          </h2>
          <div className="badges">
            {locked || full ? <span className="badge badge-full">{t('activity.full')}</span> : null}
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
              {waiting > 0 ? (
                <span className="waitlist-count">
                  {t('activity.waitlistCount', { count: waiting })}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        {full ? (
          <p id={noteId} className="full-note">
            {t('activity.fullNote')}
          </p>
        ) : null}
        <button
          type="button"
          className={`button sign-up${full ? ' waitlist' : ''}`}
          disabled={locked}
          aria-describedby={full ? `${titleId} ${noteId}` : titleId}
          onClick={() => onSignUp(activity)}
          onPointerEnter={onIntent}
          onFocus={onIntent}
        >
          {full ? t('activity.joinWaitlist') : t('activity.signUp')}
        </button>
      </article>
    </li>
  );
}
