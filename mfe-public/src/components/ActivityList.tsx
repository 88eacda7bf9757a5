import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { isApiError, Spinner } from '@nsa/web-kit';
import { InvalidDataError, isPastActivity } from '../lib/activities';
import { NAMESPACE } from '../namespace';
import { ActivityCard } from './ActivityCard';
import { preloadRegistrationDialog } from './registration-dialog-loader';

export interface ActivityListProps {
  /** The cards to show; null while the list loads. */
  cards: ActivityView[] | null;
  /** Whether the school has activities at all (in the chosen block), shown or not. */
  anyActivities: boolean;
  blockId: string;
  /** Whether the list's query failed, and with what. */
  failed: boolean;
  error: unknown;
  onRetry(): void;
  today: Date;
  now: Date;
  onSignUp(activity: ActivityView): void;
}

/** The school page's activities with their count: loading, failed, none, or the cards. */
export function ActivityList({
  cards,
  anyActivities,
  blockId,
  failed,
  error,
  onRetry,
  today,
  now,
  onSignUp,
}: ActivityListProps) {
  const { t } = useTranslation(NAMESPACE);
  const countId = useId();
  return (
    <>
      {/* Always in the page, so screen readers announce the new count after a filter change. */}
      <p id={countId} className="pub-activity-count" role="status">
        {cards ? t('filter.count', { count: cards.length }) : ''}
      </p>
      {failed ? (
        <div className="pub-card pub-state-card" data-state="error" role="alert">
          <h2>{t('activities.errorTitle')}</h2>
          <p>{activitiesErrorText(error, t)}</p>
          <div className="actions">
            <button type="button" className="button" onClick={onRetry}>
              {t('school.retry')}
            </button>
          </div>
        </div>
      ) : cards === null ? (
        <Spinner label={t('activities.loading')} />
      ) : cards.length === 0 ? (
        <div className="pub-card pub-state-card" data-state="empty">
          <h2>{t('activities.emptyTitle')}</h2>
          <p>
            {anyActivities
              ? t('activities.emptyPastHidden')
              : blockId
                ? t('activities.emptyBlock')
                : t('activities.emptySchool')}
          </p>
        </div>
      ) : (
        <ul className="pub-activity-list" aria-labelledby={countId}>
          {cards.map((activity) => (
            <ActivityCard
              key={activity.id}
              activity={activity}
              past={isPastActivity(activity, today)}
              today={today}
              now={now}
              onSignUp={onSignUp}
              onIntent={preloadRegistrationDialog}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function activitiesErrorText(
  error: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  if (error instanceof InvalidDataError) return t('activities.invalidData');
  if (isApiError(error)) return t('activities.failedToFetch', { status: error.message });
  if (error instanceof TypeError) return t('school.connection');
  return t('activities.failedToLoad');
}
