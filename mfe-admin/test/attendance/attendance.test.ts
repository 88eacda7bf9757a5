import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AdminAttendanceResponse } from '@nsa/contracts';
import {
  activityIdParam,
  attendanceCsvFileName,
  attendanceRows,
  buildAttendanceCsv,
} from '../../src/attendance/lib/attendance';

const data: AdminAttendanceResponse = {
  activity: { id: 3, title: 'Judo', school: 'De Regenboog', provider: 'Sportief' },
  participants: [
    { registrationId: 11, childName: 'Anna Bakker' },
    { registrationId: 12, childName: '+Bram' },
  ],
  sessions: [
    {
      date: '2026-03-04',
      records: [
        { registrationId: 11, present: true },
        { registrationId: 12, present: false },
      ],
    },
    {
      date: '2026-03-11',
      records: [
        { registrationId: 11, present: true },
        { registrationId: 12, present: null },
      ],
    },
  ],
};

describe('R-ATTENDANCE-ADMIN: the attendance grid', () => {
  it('has a row per child with a mark per session and the totals', () => {
    expect(attendanceRows(data)).toEqual([
      { registrationId: 11, childName: 'Anna Bakker', marks: [true, true], present: 2, marked: 2 },
      { registrationId: 12, childName: '+Bram', marks: [false, null], present: 0, marked: 1 },
    ]);
  });

  it('exports dates as columns, with formulas neutralised', async () => {
    const csv = await buildAttendanceCsv(data);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['Naam', '2026-03-04', '2026-03-11', 'Aanwezig', 'Gemarkeerd'],
      ['Anna Bakker', 'aanwezig', 'aanwezig', '2', '2'],
      ["'+Bram", 'afwezig', '', '0', '1'],
    ]);
    expect(attendanceCsvFileName('Judo & Dans')).toMatch(/^aanwezigheid-.*\.csv$/);
  });

  it('takes only a positive whole number as the activity id of the address', () => {
    expect(activityIdParam('12')).toBe(12);
    expect(activityIdParam('0')).toBeNull();
    expect(activityIdParam('1e3')).toBeNull();
    expect(activityIdParam('99999999999')).toBeNull();
    expect(activityIdParam(undefined)).toBeNull();
  });
});
