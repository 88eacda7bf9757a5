import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RetentionReport } from '@nsa/contracts';
import { BusyButton, Page, Spinner, useToast } from '@nsa/web-kit';
import { saveBlob } from '@nsa/web-kit/download';
import {
  fetchPrivacyExport,
  useErasePrivacy,
  usePrivacyStatus,
  useRunRetention,
} from '../api/privacy';
import { BackToDashboard } from '../../shared/components/BackLink';
import { Dialog } from '../../shared/components/Dialog';
import { Field } from '../../shared/components/Field';
import { LoadError } from '../../shared/components/LoadError';
import { actionError } from '../../shared/lib/errors';
import { formatDateTime } from '../../shared/lib/format';
import { plausibleEmail, privacyExportFileName, reportRows } from '../lib/privacy';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

/**
 * /admin/privacy (R-PRIVACY-SCREEN): the retention period, when the job runs next and what it
 * last did; export everything held about an email (a JSON download), and erase it after a
 * confirmation that says what happens.
 */
export function PrivacyPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Page remote={NAMESPACE} page="admin-privacy" title={t('privacy.title')}>
      <BackToDashboard />
      <p className="adm-hint">{t('privacy.intro')}</p>
      <RetentionCard />
      <EmailCard />
    </Page>
  );
}

function RetentionCard() {
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
          <Report report={s.lastReport} />
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

function Report({ report }: { report: RetentionReport }) {
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

function EmailCard() {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const erase = useErasePrivacy();

  const checked = (): string | null => {
    const value = email.trim();
    if (!plausibleEmail(value)) {
      setError(t('privacy.emailInvalid'));
      return null;
    }
    setError(undefined);
    return value;
  };

  const doExport = async (e: FormEvent) => {
    e.preventDefault();
    const value = checked();
    if (!value || exporting) return;
    setExporting(true);
    try {
      const data = await fetchPrivacyExport(value);
      saveBlob(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        privacyExportFileName(new Date()),
      );
      toast({
        title: t('privacy.exported'),
        description: t('privacy.exportedText', { count: data.count }),
      });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: t('common.failTitle'),
        description: actionError(err, t('privacy.exportFailed')),
      });
    } finally {
      setExporting(false);
    }
  };

  const askErase = () => {
    const value = checked();
    if (value) setConfirming(value);
  };

  const confirmErase = () => {
    if (!confirming || erase.isPending) return;
    erase.mutate(confirming, {
      onSuccess: (res) => {
        toast({
          title: t('privacy.erased'),
          description: t('privacy.erasedText', { count: res.erased }),
        });
        setConfirming(null);
        setEmail('');
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: t('common.failTitle'),
          description: actionError(err, t('privacy.eraseFailed')),
        }),
    });
  };

  return (
    <section className="adm-card" aria-labelledby="privacy-email-heading">
      <h2 id="privacy-email-heading">{t('privacy.emailTitle')}</h2>
      <p className="adm-muted">{t('privacy.emailText')}</p>
      <form onSubmit={(e) => void doExport(e)} noValidate data-testid="privacy-email-form">
        <Field label={t('privacy.email')} error={error}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              maxLength={320}
              onChange={(e) => setEmail(e.target.value)}
              data-testid="privacy-email"
            />
          )}
        </Field>
        <div className="adm-form-actions">
          <BusyButton
            type="submit"
            className="button"
            busy={exporting}
            data-testid="privacy-export"
          >
            {exporting ? t('privacy.exporting') : t('privacy.export')}
          </BusyButton>
          <button
            type="button"
            className="button adm-danger"
            onClick={askErase}
            data-testid="privacy-erase"
          >
            {t('privacy.erase')}
          </button>
        </div>
      </form>
      <Dialog
        open={confirming !== null}
        title={t('privacy.eraseTitle')}
        busy={erase.isPending}
        onClose={() => setConfirming(null)}
      >
        <p>
          {t('privacy.eraseFor')} <strong data-testid="privacy-erase-email">{confirming}</strong>
        </p>
        <ul className="adm-consequences">
          <li>{t('privacy.eraseSignups')}</li>
          <li>{t('privacy.eraseEverywhere')}</li>
          <li>{t('privacy.eraseFinal')}</li>
        </ul>
        <div className="adm-form-actions">
          <BusyButton
            type="button"
            className="button adm-danger"
            busy={erase.isPending}
            onClick={confirmErase}
            data-testid="privacy-erase-confirm"
          >
            {erase.isPending ? t('privacy.erasing') : t('privacy.eraseConfirm')}
          </BusyButton>
          <button
            type="button"
            className="button secondary"
            disabled={erase.isPending}
            onClick={() => setConfirming(null)}
          >
            {t('common.cancel')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
