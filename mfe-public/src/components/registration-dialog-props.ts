import type { ActivityView } from '@nsa/contracts';

export interface RegistrationDialogProps {
  /** The activity as it was when the dialog opened. */
  activity: ActivityView;
  schoolName: string;
  token: string;
  /** Whether the activity is locked now (the list may have reloaded since it opened). */
  locked: boolean;
  today: Date;
  /** R-WAITLIST-JOIN: the activity was full when the dialog opened, so it joins the waiting list. */
  waitlist: boolean;
  /**
   * R-DRAW-WINDOW: the end of the lottery window the sign-up enters (ISO), or null when the
   * block is no lottery in its window; the success view then says when the draw follows.
   */
  lotteryClosesAt: string | null;
  onClose(): void;
}
