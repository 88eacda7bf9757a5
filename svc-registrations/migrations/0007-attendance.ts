import type { Migration } from '@nsa/service-kit';

/**
 * Provider attendance (R-ATTENDANCE-MARK, R-ATTENDANCE-ONCE): one row per activity, session date
 * and sign-up while it is marked (an unmarked child has no row), and every applied mark's
 * client-made id, unique, so a mark sent again after a lost answer is applied once only.
 * Neither holds personal data: children are sign-up ids.
 */
export const m0007Attendance: Migration = {
  name: '0007-attendance',
  async up({ sql }) {
    await sql(`CREATE TABLE attendance (
      activity_id integer NOT NULL,
      session_date date NOT NULL,
      registration_id integer NOT NULL REFERENCES registrations (id),
      present boolean NOT NULL,
      client_id text,
      marked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (activity_id, session_date, registration_id)
    )`);
    await sql('CREATE INDEX attendance_registration ON attendance (registration_id)');
    await sql(`CREATE TABLE attendance_marks (
      client_id text PRIMARY KEY,
      activity_id integer NOT NULL,
      session_date date NOT NULL,
      registration_id integer NOT NULL,
      present boolean,
      received_at timestamptz NOT NULL DEFAULT now()
    )`);
    await sql('CREATE INDEX attendance_marks_received ON attendance_marks (received_at)');
  },
};
