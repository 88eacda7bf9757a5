import { describe, expect, it } from 'vitest';
import { plausibleEmail, privacyExportFileName, reportRows } from '../../src/privacy/lib/privacy';

describe('privacy screen (R-PRIVACY-SCREEN)', () => {
  it('sends only a plausible address', () => {
    expect(plausibleEmail(' ouder@example.nl ')).toBe(true);
    expect(plausibleEmail('geen-adres')).toBe(false);
    expect(plausibleEmail('a b@c.nl')).toBe(false);
    expect(plausibleEmail('')).toBe(false);
  });

  it('names the export file by day, never by the address', () => {
    expect(privacyExportFileName(new Date('2026-11-25T10:00:00Z'))).toBe(
      'privacy-export-2026-11-25.json',
    );
  });

  it('lists a report by service and item, leaving out zeros', () => {
    expect(
      reportRows({
        counts: {
          registrations: { signups: 3, outboxRows: 0, streamMessages: 2 },
          notify: { deliveries: 4 },
          identity: { loginFailures: 0 },
        },
      }),
    ).toEqual([
      { service: 'notify', what: 'deliveries', count: 4 },
      { service: 'registrations', what: 'signups', count: 3 },
      { service: 'registrations', what: 'streamMessages', count: 2 },
    ]);
  });
});
