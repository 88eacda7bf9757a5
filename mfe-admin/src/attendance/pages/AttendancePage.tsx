import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminAttendanceResponse } from '@nsa/contracts';
import { ExportButton, isApiError, Page, Spinner, useToast } from '@nsa/web-kit';
import { CSV_MIME } from '@nsa/web-kit/csv';
import { useAdminAttendance } from '../api/attendance';
import { LoadError } from '../../shared/components/LoadError';
import { attendanceCsvFileName, attendanceRows, buildAttendanceCsv } from '../lib/attendance';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';
import '../attendance.css';

/**
 * /admin/activities/:id/attendance (R-ATTENDANCE-ADMIN): the attendance the provider marked, read
 * only: a row per child, a column per session, with CSV.
 */
export function AttendancePage({ activityId }: { activityId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const query = useAdminAttendance(activityId);

  let body;
  if (query.isPending) body = <Spinner label={t('attendance.loading')} />;
  else if (query.isError)
    body =
      isApiError(query.error) && query.error.status === 404 ? (
        <p className="empty" data-testid="attendance-missing">
          {t('attendance.notFound', { id: activityId })}
        </p>
      ) : (
        <LoadError
          message={t('attendance.loadFailed')}
          onRetry={() => void query.refetch()}
          testId="attendance-error"
        />
      );
  else body = <AttendanceGrid data={query.data} />;

  return (
    <Page
      remote={NAMESPACE}
      page="admin-activity-attendance"
      title={
        query.data
          ? t('attendance.title', { title: query.data.activity.title })
          : t('attendance.titleUnknown')
      }
    >
      <p className="adm-back-link">
        <Link to="/admin/activities">← {t('attendance.back')}</Link>
      </p>
      {body}
    </Page>
  );
}

function AttendanceGrid({ data }: { data: AdminAttendanceResponse }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const rows = attendanceRows(data);
  const dateLabel = useMemo(() => {
    const format = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    return (date: string) => format.format(new Date(`${date}T12:00:00Z`));
  }, [lang]);
  const marked = rows.reduce((n, r) => n + r.marked, 0);
  const present = rows.reduce((n, r) => n + r.present, 0);

  const exportCsv = async () => {
    if (rows.length === 0) {
      toast({ title: t('attendance.noData') });
      return undefined;
    }
    const csv = await buildAttendanceCsv(data);
    return {
      blob: new Blob([csv], { type: CSV_MIME }),
      fileName: attendanceCsvFileName(data.activity.title),
    };
  };
  const exportFailed = (error: unknown) => {
    console.error('[mfe_admin] CSV export failed', error);
    toast({
      variant: 'destructive',
      title: t('common.failTitle'),
      description: t('attendance.exportFailed'),
    });
  };

  return (
    <section
      className="adm-card"
      aria-labelledby="attendance-heading"
      data-testid="attendance-card"
    >
      <h2 id="attendance-heading">{t('attendance.heading')}</h2>
      <p className="adm-attendance-facts" data-testid="attendance-facts">
        {data.activity.school} · {data.activity.provider} ·{' '}
        {marked === 0
          ? t('attendance.nothingMarked')
          : t('attendance.rate', {
              rate: Math.round((present / marked) * 100),
              present,
              marked,
            })}
      </p>
      <div className="adm-toolbar">
        <ExportButton make={exportCsv} onFailure={exportFailed} data-testid="attendance-export">
          {t('attendance.export')}
        </ExportButton>
      </div>
      {rows.length === 0 ? (
        <p className="empty" data-testid="attendance-empty">
          {t('attendance.empty')}
        </p>
      ) : (
        // Focusable, so a keyboard can scroll a grid wider than the screen.
        <div
          className="adm-table-scroll attendance-scroll"
          role="region"
          aria-label={t('attendance.gridLabel')}
          tabIndex={0}
        >
          <table className="adm-table adm-attendance-grid" data-testid="attendance-grid">
            <caption className="visually-hidden">{t('attendance.gridLabel')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('attendance.child')}</th>
                {data.sessions.map((s) => (
                  <th scope="col" key={s.date} className="adm-attendance-date">
                    <time dateTime={s.date}>{dateLabel(s.date)}</time>
                  </th>
                ))}
                <th scope="col" className="adm-numeric">
                  {t('attendance.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.registrationId} data-testid="attendance-row">
                  <th scope="row">{r.childName}</th>
                  {r.marks.map((m, i) => (
                    <td
                      key={data.sessions[i]!.date}
                      className="adm-attendance-mark"
                      data-mark={m === null ? 'open' : m ? 'present' : 'absent'}
                    >
                      {m === true ? (
                        <span aria-label={t('attendance.present')} title={t('attendance.present')}>
                          ✓
                        </span>
                      ) : m === false ? (
                        <span aria-label={t('attendance.absent')} title={t('attendance.absent')}>
                          ✗
                        </span>
                      ) : (
                        <span className="visually-hidden">{t('attendance.open')}</span>
                      )}
                    </td>
                  ))}
                  <td className="adm-numeric">
                    {t('attendance.childTotal', { present: r.present, marked: r.marked })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
