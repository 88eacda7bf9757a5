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
  onClose(): void;
}
