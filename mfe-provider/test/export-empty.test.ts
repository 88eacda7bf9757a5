// @vitest-environment jsdom
// R-EXPORT-EMPTY: printing or exporting the provider's list without participants does nothing
// but say there is no data; with participants both go ahead.
import { act, createElement as h } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@nsa/web-kit';
import { mountScreen, unmountScreen } from '@nsa/web-kit/testing/screen';
import type { ParticipantsResponse } from '@nsa/contracts';
import en from '../src/i18n/en.json';
import nl from '../src/i18n/nl.json';
import { NAMESPACE } from '../src/namespace';
import { ParticipantsPage } from '../src/pages/ParticipantsPage';

beforeAll(() => {
  initI18n({ namespace: NAMESPACE, resources: { nl, en }, search: '' });
});

afterEach(() => {
  unmountScreen();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const list = (names: string[]): ParticipantsResponse => ({
  activity: { title: 'Schaken', school: 'De Regenboog', provider: 'Denksport' },
  participantCount: names.length,
  participants: names.map((childName, i) => ({ childName, age: 8, key: `k${i}` })),
});

/** The provider page with the list the API answers, and what printing and saving did. */
async function providerPage(answer: ParticipantsResponse) {
  vi.spyOn(console, 'debug').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })),
  );
  const print = vi.fn();
  vi.stubGlobal('print', print);
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
  // The download's link is clicked, not followed.
  const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const container = await mountScreen(
    h(ParticipantsPage, { activityId: '5' }),
    '/provider/5?token=abc',
  );
  // The list arrives from the (stubbed) API a moment later.
  for (let i = 0; i < 100 && !container.querySelector('[data-testid="provider-print"]'); i += 1)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  const click = async (testId: string) => {
    await act(async () => {
      container.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`)!.click();
      // The CSV is made asynchronously; the button is busy until then.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
  };
  const toasts = () =>
    [...container.querySelectorAll('[data-testid="toast"]')].map((t) => t.textContent);
  return { click, toasts, print, saved };
}

describe('the provider list without participants (R-EXPORT-EMPTY)', () => {
  it('prints nothing and saves no file, and says there is no data', async () => {
    const page = await providerPage(list([]));
    await page.click('provider-print');
    expect(page.print).not.toHaveBeenCalled();
    expect(page.toasts().join()).toContain(nl.provider.noDataText);
    await page.click('provider-export');
    expect(page.toasts().join()).toContain(nl.provider.noData);
    expect(page.saved).not.toHaveBeenCalled();
  });

  it('prints and saves the list when it has participants', async () => {
    const page = await providerPage(list(['Emma Jansen']));
    await page.click('provider-print');
    expect(page.print).toHaveBeenCalledOnce();
    await page.click('provider-export');
    expect(page.saved).toHaveBeenCalledOnce();
    expect(page.toasts().join()).not.toContain(nl.provider.noData);
  });
});
