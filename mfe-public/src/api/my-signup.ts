import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MySignup } from '@nsa/contracts';
import { apiFetch } from '@nsa/web-kit';
import { MANAGE_TOKEN_HEADER } from '../lib/my-signup';
import { IDEMPOTENCY_HEADER, SubmitKey } from '../lib/submit-key';
import { ACTIVITIES_KEY } from './activities';

// R-MY-SIGNUP-LINK: the parent's token travels only in this header, never in a URL. It is not part
// of any query key's path either: the keys below start with a segment that is no API path, so
// the shared default query function could never turn one into a request.
const manageHeaders = (token: string) => ({ [MANAGE_TOKEN_HEADER]: token });

const mySignupKey = (token: string) => ['my-signup', token] as const;

/** GET /api/my-signup: what the link shows. Reading it changes nothing. */
export function useMySignup(token: string) {
  return useQuery<MySignup>({
    queryKey: mySignupKey(token),
    queryFn: ({ signal }) =>
      apiFetch<MySignup>('/api/my-signup', { signal, headers: manageHeaders(token) }),
    // Nothing of it is kept once the page is left.
    gcTime: 0,
    // A parent who comes back to the open page (say, after an offer's email) sees it as it is
    // now. Only ever a read.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

export type SignupAction = 'accept' | 'decline' | 'withdraw';

/**
 * POST /api/my-signup/{accept|decline|withdraw}: each answers the view as it is after the
 * change, which replaces the shown one. Only ever called from a click (a mail scanner that
 * opens the link must not change anything).
 */
export function useSignupAction(token: string) {
  const queryClient = useQueryClient();
  // R-IDEMPOTENCY: one key per click; the same action sent again (a retry) keeps it.
  const [keys] = useState(() => new SubmitKey());
  return useMutation({
    mutationFn: (action: SignupAction) =>
      apiFetch<MySignup>(`/api/my-signup/${action}`, {
        method: 'POST',
        body: {},
        headers: { ...manageHeaders(token), [IDEMPOTENCY_HEADER]: keys.for(action) },
      }),
    onSuccess: (view) => {
      keys.done();
      queryClient.setQueryData(mySignupKey(token), view);
      // A place taken or freed changes the school page's count.
      void queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY });
    },
  });
}

/**
 * POST /api/my-signup/erase (R-ERASE): answers {erased: true}; the link no longer works. The
 * page then stops showing the view, and its cached copy goes with it (gcTime 0).
 */
export function useEraseSignup(token: string) {
  const queryClient = useQueryClient();
  const [keys] = useState(() => new SubmitKey());
  return useMutation({
    mutationFn: () =>
      apiFetch<{ erased: boolean }>('/api/my-signup/erase', {
        method: 'POST',
        body: {},
        headers: { ...manageHeaders(token), [IDEMPOTENCY_HEADER]: keys.for('erase') },
      }),
    onSuccess: () => {
      keys.done();
      void queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY });
    },
  });
}

/** Refetches the view, e.g. after a 409 said it was out of date. */
export function useReloadSignup(token: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mySignupKey(token) });
}

/**
 * GET /api/my-signup/calendar.ics: the activity's dates as a calendar file (a confirmed place
 * only). Fetched with the header, so the token is not in a link the browser could follow.
 */
export async function fetchCalendar(token: string): Promise<Blob> {
  const ics = await apiFetch<unknown>('/api/my-signup/calendar.ics', {
    headers: { ...manageHeaders(token), Accept: 'text/calendar' },
  });
  // A proxy's error page or a JSON answer is no calendar.
  if (typeof ics !== 'string' || !ics.replace(/^\uFEFF/, '').startsWith('BEGIN:VCALENDAR')) {
    throw new Error('not a calendar');
  }
  return new Blob([ics], { type: 'text/calendar;charset=utf-8' });
}
