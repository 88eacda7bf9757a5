import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationCreated, RegistrationInput } from '@nsa/contracts';
import { ApiError, apiFetch, isApiError, REGISTRATIONS_QUERY_KEY } from '@nsa/web-kit';
import { IDEMPOTENCY_HEADER, SubmitKey } from '../lib/submit-key';
import { ACTIVITIES_KEY, schoolTokenHeaders } from './activities';

/**
 * POST /api/registrations with the school token and the submit's key (R-IDEMPOTENCY); a
 * `success: false` answer is an error.
 */
async function createRegistration(
  token: string,
  input: RegistrationInput,
  key: string,
): Promise<RegistrationCreated> {
  const result = await apiFetch<RegistrationCreated | { success: false; error?: string }>(
    '/api/registrations',
    {
      method: 'POST',
      body: input,
      headers: { ...schoolTokenHeaders(token), [IDEMPOTENCY_HEADER]: key },
    },
  );
  if (!result || result.success !== true) {
    const error = (result as { error?: unknown } | undefined)?.error;
    throw new ApiError(typeof error === 'string' ? error : 'Registration failed', 200, result);
  }
  return result;
}

export function useCreateRegistration(token: string) {
  const queryClient = useQueryClient();
  // R-IDEMPOTENCY: a retry of the same data keeps the submit's key; edited data gets a new one.
  const [keys] = useState(() => new SubmitKey());
  return useMutation({
    mutationFn: (input: RegistrationInput) => createRegistration(token, input, keys.for(input)),
    // R-SIGNUP-FORM-DONE: places left change, and an admin's open list has a new sign-up.
    // Not awaited: the success view should not wait for the list to reload.
    onSuccess: () => {
      keys.done();
      void queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY });
      void queryClient.invalidateQueries({ queryKey: REGISTRATIONS_QUERY_KEY });
    },
    // Locked, full or gone (409/404): the list is out of date, so reload it;
    // a locked activity then shows as such and a new try makes no call.
    onError: (error) => {
      if (isApiError(error) && (error.status === 404 || error.status === 409))
        void queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY });
    },
  });
}
