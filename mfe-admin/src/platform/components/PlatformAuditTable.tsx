import { useTranslation } from 'react-i18next';
import type { PlatformAuditEntry } from '@nsa/contracts';
import { AUDIT_ACTION_KEYS, auditChanges } from '../lib/platform-audit';
import { formatDateTime } from '../../shared/lib/format';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

/**
 * R-PLATFORM-AUDIT: the log's entries, one row each (a card each on a phone): when, who (the
 * platform administrator, or the command line's organisation program), what in words, to which
 * organisation, and for a change the fields it changed.
 */
export function PlatformAuditTable({ entries }: { entries: PlatformAuditEntry[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="adm-table-scroll">
      <table
        className="adm-table adm-stack adm-platform-log-table"
        data-testid="platform-log-table"
      >
        <caption className="visually-hidden">{t('platform.log.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('platform.log.col.at')}</th>
            <th scope="col">{t('platform.log.col.actor')}</th>
            <th scope="col">{t('platform.log.col.action')}</th>
            <th scope="col">{t('platform.log.col.organisation')}</th>
            <th scope="col">{t('platform.log.col.changes')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditRow({ entry }: { entry: PlatformAuditEntry }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const changes =
    entry.action === 'organisation.changed'
      ? auditChanges(entry.changes, (field) =>
          t(`platform.log.fields.${field}`, { defaultValue: field }),
        )
      : [];
  return (
    <tr data-testid="platform-log-row" data-action={entry.action}>
      <th scope="row" className="adm-platform-log-at">
        <time dateTime={entry.at}>{formatDateTime(entry.at, lang) ?? entry.at}</time>
      </th>
      <td data-label={t('platform.log.col.actor')} data-testid="platform-log-actor">
        {entry.actor?.name ?? t('platform.log.commandLine')}
      </td>
      <td data-label={t('platform.log.col.action')} data-testid="platform-log-action">
        {t(`platform.log.actions.${AUDIT_ACTION_KEYS[entry.action]}`, {
          defaultValue: entry.action,
        })}
      </td>
      <td data-label={t('platform.log.col.organisation')}>
        <code className="adm-platform-slug">{entry.organisation.slug}</code>
      </td>
      {/* Empty for anything but a change: a phone's card leaves it out. */}
      <td data-label={changes.length > 0 ? t('platform.log.col.changes') : undefined}>
        {changes.length > 0 ? (
          <ul className="adm-platform-log-changes" data-testid="platform-log-changes">
            {changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </td>
    </tr>
  );
}
