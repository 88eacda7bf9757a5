import type { MySignupActions } from '../lib/use-my-signup-actions';
import { usePartTranslation } from '../part-texts';

/** R-WAITLIST-OFFER: accept the offered place, or decline it (asked first). */
export function OfferButtons({ actions }: { actions: MySignupActions }) {
  const { t } = usePartTranslation('my-signup');
  return (
    <div className="actions">
      <button
        type="button"
        className="button"
        aria-disabled={actions.busy || undefined}
        onClick={() => actions.run('accept')}
      >
        {actions.running === 'accept' ? t('mySignup.accepting') : t('mySignup.accept')}
      </button>
      <button
        type="button"
        className="button secondary"
        aria-disabled={actions.busy || undefined}
        onClick={() => actions.setConfirm('decline')}
      >
        {t('mySignup.decline')}
      </button>
    </div>
  );
}

/** The activity's sessions as a calendar file, with a word on what to do with it. */
export function CalendarButton({
  actions,
  activityTitle,
}: {
  actions: MySignupActions;
  activityTitle: string;
}) {
  const { t } = usePartTranslation('my-signup');
  const { downloading } = actions;
  return (
    <div className="calendar-action">
      <div className="actions">
        <button
          type="button"
          className="button"
          aria-disabled={downloading || undefined}
          aria-describedby="my-signup-calendar-hint"
          onClick={() => void actions.downloadCalendar(activityTitle)}
        >
          {downloading ? t('mySignup.downloading') : t('mySignup.calendar')}
        </button>
      </div>
      <p id="my-signup-calendar-hint" className="pub-hint">
        {t('mySignup.calendarHint')}
      </p>
    </div>
  );
}
