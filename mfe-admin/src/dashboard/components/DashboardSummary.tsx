import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { serverMessage, Spinner } from '@nsa/web-kit';
import type { AdminSummary, StaffLang } from '@nsa/contracts';
import { useAdminSummary } from '../api/summary';
import { chartLayout } from '../lib/signups-chart';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';
import { CapacityCount } from '../../catalog/components/Capacity';
import { LoadError } from '../../shared/components/LoadError';

// The counts at a glance, each a link to the review screen with that status (R-ADMIN-DASHBOARD).
const COUNTED = ['new', 'approved', 'rejected', 'waitlisted'] as const;

/** R-ADMIN-DASHBOARD: counts, the (nearly) full activities and sign-ups per day, one call. */
export function DashboardSummary() {
  const { t } = useTranslation(NAMESPACE);
  const summary = useAdminSummary();
  if (summary.isPending) return <Spinner label={t('summary.loading')} />;
  if (summary.isError) {
    return (
      <LoadError
        message={serverMessage(summary.error, t('summary.loadFailed'))}
        onRetry={() => void summary.refetch()}
        testId="summary-error"
      />
    );
  }
  const data = summary.data;
  return (
    <div className="adm-summary" data-testid="dashboard-summary">
      <section className="adm-card" aria-labelledby="summary-counts">
        <h2 id="summary-counts">{t('summary.countsTitle')}</h2>
        <ul className="adm-summary-counts">
          {COUNTED.map((status) => (
            <li key={status}>
              <Link
                to={`/admin/registrations?status=${status}`}
                className="adm-count-tile"
                data-status={status}
                data-testid={`summary-count-${status}`}
              >
                <span className="adm-count-number">{data.counts[status] ?? 0}</span>
                <span className="adm-count-label">{t(`summary.counts.${status}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="adm-muted">{t('summary.total', { count: data.counts.total ?? 0 })}</p>
      </section>
      <div className="adm-summary-pair">
        <FullActivities activities={data.activities} />
        <SignupsChart days={data.signupsPerDay} />
      </div>
    </div>
  );
}

function FullActivities({ activities }: { activities: AdminSummary['activities'] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="adm-card" aria-labelledby="summary-full" data-testid="summary-full">
      <h2 id="summary-full">{t('summary.fullTitle')}</h2>
      {activities.length === 0 ? (
        <p className="adm-muted">{t('summary.noneFull')}</p>
      ) : (
        <ul className="adm-full-list">
          {activities.map((a) => (
            <li key={a.id} data-testid="summary-activity" data-full={String(a.full)}>
              <Link to={`/admin/registrations?activityId=${a.id}`}>
                {a.title}
                <span className="visually-hidden"> {t('summary.signupsOf')}</span>
              </Link>
              <span className="adm-cell-hint">{a.schoolName}</span>
              <span className="adm-full-count">
                <CapacityCount
                  section="registrations"
                  approved={a.taken}
                  capacity={a.capacity}
                  quiet
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function dayLabel(day: string, lang: StaffLang, long = false): string {
  const date = new Date(`${day}T12:00:00Z`);
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', {
    day: 'numeric',
    month: 'short',
    ...(long ? { weekday: 'short' } : {}),
    timeZone: 'UTC',
  }).format(date);
}

/** Bars per day in an inline SVG, named by its title; the table under it says the same. */
function SignupsChart({ days }: { days: AdminSummary['signupsPerDay'] }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const titleId = useId();
  const descId = useId();
  const layout = chartLayout(days);
  const total = layout.days.reduce((sum, d) => sum + d.count, 0);
  const first = layout.days[0];
  const last = layout.days[layout.days.length - 1];
  return (
    <section className="adm-card" aria-labelledby="summary-chart" data-testid="summary-chart">
      <h2 id="summary-chart">{t('summary.chartTitle')}</h2>
      {!first || !last ? (
        <p className="adm-muted">{t('summary.noSignups')}</p>
      ) : (
        <>
          <svg
            className="adm-chart"
            viewBox={`0 0 ${layout.width} ${layout.height + 1}`}
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            preserveAspectRatio="none"
          >
            <title id={titleId}>{t('summary.chartTitle')}</title>
            <desc id={descId}>
              {t('summary.chartText', {
                count: total,
                from: dayLabel(first.day, lang),
                to: dayLabel(last.day, lang),
                max: Math.max(...layout.days.map((d) => d.count)),
              })}
            </desc>
            <line
              x1="0"
              x2={layout.width}
              y1={layout.height + 0.5}
              y2={layout.height + 0.5}
              className="adm-chart-axis"
            />
            {layout.bars.map((bar) => (
              <rect
                key={bar.day}
                x={bar.x}
                y={bar.y}
                width={bar.width}
                height={bar.height}
                className="adm-chart-bar"
              />
            ))}
          </svg>
          <p className="adm-chart-range adm-muted" aria-hidden="true">
            <span>{dayLabel(first.day, lang)}</span>
            <span>{t('summary.chartMax', { max: layout.max })}</span>
            <span>{dayLabel(last.day, lang)}</span>
          </p>
          <details className="adm-chart-table">
            <summary>{t('summary.chartTable')}</summary>
            <table className="adm-table compact" data-testid="summary-days">
              <caption className="visually-hidden">{t('summary.chartTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('summary.day')}</th>
                  <th scope="col" className="adm-numeric">
                    {t('summary.signups')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {layout.days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{dayLabel(d.day, lang, true)}</th>
                    <td className="adm-numeric">{d.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
