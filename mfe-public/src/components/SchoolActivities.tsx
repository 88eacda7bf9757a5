import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchoolSummary } from '@nsa/contracts';
import { Page } from '@nsa/web-kit';
import { useBlocks, useSchoolActivities } from '../api/activities';
import { visibleActivities } from '../lib/activities';
import { useSignupOpener } from '../lib/use-signup-opener';
import { useWindowClock } from '../lib/use-window-clock';
import { NAMESPACE } from '../namespace';
import { ActivityFilters } from './ActivityFilters';
import { ActivityList } from './ActivityList';
import { SignupDialogSlot } from './SignupDialogSlot';
import { SiteFooter } from './SiteFooter';

export interface SchoolActivitiesProps {
  school: SchoolSummary;
  token: string;
  /** The block the list starts filtered on (from the link; '' for all), as the loader asked it. */
  initialBlockId: string;
}

/** The school page once its school is known: the filters, the activities and the sign-up. */
export function SchoolActivities({ school, token, initialBlockId }: SchoolActivitiesProps) {
  const { t } = useTranslation(NAMESPACE);
  const [today] = useState(() => new Date());
  const [blockId, setBlockId] = useState(initialBlockId);
  const [showPast, setShowPast] = useState(true);

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
  const signup = useSignupOpener(all);

  return (
    <>
      <Page remote={NAMESPACE} page="school" title={school.name} titleDir="auto">
        <p className="pub-lead">{t('school.subtitle')}</p>
        <ActivityFilters
          blocks={blocks.data}
          blockId={blockId}
          onBlockId={setBlockId}
          showPast={showPast}
          onShowPast={setShowPast}
        />
        <ActivityList
          cards={cards}
          all={all}
          error={activities.isError ? activities.error : null}
          onRetry={() => void activities.refetch()}
          blockId={blockId}
          today={today}
          now={now}
          onSignUp={signup.open}
        />
      </Page>
      <SiteFooter />
      <SignupDialogSlot
        selected={signup.selected}
        all={all}
        schoolName={school.name}
        token={token}
        today={today}
        onClose={signup.close}
      />
    </>
  );
}
