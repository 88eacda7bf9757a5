// @vitest-environment jsdom
// R-CATALOG-ORDER: an activity needs a school, a block and a provider, so the dashboard says to
// make them in that order, and the activities screen names what is still missing, with a link to
// where it is made, and offers no new activity until all three exist.
import { act, createElement as h } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@nsa/web-kit';
import { mountScreen, unmountScreen } from '@nsa/web-kit/testing/screen';
import { ActivitiesPage } from '../../src/catalog/pages/ActivitiesPage';
import { DashboardPage } from '../../src/dashboard/pages/DashboardPage';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';
import { NAMESPACE } from '../../src/namespace';

beforeAll(() => {
  initI18n({ namespace: NAMESPACE, resources: { nl, en }, search: '' });
});

afterEach(() => {
  unmountScreen();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const at = '2026-03-01T10:00:00.000Z';
const LISTS = {
  '/api/schools': [{ id: 1, name: 'De Regenboog', accessToken: 'a'.repeat(32), createdAt: at }],
  '/api/blocks': [{ id: 2, name: 'Lente', weekStart: 10, weekEnd: 12, createdAt: at }],
  '/api/providers': [{ id: 3, name: 'Sportclub', createdAt: at }],
} as const;
type ListPath = keyof typeof LISTS;

/** A screen of the admin while the catalog holds only the lists named; other calls fail. */
async function screenAt(path: string, screen: ReturnType<typeof h>, present: ListPath[]) {
  vi.spyOn(console, 'debug').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const called = new URL(input, 'http://localhost').pathname;
      if (called in LISTS || called === '/api/admin/activities') {
        const list = present.includes(called as ListPath) ? LISTS[called as ListPath] : [];
        return new Response(JSON.stringify(list));
      }
      if (called === '/api/admin/attendance/rates') return new Response('{"data":[]}');
      return new Response('{"code":"SERVICE_UNAVAILABLE","message":"-"}', { status: 503 });
    }),
  );
  const container = await mountScreen(screen, path);
  // The lists arrive from the (stubbed) API a moment later.
  for (let i = 0; i < 20; i += 1) await act(() => new Promise((r) => setTimeout(r, 10)));
  return container;
}

/** The activities screen while the catalog holds only the lists named. */
async function activitiesScreen(present: ListPath[]) {
  const container = await screenAt('/admin/activities', h(ActivitiesPage), present);
  const hint = container.querySelector('[data-testid="activities-prerequisites"]');
  const add = [...container.querySelectorAll('button')].find(
    (b) => b.textContent === nl.activities.add,
  );
  const missing = [...(hint?.querySelectorAll('a') ?? [])].map((a) => [
    a.textContent,
    a.getAttribute('href'),
  ]);
  return { hint, add, missing };
}

describe('the activities screen before schools, blocks and providers exist (R-CATALOG-ORDER)', () => {
  it('names each one still missing, linking to its screen, and offers no new activity', async () => {
    const screen = await activitiesScreen(['/api/blocks']);
    expect(screen.hint?.textContent).toContain(nl.activities.needsFirst);
    expect(screen.missing).toEqual([
      [nl.activities.missing.schools, '/admin/schools'],
      [nl.activities.missing.providers, '/admin/providers'],
    ]);
    expect(screen.add?.disabled).toBe(true);
  });

  it('offers a new activity once a school, a block and a provider exist', async () => {
    const screen = await activitiesScreen(['/api/schools', '/api/blocks', '/api/providers']);
    expect(screen.hint).toBeNull();
    expect(screen.add?.disabled).toBe(false);
  });
});

describe('the dashboard (R-CATALOG-ORDER)', () => {
  it('says to make schools, then blocks, then providers, then activities, and lists them so', async () => {
    const container = await screenAt('/admin', h(DashboardPage), []);
    const hint = container.querySelector('[data-testid="creation-order"]')?.textContent ?? '';
    expect(hint).toBe(nl.dashboard.creationOrder);
    const order = ['scholen', 'blokken', 'aanbieders', 'activiteiten'].map((w) => hint.indexOf(w));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const cards = [...container.querySelectorAll('a')]
      .map((a) => a.getAttribute('href'))
      .filter((href) => /^\/admin\/(schools|blocks|providers|activities)$/.test(href ?? ''));
    expect(cards).toEqual([
      '/admin/schools',
      '/admin/blocks',
      '/admin/providers',
      '/admin/activities',
    ]);
  });
});
