import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ActivityView } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { momentText } from '../components/window-text';
import { NAMESPACE } from '../namespace';
import { parseActivityId } from './activities';
import { takesSignUps, windowState, type WindowState } from './signup-window';

/** The activity whose sign-up dialog is open, and its block's window state when it opened. */
export interface OpenSignup {
  activity: ActivityView;
  state: WindowState;
}

/**
 * Which activity's sign-up dialog is open: `open` opens it, or says in a toast why it cannot
 * (R-SIGNUP-FORM-LOCKED, R-DRAW-WINDOW). A link's `?activityId=` or `?highlightActivity=` opens it
 * once `all` (the school's list) is there; highlightActivity then clears the query string.
 */
export function useSignupOpener(all: readonly ActivityView[] | undefined) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<OpenSignup | null>(null);

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

  const close = useCallback(() => setSelected(null), []);
  return { selected, open, close };
}
