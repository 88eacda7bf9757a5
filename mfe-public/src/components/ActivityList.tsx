import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { isApiError, Spinner } from '@nsa/web-kit';
import { InvalidDataError, isPastActivity } from '../lib/activities';
import { NAMESPACE } from '../namespace';
import { ActivityCard } from './ActivityCard';
import { preloadRegistrationDialog } from './registration-dialog-loader';

export interface ActivityListProps {
  /** The cards to draw; null while the list loads. */
  cards: readonly ActivityView[] | null;
  /** The school's whole list in the block filter, past ones included (to say why none is shown). */
  all: readonly ActivityView[] | undefined;
  /** Why the list could not be loaded; null if it could. */
  error: unknown;
  onRetry(): void;
  blockId: string;
  today: Date;
  /** The moment the sign-up windows are judged at (R-DRAW-WINDOW). */
  now: Date;
  onSignUp(activity: ActivityView): void;
}

/** The school page's activities: their count, then the cards, or why there are none. */
export function ActivityList({
  cards,
  all,
  error,
  onRetry,
  blockId,
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
      {error !== null ? (
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
            {all && all.length > 0
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
