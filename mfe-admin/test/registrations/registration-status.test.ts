import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_STATUSES, type StaffLang } from '@nsa/contracts';
import { waitlistFrom } from '../../src/registrations/api/waitlist';
import { formatDeadline } from '../../src/shared/lib/format';
import { placesTaken } from '../../src/shared/lib/capacity';
import {
  approvalRefusedAsFull,
  childNameOf,
  isErased,
  reviewActions,
  statusBadgeText,
  type TextKey,
} from '../../src/registrations/lib/registration-status';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    resources: { nl: { admin: nl }, en: { admin: en } },
    ns: ['admin'],
    defaultNS: 'admin',
    lng: 'nl',
    interpolation: { escapeValue: false },
  });
});

/** A badge as the screen shows it in that language. */
const shown = (text: TextKey, lang: StaffLang) =>
  i18n.getFixedT(lang)(text.key, { ...text.values, defaultValue: `missing:${text.key}` });

const fields = {
  waitlistPosition: null,
  offerExpiresAt: null,
} as const;

describe('status badges (R-WAITLIST-STATUSES, R-WAITLIST-OFFER)', () => {
  it('name the place in line of a waitlisted sign-up', () => {
    const badge = statusBadgeText({ ...fields, status: 'waitlisted', waitlistPosition: 3 }, 'nl');
    expect(badge).toEqual({
      key: 'registrations.statusBadge.waitlisted',
      values: { position: 3 },
    });
    expect(shown(badge, 'nl')).toBe('Wachtlijst #3');
    expect(shown(badge, 'en')).toBe('Waiting list #3');
  });

  it('name the end of an offer in date and time of the screen language', () => {
    // Noon UTC: the 25th in every time zone the screen may run in.
    const offerExpiresAt = '2026-11-25T12:00:00.000Z';
    const now = new Date('2026-11-23T12:00:00.000Z');
    const r = { ...fields, status: 'offered', offerExpiresAt } as const;
    expect(shown(statusBadgeText(r, 'nl', now), 'nl')).toMatch(
      /^Aangeboden tot 25 nov, \d{2}:\d{2}$/,
    );
    expect(shown(statusBadgeText(r, 'en', now), 'en')).toMatch(
      /^Offered until 25 Nov, \d{2}:\d{2}$/,
    );
  });

  it("name the offer's year only when it ends in another year", () => {
    const r = { ...fields, status: 'offered', offerExpiresAt: '2027-01-01T12:00:00.000Z' } as const;
    expect(shown(statusBadgeText(r, 'nl', new Date('2026-12-31T12:00:00.000Z')), 'nl')).toMatch(
      /^Aangeboden tot 1 jan 2027, \d{2}:\d{2}$/,
    );
    expect(formatDeadline(null, 'nl')).toBeNull();
    expect(formatDeadline('nonsense', 'en')).toBeNull();
  });

  it('fall back to the plain name without a position or an end date', () => {
    expect(shown(statusBadgeText({ ...fields, status: 'waitlisted' }, 'nl'), 'nl')).toBe(
      'Wachtlijst',
    );
    expect(shown(statusBadgeText({ ...fields, status: 'offered' }, 'en'), 'en')).toBe('Offered');
    expect(
      shown(
        statusBadgeText({ ...fields, status: 'offered', offerExpiresAt: 'nonsense' }, 'nl'),
        'nl',
      ),
    ).toBe('Aangeboden');
  });

  it('have a text for every status in both languages', () => {
    const texts = (lang: StaffLang) =>
      REGISTRATION_STATUSES.map((status) =>
        shown(statusBadgeText({ ...fields, status }, lang), lang),
      );
    expect(texts('nl')).toEqual([
      'Nieuw',
      'Goedgekeurd',
      'Afgewezen',
      'Wachtlijst',
      'Aangeboden',
      'Ingetrokken',
    ]);
    expect(texts('en')).toEqual([
      'New',
      'Approved',
      'Rejected',
      'Waiting list',
      'Offered',
      'Withdrawn',
    ]);
  });

  it('ignore a position on a sign-up that is no longer in line', () => {
    expect(
      shown(statusBadgeText({ ...fields, status: 'approved', waitlistPosition: 1 }, 'nl'), 'nl'),
    ).toBe('Goedgekeurd');
  });
});

describe('review actions per status (R-REVIEW-SCREEN, R-WAITLIST-REVIEW)', () => {
  const actions = (
    status: (typeof REGISTRATION_STATUSES)[number],
    erasedAt: string | null = null,
  ) => reviewActions({ status, erasedAt });

  it('approve and reject new, waitlisted and offered sign-ups', () => {
    expect(actions('new')).toEqual(['approve', 'reject']);
    expect(actions('waitlisted')).toEqual(['approve', 'reject']);
    expect(actions('offered')).toEqual(['approve', 'reject']);
  });

  it('revert approved and rejected ones', () => {
    expect(actions('approved')).toEqual(['revert']);
    expect(actions('rejected')).toEqual(['revert']);
  });

  it('offer nothing for a withdrawn sign-up', () => {
    expect(actions('withdrawn')).toEqual([]);
  });

  it('offer nothing for an erased sign-up, also one that stayed rejected (R-ERASE)', () => {
    expect(actions('rejected', '2026-11-20T10:00:00.000Z')).toEqual([]);
    expect(actions('withdrawn', '2026-11-20T10:00:00.000Z')).toEqual([]);
  });
});

describe('client-side approval block (R-REVIEW-CLIENT-FULL, R-WAITLIST-CAPACITY)', () => {
  const signUp = (
    status: (typeof REGISTRATION_STATUSES)[number],
    approvedCount: number,
    offeredCount: number,
    capacity = 3,
  ) => ({ status, activity: { capacity, approvedCount, offeredCount } });

  it('counts offered places as taken', () => {
    expect(placesTaken({ approvedCount: 2, offeredCount: 1 })).toBe(3);
    expect(placesTaken({ approvedCount: 2 })).toBe(2);
    expect(approvalRefusedAsFull(signUp('new', 2, 1))).toBe(true);
    expect(approvalRefusedAsFull(signUp('waitlisted', 2, 1))).toBe(true);
    expect(approvalRefusedAsFull(signUp('waitlisted', 3, 0))).toBe(true);
  });

  it('lets an approval through while a place is free', () => {
    expect(approvalRefusedAsFull(signUp('new', 1, 1))).toBe(false);
    expect(approvalRefusedAsFull(signUp('waitlisted', 2, 0))).toBe(false);
  });

  it('never refuses an offered sign-up, whose place is already held', () => {
    expect(approvalRefusedAsFull(signUp('offered', 2, 1))).toBe(false);
    expect(approvalRefusedAsFull(signUp('offered', 0, 3))).toBe(false);
  });
});

describe('erased sign-ups (R-ERASE)', () => {
  const names = { childFirstName: 'Zoë', childLastName: 'de Vries' };

  it('show no name', () => {
    expect(isErased({ erasedAt: '2026-11-20T10:00:00.000Z' })).toBe(true);
    expect(childNameOf({ ...names, erasedAt: '2026-11-20T10:00:00.000Z' })).toBeNull();
    expect(i18n.getFixedT('nl')('registrations.erased')).toBe('Gegevens verwijderd');
    expect(i18n.getFixedT('en')('registrations.erased')).toBe('Data removed');
  });

  it('leave other names whole', () => {
    expect(isErased({ erasedAt: null })).toBe(false);
    expect(childNameOf({ ...names, erasedAt: null })).toBe('Zoë de Vries');
  });
});

describe('the waiting list answer (R-WAITLIST-ADMIN)', () => {
  it('keeps the queue in the order it came', () => {
    const answer = {
      activity: { id: 1, title: 'Judo', capacity: 2, approvedCount: 1, offeredCount: 1 },
      data: [{ id: 5 }, { id: 3 }],
    };
    expect(waitlistFrom(answer)).toEqual(answer);
  });

  it('reads an odd answer as an empty queue', () => {
    expect(waitlistFrom(null)).toEqual({ activity: null, data: [] });
    expect(waitlistFrom({ data: 'x', activity: 'y' })).toEqual({ activity: null, data: [] });
  });

  it('names the counts in both languages', () => {
    const values = { taken: 2, capacity: 2, count: 1 };
    expect(i18n.getFixedT('nl')('registrations.waitlist.summary', values)).toBe(
      'Bezet: 2/2 · 1 op de wachtlijst',
    );
    expect(i18n.getFixedT('en')('registrations.waitlist.summary', values)).toBe(
      'Taken: 2/2 · 1 on the waiting list',
    );
  });
});
