import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE, DEFAULT_VERSION, healthView } from '../../src/dashboard/lib/health';
import { formatDateTime } from '../../src/shared/lib/format';

describe('healthView (R-ADMIN-DASHBOARD, R-RUN-HEALTH)', () => {
  it('is checking before the first answer', () => {
    expect(healthView(undefined).state).toBe('checking');
  });

  it('is connected when the gateway says ok', () => {
    expect(
      healthView({
        ok: true,
        service: 'naschool-gateway',
        version: '1.2.3',
        services: { catalog: 'ok', registrations: 'ok', identity: 'ok', notify: 'ok' },
      }),
    ).toEqual({ state: 'connected', service: 'naschool-gateway', version: '1.2.3', down: [] });
  });

  it('is disconnected for a 503 body, naming the services that are down', () => {
    expect(
      healthView({
        ok: false,
        service: 'naschool-api',
        version: '1.2.3',
        services: { catalog: 'ok', registrations: 'ok', identity: 'ok', notify: 'down' },
      }),
    ).toMatchObject({ state: 'disconnected', down: ['notify'] });
  });

  it('shows the defaults when the answer does not say', () => {
    expect(healthView({ ok: false })).toEqual({
      state: 'disconnected',
      version: DEFAULT_VERSION,
      service: DEFAULT_SERVICE,
      down: [],
    });
    expect(DEFAULT_VERSION).toBe('0.1.0');
    expect(healthView({ ok: true, version: '' }).version).toBe('0.1.0');
  });
});

describe('formatDateTime', () => {
  it('formats in nl-NL, and is null without a date', () => {
    expect(formatDateTime('2026-03-05T14:07:00.000Z', 'nl')).toMatch(/5 mrt 2026/);
    expect(formatDateTime(null, 'nl')).toBeNull();
    expect(formatDateTime('not a date', 'en')).toBeNull();
  });
});
