import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch, isApiError } from '@nsa/web-kit';
import type { AttendanceMarkResponse, AttendanceResponse } from '@nsa/contracts';
import {
  enqueueMark,
  loadQueue,
  newClientId,
  saveQueue,
  withRecord,
  type QueuedMark,
} from '../lib/attendance';
import type { ProviderParams } from '../lib/params';
import { NAMESPACE } from '../namespace';

/** How often waiting marks are tried again while the page is open. */
const RETRY_MS = 5_000;

const attendanceKey = ({ activityId, token }: ProviderParams) => [
  '/api/provider',
  activityId,
  'attendance',
  token,
];

/** GET /api/provider/{activityId}/attendance?token=… (R-ATTENDANCE-LIST). */
export function useAttendance(params: ProviderParams) {
  const { activityId, token } = params;
  return useQuery<AttendanceResponse>({
    queryKey: attendanceKey(params),
    queryFn: ({ signal }) =>
      apiFetch<AttendanceResponse>(
        `/api/provider/${activityId}/attendance?token=${encodeURIComponent(token)}`,
        { signal },
      ),
    gcTime: 0,
  });
}

/** Whether a refused mark can never be applied (a date or child no longer there): dropped. */
function refusedForGood(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 404);
}

/**
 * R-ATTENDANCE-PAGE, R-ATTENDANCE-ONCE: marks go into a queue kept in localStorage, each with a
 * client-made id, and are sent one at a time in the order made: at once when online, again
 * when the browser comes back online and every few seconds while any wait. A mark the server
 * refuses for good (400) is dropped and reported; a refused link (403) keeps the marks and
 * says so.
 */
export function useMarkQueue(params: ProviderParams) {
  const { activityId, token } = params;
  const { i18n } = useTranslation(NAMESPACE);
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedMark[]>(() => loadQueue(localStorage, activityId));
  const [online, setOnline] = useState(() => navigator.onLine);
  const [linkRefused, setLinkRefused] = useState(false);
  const [dropped, setDropped] = useState(0);
  const queueRef = useRef(queue);
  const sending = useRef(false);

  const update = useCallback(
    (change: (q: QueuedMark[]) => QueuedMark[]) => {
      queueRef.current = change(queueRef.current);
      saveQueue(localStorage, activityId, queueRef.current);
      setQueue(queueRef.current);
    },
    [activityId],
  );

  const flush = useCallback(async () => {
    if (sending.current || !navigator.onLine) return;
    sending.current = true;
    try {
      for (;;) {
        const mark = queueRef.current[0];
        if (!mark) break;
        try {
          const record = await apiFetch<AttendanceMarkResponse>(
            `/api/provider/${activityId}/attendance/${mark.date}?token=${encodeURIComponent(token)}`,
            {
              method: 'PUT',
              body: { key: mark.key, present: mark.present, clientId: mark.clientId },
              headers: { 'Accept-Language': i18n.language },
            },
          );
          setLinkRefused(false);
          queryClient.setQueryData<AttendanceResponse>(
            attendanceKey({ activityId, token }),
            (old) => (old ? { sessions: withRecord(old.sessions, record) } : old),
          );
          update((q) => q.filter((m) => m.clientId !== mark.clientId));
        } catch (error) {
          if (refusedForGood(error)) {
            setDropped((n) => n + 1);
            update((q) => q.filter((m) => m.clientId !== mark.clientId));
            continue;
          }
          if (isApiError(error) && error.status === 403) setLinkRefused(true);
          break;
        }
      }
    } finally {
      sending.current = false;
    }
  }, [activityId, token, i18n.language, queryClient, update]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    void flush();
    const timer = window.setInterval(() => {
      if (queueRef.current.length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearInterval(timer);
    };
  }, [flush]);

  const mark = useCallback(
    (date: string, key: string, present: boolean | null) => {
      update((q) => enqueueMark(q, { clientId: newClientId(), date, key, present }));
      void flush();
    },
    [flush, update],
  );

  return { queue, online, linkRefused, dropped, mark, retry: flush };
}
