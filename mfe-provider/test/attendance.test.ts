import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  buildAttendanceCsv,
  enqueueMark,
  loadQueue,
  nearestSession,
  newClientId,
  queueStorageKey,
  saveQueue,
  sessionCounts,
  todayInAmsterdam,
  withQueued,
  withRecord,
} from '../src/lib/attendance';
import { providerSearch, providerView } from '../src/lib/params';

const sessions = [
  {
    date: '2026-03-04',
    records: [
      { key: 'a', present: true },
      { key: 'b', present: null },
    ],
  },
  {
    date: '2026-03-11',
    records: [
      { key: 'a', present: null },
      { key: 'b', present: false },
    ],
  },
];

/** A Storage in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('R-ATTENDANCE-PAGE: the session the page opens on', () => {
  const dates = ['2026-03-04', '2026-03-11', '2026-03-18'];
  it("opens on today's session, else the next, else the last", () => {
    expect(nearestSession(dates, '2026-03-11')).toBe('2026-03-11');
    expect(nearestSession(dates, '2026-03-05')).toBe('2026-03-11');
    expect(nearestSession(dates, '2026-01-01')).toBe('2026-03-04');
    expect(nearestSession(dates, '2026-06-01')).toBe('2026-03-18');
    expect(nearestSession([], '2026-06-01')).toBeNull();
  });

  it("takes today's date in Amsterdam, not in UTC", () => {
    // 23:30 UTC on 3 March is 00:30 on 4 March in Amsterdam.
    expect(todayInAmsterdam(new Date('2026-03-03T23:30:00Z'))).toBe('2026-03-04');
    expect(todayInAmsterdam(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(todayInAmsterdam(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });
});

describe('R-ATTENDANCE-PAGE: marks waiting in the browser', () => {
  it('makes client ids the server accepts, a new one each time', () => {
    const a = newClientId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newClientId()).not.toBe(a);
  });

  it('keeps marks in order, a later mark of the same child and session replacing a waiting one', () => {
    let q = enqueueMark([], { clientId: '1', date: 'd1', key: 'a', present: true });
    q = enqueueMark(q, { clientId: '2', date: 'd1', key: 'b', present: true });
    q = enqueueMark(q, { clientId: '3', date: 'd1', key: 'a', present: false });
    q = enqueueMark(q, { clientId: '4', date: 'd2', key: 'a', present: true });
    expect(q.map((m) => m.clientId)).toEqual(['2', '3', '4']);
  });

  it('stores the queue per activity without names or tokens, and reads only what it wrote', () => {
    const storage = memoryStorage();
    const q = [{ clientId: 'c1', date: '2026-03-04', key: 'a', present: null }];
    saveQueue(storage, 7, q);
    expect(loadQueue(storage, 7)).toEqual(q);
    expect(loadQueue(storage, 8)).toEqual([]);
    expect(storage.items.get(queueStorageKey(7))).toBe(JSON.stringify(q));
    saveQueue(storage, 7, []);
    expect(storage.items.has(queueStorageKey(7))).toBe(false);
    storage.setItem(queueStorageKey(7), '{not json');
    expect(loadQueue(storage, 7)).toEqual([]);
    storage.setItem(queueStorageKey(7), JSON.stringify([{ clientId: 1 }, ...q]));
    expect(loadQueue(storage, 7)).toEqual(q);
  });

  it('shows waiting marks over the server records, and a confirmed mark in them', () => {
    const shown = withQueued(sessions, [
      { clientId: 'x', date: '2026-03-04', key: 'a', present: null },
      { clientId: 'y', date: '2026-03-11', key: 'a', present: true },
    ]);
    expect(shown[0]!.records[0]).toEqual({ key: 'a', present: null });
    expect(shown[1]!.records[0]).toEqual({ key: 'a', present: true });
    expect(sessions[0]!.records[0]!.present).toBe(true); // unchanged
    const confirmed = withRecord(sessions, { date: '2026-03-04', key: 'b', present: false });
    expect(confirmed[0]!.records[1]).toEqual({ key: 'b', present: false });
    expect(sessionCounts(confirmed[0])).toEqual({ present: 1, absent: 1, open: 0 });
    expect(sessionCounts(undefined)).toEqual({ present: 0, absent: 0, open: 0 });
  });
});

describe('R-ATTENDANCE-PAGE: the whole attendance as CSV', () => {
  it('has a row per child and a column per session date, formulas neutralised', async () => {
    const csv = await buildAttendanceCsv(sessions, [
      { key: 'a', childName: 'Anna Bakker' },
      { key: 'b', childName: '=Bram' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['Naam', '2026-03-04', '2026-03-11'],
      ['Anna Bakker', 'aanwezig', ''],
      ["'=Bram", '', 'afwezig'],
    ]);
  });
});

describe('the two views of the provider link', () => {
  it('reads and writes the view in the address, the list being the default', () => {
    expect(providerView('?token=t')).toBe('list');
    expect(providerView('?token=t&view=attendance')).toBe('attendance');
    expect(providerView('?view=other')).toBe('list');
    expect(providerSearch('a b', 'attendance')).toBe('?token=a+b&view=attendance');
    expect(providerSearch('t', 'list')).toBe('?token=t');
  });
});
