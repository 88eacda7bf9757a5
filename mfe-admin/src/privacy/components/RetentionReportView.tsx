import { useTranslation } from 'react-i18next';
import type { RetentionReport } from '@nsa/contracts';
import { reportRows } from '../lib/privacy';
import { formatDateTime } from '../../shared/lib/format';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

/** A retention run's report: when and why it ran, what it erased per service, what it could not reach. */
export function RetentionReportView({ report }: { report: RetentionReport }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const rows = reportRows(report);
  return (
    <div data-testid="privacy-report">
      <p>
        {t(`privacy.triggers.${report.trigger}`)} ·{' '}
        {formatDateTime(report.finishedAt ?? report.startedAt, lang)} ·{' '}
        <span data-state={report.status}>{t(`privacy.statuses.${report.status}`)}</span>
      </p>
      {report.cutoff ? (
        <p className="adm-muted">{t('privacy.cutoff', { date: report.cutoff })}</p>
      ) : null}
      {rows.length === 0 ? (
        <p className="adm-muted">{t('privacy.nothingErased')}</p>
      ) : (
        <div className="table-wrap" role="region" aria-label={t('privacy.lastReport')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('privacy.service')}</th>
                <th scope="col">{t('privacy.what')}</th>
                <th scope="col" className="adm-numeric">
                  {t('privacy.count')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.service}-${r.what}`}>
                  <td>{r.service}</td>
                  <td>{t(`privacy.items.${r.what}`, { defaultValue: r.what })}</td>
                  <td className="adm-numeric">{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.unavailable.length > 0 ? (
        <p className="adm-field-error">
          {t('privacy.unavailable', { services: report.unavailable.join(', ') })}
        </p>
      ) : null}
    </div>
  );
}
