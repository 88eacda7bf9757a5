// Attendance through the provider link (R-ATTENDANCE-PAGE). Pure, so it is unit tested: which
// session the page opens on, the marks that wait in the browser, and the CSV of the whole list.
import { buildCsv } from '@nsa/web-kit/csv';
import type { AttendanceSession } from '@nsa/contracts';

/** The product's one time zone: a session's date is its calendar day there. */
const TIME_ZONE = 'Europe/Amsterdam';

/** Today's date in Amsterdam, `YYYY-MM-DD`. */
export function todayInAmsterdam(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The session the page opens on: today's, else the next one, else (the block is over) the last;
 * null without sessions. Dates are `YYYY-MM-DD`, so they compare as text.
 */
export function nearestSession(dates: readonly string[], today: string): string | null {
  if (dates.length === 0) return null;
  const sorted = [...dates].sort();
  return sorted.find((d) => d >= today) ?? sorted.at(-1)!;
}

/** A mark made on this phone, kept until the server has it. */
export interface QueuedMark {
  /** Made here when the mark is made; the server applies it once (R-ATTENDANCE-ONCE). */
  clientId: string;
  date: string;
  key: string;
  present: boolean | null;
}

/** A new client id: 128 random bits, as the server accepts them (8–64 of A–Z a–z 0–9 _ -). */
export function newClientId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The queue after a new mark: it goes last, and replaces a mark of the same child and session
 * that is still waiting, so the server gets the last word and one request for it.
 */
export function enqueueMark(queue: readonly QueuedMark[], mark: QueuedMark): QueuedMark[] {
  return [...queue.filter((m) => !(m.date === mark.date && m.key === mark.key)), mark];
}

/** The browser's key of an activity's waiting marks; it holds no name and no token. */
export function queueStorageKey(activityId: number): string {
  return `nsa.attendance.queue.${activityId}`;
}

function isQueuedMark(value: unknown): value is QueuedMark {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.clientId === 'string' &&
    typeof m.date === 'string' &&
    typeof m.key === 'string' &&
    (m.present === null || typeof m.present === 'boolean')
  );
}

/** The waiting marks stored for an activity; anything unreadable counts as none. */
export function loadQueue(storage: Pick<Storage, 'getItem'>, activityId: number): QueuedMark[] {
  try {
    const raw = storage.getItem(queueStorageKey(activityId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isQueuedMark) : [];
  } catch {
    return [];
  }
}

export function saveQueue(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  activityId: number,
  queue: readonly QueuedMark[],
): void {
  try {
    if (queue.length === 0) storage.removeItem(queueStorageKey(activityId));
    else storage.setItem(queueStorageKey(activityId), JSON.stringify(queue));
  } catch {
    // Storage full or switched off: the marks still wait in memory.
  }
}

/** What the page shows: the server's records with the waiting marks laid over them. */
export function withQueued(
  sessions: readonly AttendanceSession[],
  queue: readonly QueuedMark[],
): AttendanceSession[] {
  if (queue.length === 0) return [...sessions];
  const waiting = new Map(queue.map((m) => [`${m.date}|${m.key}`, m.present]));
  return sessions.map((s) => ({
    date: s.date,
    records: s.records.map((r) => {
      const k = `${s.date}|${r.key}`;
      return waiting.has(k) ? { key: r.key, present: waiting.get(k)! } : r;
    }),
  }));
}

/** The server's records after one of them changed (a mark it confirmed). */
export function withRecord(
  sessions: readonly AttendanceSession[],
  record: { date: string; key: string; present: boolean | null },
): AttendanceSession[] {
  return sessions.map((s) =>
    s.date !== record.date
      ? s
      : {
          date: s.date,
          records: s.records.map((r) =>
            r.key === record.key ? { key: r.key, present: record.present } : r,
          ),
        },
  );
}

/** Present and absent counts of one session. */
export function sessionCounts(session: AttendanceSession | undefined): {
  present: number;
  absent: number;
  open: number;
} {
  const records = session?.records ?? [];
  const present = records.filter((r) => r.present === true).length;
  const absent = records.filter((r) => r.present === false).length;
  return { present, absent, open: records.length - present - absent };
}

/** A cell of the attendance file and the print: the file's format, so not translated. */
export function markText(present: boolean | null | undefined): string {
  return present === true ? 'aanwezig' : present === false ? 'afwezig' : '';
}

/**
 * The whole attendance as CSV (R-ATTENDANCE-PAGE, R-CSV-INJECTION): a row per child, Naam then a
 * column per session date.
 */
export function buildAttendanceCsv(
  sessions: readonly AttendanceSession[],
  children: readonly { key: string; childName: string }[],
): Promise<string> {
  const byDate = sessions.map((s) => new Map(s.records.map((r) => [r.key, r.present])));
  return buildCsv(
    ['Naam', ...sessions.map((s) => s.date)],
    children.map((c) => [c.childName, ...byDate.map((m) => markText(m.get(c.key)))]),
  );
}
