// @vitest-environment jsdom
// R-REVIEW-FULL-NOTICE: an approval the server answers with a rejection (the activity filled up
// meanwhile, R-REVIEW-CAPACITY) is told in a destructive notice that the activity was full; an
// approval that went through is told as approved.
import { act, createElement as h } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@nsa/web-kit';
import { mountScreen, unmountScreen } from '@nsa/web-kit/testing/screen';
import type { RegistrationStatus } from '@nsa/contracts';
import { useReviewActions } from '../../src/registrations/lib/use-review-actions';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';
import { NAMESPACE } from '../../src/namespace';
import { adminRegistration } from './fixtures';

beforeAll(() => {
  initI18n({ namespace: NAMESPACE, resources: { nl, en }, search: '' });
});

afterEach(() => {
  unmountScreen();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A new sign-up of an activity with one place left, as the list shows it. */
const signUp = adminRegistration({
  id: 42,
  childFirstName: 'Jan',
  childLastName: 'Vol',
  activity: { ...adminRegistration().activity, title: 'Judo', capacity: 2, approvedCount: 1 },
});

/** Approves the sign-up from the screen's actions while the server answers `status`. */
async function approveAnswered(status: RegistrationStatus) {
  vi.spyOn(console, 'debug').mockImplementation(() => {});
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ ...signUp, status, rejectionReason: null }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  let approve: (() => void) | undefined;
  function Harness() {
    const actions = useReviewActions();
    approve = () => actions.approve(signUp, false, () => undefined);
    return null;
  }
  const container = await mountScreen(h(Harness));
  await act(async () => {
    approve!();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(fetch).toHaveBeenCalledOnce();
  return container.querySelector('[data-testid="toast"]');
}

describe('an approval the server turned into a rejection (R-REVIEW-FULL-NOTICE)', () => {
  it('says in a destructive notice that the activity was full', async () => {
    const toast = await approveAnswered('rejected');
    expect(toast?.getAttribute('data-variant')).toBe('destructive');
    expect(toast?.textContent).toContain(nl.registrations.autoRejected.title);
    expect(toast?.textContent).toContain('De activiteit Judo was al vol.');
  });

  it('says approved when the approval went through', async () => {
    const toast = await approveAnswered('approved');
    expect(toast?.getAttribute('data-variant')).not.toBe('destructive');
    expect(toast?.textContent).toContain(nl.registrations.done.approved);
  });
});
