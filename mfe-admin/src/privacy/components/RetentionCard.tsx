import { useTranslation } from 'react-i18next';
import { BusyButton, Spinner, useToast } from '@nsa/web-kit';
import { usePrivacyStatus, useRunRetention } from '../api/privacy';
import { RetentionReportView } from './RetentionReportView';
import { LoadError } from '../../shared/components/LoadError';
import { actionError } from '../../shared/lib/errors';
import { formatDateTime } from '../../shared/lib/format';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

/** R-PRIVACY-SCREEN: the retention periods, the job's next run and last report, and a run now. */
export function RetentionCard() {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const status = usePrivacyStatus();
  const run = useRunRetention();

  let body;
  if (status.isPending) body = <Spinner label={t('privacy.loading')} />;
  else if (status.isError)
    body = (
      <LoadError
        message={t('privacy.loadFailed')}
        onRetry={() => void status.refetch()}
        testId="privacy-error"
      />
    );
  else {
    const s = status.data;
    body = (
      <>
        <dl className="adm-status-list" data-testid="privacy-status">
          <div>
            <dt>{t('privacy.period')}</dt>
            <dd data-testid="privacy-period">
              {t('privacy.periodValue', { count: s.retentionMonths })}
            </dd>
          </div>
          <div>
            <dt>{t('privacy.accessLog')}</dt>
            <dd>{t('privacy.days', { count: s.accessLogDays })}</dd>
          </div>
          <div>
            <dt>{t('privacy.streams')}</dt>
            <dd>{t('privacy.days', { count: s.streamMaxAgeDays })}</dd>
          </div>
          <div>
            <dt>{t('privacy.nextRun')}</dt>
            <dd data-testid="privacy-next-run">{formatDateTime(s.nextRunAt, lang) ?? '—'}</dd>
          </div>
        </dl>
        <h3 className="subheading">{t('privacy.lastReport')}</h3>
        {s.lastReport ? (
          <RetentionReportView report={s.lastReport} />
        ) : (
          <p className="empty">{t('privacy.noReport')}</p>
        )}
      </>
    );
  }

  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (report) =>
        toast({
          title: t('privacy.ran'),
          description: t('privacy.ranText', {
            count: report.counts.registrations?.signups ?? 0,
          }),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('common.failTitle'),
          description: actionError(error, t('privacy.runFailed')),
        }),
    });

  return (
    <section className="adm-card" aria-labelledby="privacy-retention-heading">
      <h2 id="privacy-retention-heading">{t('privacy.retentionTitle')}</h2>
      <p className="adm-muted">{t('privacy.retentionText')}</p>
      {body}
      <div className="adm-form-actions">
        <BusyButton
          type="button"
          className="button secondary"
          busy={run.isPending}
          onClick={runNow}
          data-testid="privacy-run"
        >
          {run.isPending ? t('privacy.running') : t('privacy.run')}
        </BusyButton>
      </div>
    </section>
  );
}
