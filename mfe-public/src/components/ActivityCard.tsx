import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { placesAreDrawn, takesSignUps, windowState } from '../lib/signup-window';
import { NAMESPACE } from '../namespace';
import { dateRangeText, scheduleText } from './activity-text';
import { LotteryNote } from './LotteryNote';
import { momentText, windowRangeText } from './window-text';

export interface ActivityCardProps {
  activity: ActivityView;
  past: boolean;
  today: Date;
  /** The moment the block's sign-up window is judged at (R-DRAW-WINDOW). */
  now: Date;
  onSignUp(activity: ActivityView): void;
  /** Called when the button is about to be used, to fetch the dialog's code early. */
  onIntent(): void;
}

export function ActivityCard({
  activity,
  past,
  today,
  now,
  onSignUp,
  onIntent,
}: ActivityCardProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const titleId = useId();
  const noteId = useId();
  const lotteryId = useId();
  const { block } = activity;
  const locked = activity.isLocked;
  const state = windowState(block, now);
  const open = takesSignUps(state);
  // R-DRAW-WINDOW: while a lottery's window is open (or its draw is to come) every sign-up
  // enters the draw, so no activity of it is full and no one is sent to the waiting list.
  const byDraw = placesAreDrawn(state);
  const available = Math.max(0, activity.availablePlaces);
  // R-WAITLIST-JOIN: a full activity that is not locked takes sign-ups for its waiting list.
  const full = !locked && !byDraw && available === 0;
  const waitlist = full && open;
  const waiting = Math.max(0, activity.waitlistCount ?? 0);
  const windowText = windowRangeText(t, i18n.language, block, now);
  const lottery = block.allocation === 'lottery';

  let buttonText: string;
  if (state === 'notOpen') {
    buttonText = t('window.opensAt', {
      opens: momentText(t, i18n.language, block.signupOpensAt, { style: 'long', now }),
    });
  } else if (!open) buttonText = t('window.closed');
  else buttonText = waitlist ? t('activity.joinWaitlist') : t('activity.signUp');

  const described = [titleId, lottery ? lotteryId : null, waitlist ? noteId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={`pub-activity-card${locked ? ' pub-is-locked' : ''}${full ? ' pub-is-full' : ''}${past ? ' pub-is-past' : ''}${lottery && state !== 'drawn' ? ' pub-is-lottery' : ''}`}
      data-window={state}
    >
      <article aria-labelledby={titleId}>
        <div className="pub-activity-head">
          <h2 id={titleId} className="pub-activity-title" dir="auto">
            {activity.title}
          </h2>
          <div className="pub-badges">
            {lottery && state !== 'drawn' ? (
              <span className="pub-badge pub-badge-lottery">{t('window.lotteryBadge')}</span>
            ) : null}
            {locked || full ? (
              <span className="pub-badge pub-badge-full">{t('activity.full')}</span>
            ) : null}
            {past ? <span className="pub-badge pub-badge-past">{t('activity.past')}</span> : null}
          </div>
        </div>
        <dl className="pub-facts">
          <div>
            <dt>{t('activity.block')}</dt>
            <dd dir="auto">{block.name}</dd>
          </div>
          <div>
            <dt>{t('activity.period')}</dt>
            <dd>{dateRangeText(t, i18n.language, block, today)}</dd>
          </div>
          <div>
            <dt>{t('activity.provider')}</dt>
            <dd dir="auto">{activity.provider.name}</dd>
          </div>
          <div>
            <dt>{t('activity.time')}</dt>
            <dd>{scheduleText(t, activity)}</dd>
          </div>
          {windowText ? (
            <div>
              <dt>{t('window.label')}</dt>
              <dd data-testid="signup-window">{windowText}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('activity.places')}</dt>
            <dd>
              {byDraw
                ? lotteryPlacesText(t, available, activity.capacity)
                : available > 0
                  ? t('activity.placesLeft', { available, capacity: activity.capacity })
                  : t('activity.noPlacesLeft', { capacity: activity.capacity })}
              {waiting > 0 ? (
                <span className="pub-waitlist-count">
                  {t('activity.waitlistCount', { count: waiting })}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        {lottery ? <LotteryNote id={lotteryId} block={block} state={state} now={now} /> : null}
        {waitlist ? (
          <p id={noteId} className="pub-full-note">
            {t('activity.fullNote')}
          </p>
        ) : null}
        <button
          type="button"
          className={`button pub-sign-up${waitlist ? ' waitlist' : ''}${open ? '' : ' pub-window-shut'}`}
          disabled={locked || !open}
          aria-describedby={described}
          onClick={() => onSignUp(activity)}
          onPointerEnter={onIntent}
          onFocus={onIntent}
        >
          {buttonText}
        </button>
      </article>
    </li>
  );
}

/** R-DRAW-WINDOW: the places a draw to come will give, of all the activity has. */
function lotteryPlacesText(t: TFunction, available: number, capacity: number): string {
  if (available === 0) return t('window.lotteryNoPlaces', { count: capacity });
  if (available >= capacity) return t('window.lotteryAll', { count: capacity });
  return t('window.lotteryPlaces', { count: available, capacity });
}
