import { Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchoolSummary } from '@nsa/contracts';
import { Page, Spinner } from '@nsa/web-kit';
import { useSchoolActivities } from '../api/activities';
import { visibleActivities } from '../lib/activities';
import { placesAreDrawn } from '../lib/signup-window';
import { useSignUpOpener } from '../lib/use-sign-up-opener';
import { useWindowClock } from '../lib/use-window-clock';
import { NAMESPACE } from '../namespace';
import { ActivityFilters } from './ActivityFilters';
import { ActivityList } from './ActivityList';
import { lazyRegistrationDialog } from './registration-dialog-loader';
import { SiteFooter } from './SiteFooter';

export interface SchoolActivitiesProps {
  school: SchoolSummary;
  token: string;
  /** The block the list starts filtered on (from the link; '' for all), as the loader asked it. */
  initialBlockId: string;
}

/** A school's page: its activities, filtered by block and by past, and the sign-up dialog. */
export function SchoolActivities({ school, token, initialBlockId }: SchoolActivitiesProps) {
  const { t } = useTranslation(NAMESPACE);
  const [today] = useState(() => new Date());
  const [blockId, setBlockId] = useState(initialBlockId);
  const [showPast, setShowPast] = useState(true);

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

  const { selected, open, close } = useSignUpOpener(all);
  const Dialog = lazyRegistrationDialog();
  const currentlyLocked = selected
    ? (all?.find((a) => a.id === selected.activity.id)?.isLocked ?? false)
    : false;

  return (
    <>
      <Page remote={NAMESPACE} page="school" title={school.name} titleDir="auto">
        <p className="pub-lead">{t('school.subtitle')}</p>
        <ActivityFilters
          blockId={blockId}
          onBlockId={setBlockId}
          showPast={showPast}
          onShowPast={setShowPast}
        />
        <ActivityList
          cards={cards}
          anyActivities={!!all && all.length > 0}
          blockId={blockId}
          failed={activities.isError}
          error={activities.error}
          onRetry={() => void activities.refetch()}
          today={today}
          now={now}
          onSignUp={open}
        />
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
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
