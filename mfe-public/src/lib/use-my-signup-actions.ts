import { useEffect, useRef, useState } from 'react';
import { useToast } from '@nsa/web-kit';
import { saveBlob } from '@nsa/web-kit/download';
import {
  fetchCalendar,
  useEraseSignup,
  useReloadSignup,
  useSignupAction,
  type SignupAction,
} from '../api/my-signup';
import { usePartTranslation } from '../part-texts';
import { calendarFileName, classifyMySignupError } from './my-signup';

const TOAST_MS = 5000;

/** How a link's page ends: its data erased, or the link refused. */
export type Ended = 'erased' | 'invalid';

/** The question asked before an action that cannot be undone. */
export type Confirm = 'decline' | 'withdraw' | 'erase';

/**
 * What the parent's own page does on a click (R-MY-SIGNUP-VIEW): accept, decline or withdraw,
 * erase the data (R-ERASE), download the calendar; with the question asked before, the notice
 * that says why an action did not work, and where the focus goes once the page has changed.
 */
export function useMySignupActions(token: string, onEnded: (ended: Ended) => void) {
  const { t } = usePartTranslation('my-signup');
  const { toast } = useToast();
  const action = useSignupAction(token);
  const erase = useEraseSignup(token);
  const reload = useReloadSignup(token);

  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [downloading, setDownloading] = useState(false);
  // Where the focus goes after an action changed the page: the status (the button that was
  // used may be gone) or the notice that says why it did not work.
  const [focusTo, setFocusTo] = useState<{ target: 'status' | 'notice' } | null>(null);
  const statusRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusTo === null) return;
    (focusTo.target === 'notice' ? noticeRef.current : statusRef.current)?.focus();
  }, [focusTo]);

  const fail = (error: unknown) => {
    setConfirm(null);
    const failure = classifyMySignupError(error);
    if (failure.kind === 'invalid-link') {
      onEnded('invalid');
    } else if (failure.kind === 'stale') {
      // R-WAITLIST-OFFER: an offer that expired (OFFER_EXPIRED), or a status that changed
      // meanwhile: say what the server said, and show the sign-up as it is now.
      setNotice(failure.message ?? t('mySignup.changed'));
      setFocusTo({ target: 'notice' });
      void reload();
    } else {
      toast({
        title: t('mySignup.failedTitle'),
        description: failure.message ?? t('mySignup.failedText'),
        variant: 'destructive',
        duration: TOAST_MS,
      });
    }
  };

  const run = (which: SignupAction) => {
    if (action.isPending) return;
    action.mutate(which, {
      onSuccess: () => {
        setConfirm(null);
        setNotice(null);
        toast({ title: t(`mySignup.done.${which}`), duration: TOAST_MS });
        setFocusTo({ target: 'status' });
      },
      onError: fail,
    });
  };

  const eraseData = () => {
    if (erase.isPending) return;
    erase.mutate(undefined, {
      onSuccess: () => {
        setConfirm(null);
        onEnded('erased');
      },
      onError: fail,
    });
  };

  const downloadCalendar = async (title: string) => {
    if (downloading) return;
    setDownloading(true);
    try {
      saveBlob(await fetchCalendar(token), calendarFileName(title));
    } catch (error) {
      fail(error);
    } finally {
      setDownloading(false);
    }
  };

  return {
    notice,
    confirm,
    setConfirm,
    downloading,
    statusRef,
    noticeRef,
    run,
    eraseData,
    downloadCalendar,
    /** The action running now ('accept', …), or null. */
    running: action.isPending ? action.variables : null,
    actionPending: action.isPending,
    erasePending: erase.isPending,
    busy: action.isPending || erase.isPending,
  };
}

/** What useMySignupActions gives the page's parts. */
export type MySignupActions = ReturnType<typeof useMySignupActions>;
