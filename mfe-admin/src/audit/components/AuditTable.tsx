import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@nsa/contracts';
import { changesText } from '../lib/audit';
import { actionLabel } from '../lib/action-label';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

/** R-AUDIT-SCREEN: one page of the log: when, who, what, on what, and what changed. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', {
        dateStyle: 'short',
        timeStyle: 'medium',
      }),
    [lang],
  );
  return (
    // Focusable, so a keyboard can scroll the table on a narrow screen.
    <div className="adm-table-scroll" role="region" aria-label={t('audit.tableLabel')} tabIndex={0}>
      <table className="adm-table adm-audit-table" data-testid="audit-table">
        <caption className="visually-hidden">{t('audit.tableLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.columns.at')}</th>
            <th scope="col">{t('audit.columns.actor')}</th>
            <th scope="col">{t('audit.columns.action')}</th>
            <th scope="col">{t('audit.columns.target')}</th>
            <th scope="col">{t('audit.columns.changes')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-testid="audit-row" data-action={e.action}>
              <td className="adm-audit-at" data-label={t('audit.columns.at')}>
                <time dateTime={e.at}>{time.format(new Date(e.at))}</time>
              </td>
              <td data-label={t('audit.columns.actor')}>
                <span className="audit-actor">
                  {e.actor.name ?? t(`audit.actorTypes.${e.actor.type}`)}
                </span>
                <span className="adm-muted adm-audit-sub">
                  {t(`audit.actorTypes.${e.actor.type}`)}
                  {e.actor.id ? ` #${e.actor.id}` : ''}
                </span>
              </td>
              <td data-label={t('audit.columns.action')}>
                {actionLabel(t, e.action)}
                <code className="adm-audit-sub">{e.action}</code>
              </td>
              <td data-label={t('audit.columns.target')}>
                {t(`audit.targetTypes.${e.target.type}`, { defaultValue: e.target.type })}
                {e.target.id ? ` #${e.target.id}` : ''}
              </td>
              <td className="adm-audit-changes" data-label={t('audit.columns.changes')}>
                {changesText(e.changes, t('audit.personalChanged'))}
                {e.reason ? (
                  <span className="adm-muted adm-audit-sub">
                    {t('audit.reason')}: {e.reason}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
