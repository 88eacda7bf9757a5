import {
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ActivityView, SchoolSummary } from '@nsa/contracts';
import { isApiError, Page, Spinner, useToast } from '@nsa/web-kit';
import { useBlocks, useSchoolActivities } from '../api/activities';
import {
  InvalidDataError,
  isPastActivity,
  parseActivityId,
  visibleActivities,
} from '../lib/activities';
import { placesAreDrawn, takesSignUps, windowState, type WindowState } from '../lib/signup-window';
import { useWindowClock } from '../lib/use-window-clock';
import { NAMESPACE } from '../namespace';
import { ActivityCard } from './ActivityCard';
import { lazyRegistrationDialog, preloadRegistrationDialog } from './registration-dialog-loader';
import { SiteFooter } from './SiteFooter';
import { momentText } from './window-text';
import { isolate } from '../lib/isolate';

export interface SchoolActivitiesProps {
  school: SchoolSummary;
  token: string;
  /** The block the list starts filtered on (from the link; '' for all), as the loader asked it. */
  initialBlockId: string;
}

export function SchoolActivities({ school, token, initialBlockId }: SchoolActivitiesProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const ids = { block: useId(), past: useId(), count: useId() };

  const [today] = useState(() => new Date());
  const [blockId, setBlockId] = useState(initialBlockId);
  const [showPast, setShowPast] = useState(true);
  // The activity whose dialog is open, and its block's window state when it opened.
  const [selected, setSelected] = useState<{ activity: ActivityView; state: WindowState } | null>(
    null,
  );

  const blocks = useBlocks();
  const activities = useSchoolActivities(school.id, token, blockId);
  const all = activities.data;
  const shown = useMemo(
    () => (all ? visibleActivities(all, { showPast, today }) : []),
    [all, showPast, today],
  );
  // The cards are drawn as a transition: when the list arrives (or a filter changes) React
  // renders them in slices of a few milliseconds, between which the browser paints and takes
  // input, instead of in one long task; the spinner or the previous cards stay meanwhile.
  const cards = useDeferredValue(activities.isSuccess ? shown : null);
  const windows = useMemo(() => (all ?? []).map((activity) => activity.block), [all]);
  // R-DRAW-WINDOW: the cards change by themselves when a window opens or closes.
  const now = useWindowClock(windows);

  const open = useCallback(
    (activity: ActivityView | undefined) => {
      if (!activity || activity.isHidden) {
        toast({ title: t('registration.lockedTitle'), description: t('registration.unavailable') });
      } else if (activity.isLocked) {
        // R-SIGNUP-FORM-LOCKED: the dialog does not render at all for a locked activity.
        toast({
          title: t('registration.lockedTitle'),
          description: t('registration.lockedText'),
          variant: 'destructive',
        });
      } else {
        // R-DRAW-WINDOW: no dialog before the window opens nor after it closes.
        const state = windowState(activity.block, new Date());
        if (takesSignUps(state)) {
          setSelected({ activity, state });
        } else {
          toast({
            title: t('registration.lockedTitle'),
            description:
              state === 'notOpen'
                ? t('window.opensAt', {
                    opens: momentText(t, i18n.language, activity.block.signupOpensAt, {
                      style: 'long',
                      now: new Date(),
                    }),
                  })
                : t('window.closed'),
          });
        }
      }
    },
    [t, i18n.language, toast],
  );

  // ?activityId= and ?highlightActivity= open the dialog once the list is there;
  // highlightActivity then clears the query string.
  const requestedId = parseActivityId(
    searchParams.get('activityId') ?? searchParams.get('highlightActivity'),
  );
  const highlight = searchParams.has('highlightActivity');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (requestedId === null || !all || handled.current === location.search) return;
    handled.current = location.search;
    open(all.find((activity) => activity.id === requestedId));
    if (highlight) void navigate({ pathname: location.pathname, search: '' }, { replace: true });
  }, [requestedId, highlight, all, open, navigate, location.pathname, location.search]);

  const closeDialog = useCallback(() => setSelected(null), []);
  const Dialog = lazyRegistrationDialog();
  const currentlyLocked = selected
    ? (all?.find((a) => a.id === selected.activity.id)?.isLocked ?? false)
    : false;

  return (
    <>
      <Page remote={NAMESPACE} page="school" title={school.name} titleDir="auto">
        <p className="pub-lead">{t('school.subtitle')}</p>

        <div className="pub-filters" role="group" aria-label={t('filter.label')}>
          <div className="pub-filter-block">
            <label htmlFor={ids.block}>{t('filter.block')}</label>
            <div className="pub-filter-row">
              <select
                id={ids.block}
                value={blockId}
                onChange={(event) => setBlockId(event.target.value)}
              >
                <option value="">{t('filter.allBlocks')}</option>
                {(blocks.data ?? []).map((block) => (
                  <option key={block.id} value={String(block.id)}>
                    {t('filter.blockOption', {
                      name: isolate(block.name),
                      start: block.weekStart,
                      end: block.weekEnd,
                    })}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button secondary"
                disabled={blockId === ''}
                onClick={() => setBlockId('')}
              >
                {t('filter.clear')}
              </button>
            </div>
          </div>
          <div className="pub-filter-past">
            <input
              id={ids.past}
              type="checkbox"
              checked={showPast}
              onChange={(event) => setShowPast(event.target.checked)}
            />
            <label htmlFor={ids.past}>{t('filter.showPast')}</label>
          </div>
        </div>

        {/* Always in the page, so screen readers announce the new count after a filter change. */}
        <p id={ids.count} className="pub-activity-count" role="status">
          {cards ? t('filter.count', { count: cards.length }) : ''}
        </p>
        {activities.isError ? (
          <div className="pub-card pub-state-card" data-state="error" role="alert">
            <h2>{t('activities.errorTitle')}</h2>
            <p>{activitiesErrorText(activities.error, t)}</p>
            <div className="actions">
              <button type="button" className="button" onClick={() => void activities.refetch()}>
                {t('school.retry')}
              </button>
            </div>
          </div>
        ) : cards === null ? (
          <Spinner label={t('activities.loading')} />
        ) : (
          <>
            {cards.length === 0 ? (
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
              <ul className="pub-activity-list" aria-labelledby={ids.count}>
                {cards.map((activity) => (
                  <ActivityCard
                    key={activity.id}
                    activity={activity}
                    past={isPastActivity(activity, today)}
                    today={today}
                    now={now}
                    onSignUp={open}
                    onIntent={preloadRegistrationDialog}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </Page>
      <SiteFooter />

      {selected ? (
        <Suspense
          fallback={
            <div className="pub-dialog-loading">
              <Spinner label={t('registration.loading')} />
            </div>
          }
        >
          <Dialog
            key={selected.activity.id}
            activity={selected.activity}
            schoolName={school.name}
            token={token}
            locked={currentlyLocked}
            today={today}
            waitlist={selected.activity.availablePlaces <= 0 && !placesAreDrawn(selected.state)}
            lotteryClosesAt={
              selected.state === 'lottery' ? selected.activity.block.signupClosesAt : null
            }
            onClose={closeDialog}
          />
        </Suspense>
      ) : null}
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
