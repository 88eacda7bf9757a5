// The admin's attendance grid of one activity (R-ATTENDANCE-ADMIN). Pure, so it is unit tested.
import { buildCsv } from '@nsa/web-kit/csv';
import { fileSafeName } from '@nsa/web-kit/download';
import type { AdminAttendanceResponse } from '@nsa/contracts';

/** One child's row: a mark per session (null: not marked) and the totals. */
export interface AttendanceRow {
  registrationId: number;
  childName: string;
  marks: (boolean | null)[];
  present: number;
  marked: number;
}

/** The grid as rows of children, columns of sessions in date order. */
export function attendanceRows(data: AdminAttendanceResponse): AttendanceRow[] {
  const bySession = data.sessions.map(
    (s) => new Map(s.records.map((r) => [r.registrationId, r.present])),
  );
  return data.participants.map((p) => {
    const marks = bySession.map((m) => m.get(p.registrationId) ?? null);
    return {
      registrationId: p.registrationId,
      childName: p.childName,
      marks,
      present: marks.filter((m) => m === true).length,
      marked: marks.filter((m) => m !== null).length,
    };
  });
}

/** A route id that is a positive whole number, else null (the page does not exist). */
export function activityIdParam(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A cell of the file: its format, so not translated (as the provider's file). */
function markText(mark: boolean | null): string {
  return mark === true ? 'aanwezig' : mark === false ? 'afwezig' : '';
}

/** The CSV (R-CSV-INJECTION): Naam, a column per session date, then Aanwezig and Gemarkeerd. */
export function buildAttendanceCsv(data: AdminAttendanceResponse): Promise<string> {
  return buildCsv(
    ['Naam', ...data.sessions.map((s) => s.date), 'Aanwezig', 'Gemarkeerd'],
    attendanceRows(data).map((r) => [r.childName, ...r.marks.map(markText), r.present, r.marked]),
  );
}

/** aanwezigheid-{title}.csv */
export function attendanceCsvFileName(title: string): string {
  return `aanwezigheid-${fileSafeName(title, 'activiteit')}.csv`;
}
