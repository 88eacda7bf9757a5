// A sign-up as the admin's list answers it, for the registrations screen's tests.
import type { AdminRegistration } from '@nsa/contracts';

/** A new sign-up of Voetbal at De Regenboog, with `overrides`. */
export function adminRegistration(overrides: Partial<AdminRegistration> = {}): AdminRegistration {
  return {
    id: 1,
    activityId: 7,
    childFirstName: 'Zoë',
    childLastName: 'de Vries',
    childDateOfBirth: '2016-05-05',
    childAge: 9,
    childGroup: 'groep5',
    parentName: 'Anna de Vries',
    email: 'anna@example.nl',
    phone: '0612345678',
    language: 'nl',
    status: 'new',
    createdAt: '2025-03-04T13:05:00.000Z',
    updatedAt: '2025-03-04T13:05:00.000Z',
    timestamp: '2025-03-04T13:05:00.000Z',
    approvedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    emailSent: false,
    approvedByAdminId: null,
    rejectedByAdminId: null,
    approvedByAdmin: null,
    rejectedByAdmin: null,
    waitlistPosition: null,
    offerExpiresAt: null,
    withdrawnAt: null,
    erasedAt: null,
    activity: {
      id: 7,
      title: 'Voetbal',
      capacity: 10,
      approvedCount: 3,
      offeredCount: 0,
      weekday: 3,
      startTime: '15:30',
      school: { id: 1, name: 'De Regenboog' },
      provider: { id: 2, name: 'Sportclub' },
      block: { id: 3, name: 'Blok 1', weekStart: 10, weekEnd: 15 },
    },
    ...overrides,
  };
}
