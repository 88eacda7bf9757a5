import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { Spinner } from '@nsa/web-kit';
import type { OpenSignup } from '../lib/use-signup-opener';
import { placesAreDrawn } from '../lib/signup-window';
import { NAMESPACE } from '../namespace';
import { lazyRegistrationDialog } from './registration-dialog-loader';

export interface SignupDialogSlotProps {
  /** The activity whose dialog is open, or null for none. */
  selected: OpenSignup | null;
  /** The school's list as it is now (the activity may have been locked since it opened). */
  all: readonly ActivityView[] | undefined;
  schoolName: string;
  token: string;
  today: Date;
  onClose(): void;
}

/** The sign-up dialog of the open activity, loaded when it first opens (a spinner meanwhile). */
export function SignupDialogSlot({
  selected,
  all,
  schoolName,
  token,
  today,
  onClose,
}: SignupDialogSlotProps) {
  const { t } = useTranslation(NAMESPACE);
  if (!selected) return null;
  const Dialog = lazyRegistrationDialog();
  const { activity, state } = selected;
  return (
    <Suspense
      fallback={
        <div className="pub-dialog-loading">
          <Spinner label={t('registration.loading')} />
        </div>
      }
    >
      <Dialog
        key={activity.id}
        activity={activity}
        schoolName={schoolName}
        token={token}
        locked={all?.find((a) => a.id === activity.id)?.isLocked ?? false}
        today={today}
        waitlist={activity.availablePlaces <= 0 && !placesAreDrawn(state)}
        lotteryClosesAt={state === 'lottery' ? activity.block.signupClosesAt : null}
        onClose={onClose}
      />
    </Suspense>
  );
}
