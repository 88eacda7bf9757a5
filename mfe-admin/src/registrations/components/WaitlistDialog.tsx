import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { serverMessage, Spinner } from '@nsa/web-kit';
import { useWaitlist } from '../api/waitlist';
import { formatDateTime } from '../../shared/lib/format';
import { childNameOf, isErased, statusBadgeText } from '../lib/registration-status';
import { placesTaken } from '../../shared/lib/capacity';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';
import { Dialog } from '../../shared/components/Dialog';
import { LoadError } from '../../shared/components/LoadError';

/**
 * R-WAITLIST-ADMIN: an activity's waiting list in order, read-only: place in line, child, parent,
 * when they signed up, and the status (an open offer with its end). Reviewing stays in the
 * sign-ups tab.
 */
export function WaitlistDialog({
  activity,
  onClose,
}: {
  activity: ActivityView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Dialog
      open={activity !== null}
      title={t('registrations.waitlist.title', { title: activity?.title ?? '' })}
      size="wide"
      onClose={onClose}
    >
      {activity ? (
        <WaitlistContent key={activity.id} activity={activity} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function WaitlistContent({ activity, onClose }: { activity: ActivityView; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const queue = useWaitlist(activity.id);
  // The queue's own counts once loaded (fresher than the activities list), else the list's.
  const counts = queue.data?.activity ?? activity;
  const waiting = queue.data
    ? queue.data.data.filter((r) => r.status === 'waitlisted').length
    : (activity.waitlistCount ?? 0);

  let content;
  if (queue.isPending) {
    content = <Spinner label={t('registrations.waitlist.loading')} />;
  } else if (queue.isError) {
    content = (
      <LoadError
        message={serverMessage(queue.error, t('registrations.waitlist.loadFailed'))}
        onRetry={() => void queue.refetch()}
        testId="waitlist-error"
      />
    );
  } else if (queue.data.data.length === 0) {
    content = (
      <p className="empty" data-testid="waitlist-empty">
        {t('registrations.waitlist.empty')}
      </p>
    );
  } else {
    const col = (name: string) => t(`registrations.waitlist.col.${name}`);
    content = (
      <div className="adm-table-scroll">
        <table className="adm-table adm-stack waitlist" data-testid="waitlist-table">
          <caption className="visually-hidden">
            {t('registrations.waitlist.title', { title: activity.title })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{col('position')}</th>
              <th scope="col">{col('child')}</th>
              <th scope="col">{col('parent')}</th>
              <th scope="col">{col('date')}</th>
              <th scope="col">{col('status')}</th>
            </tr>
          </thead>
          <tbody>
            {queue.data.data.map((r) => {
              const badge = statusBadgeText(r, lang);
              const erased = isErased(r);
              return (
                <tr
                  key={r.id}
                  data-testid="waitlist-row"
                  data-registration-id={r.id}
                  data-status={r.status}
                >
                  <td data-label={col('position')} className="adm-numeric">
                    {r.status === 'waitlisted' && r.waitlistPosition !== null
                      ? `#${r.waitlistPosition}`
                      : '–'}
                  </td>
                  <th scope="row">
                    {childNameOf(r) ?? (
                      <span className="adm-erased">{t('registrations.erased')}</span>
                    )}
                  </th>
                  <td data-label={col('parent')}>
                    {erased ? (
                      <span className="adm-erased">{t('registrations.erased')}</span>
                    ) : (
                      r.parentName
                    )}
                  </td>
                  <td data-label={col('date')} className="adm-numeric">
                    {formatDateTime(r.createdAt, lang) ?? '–'}
                  </td>
                  <td data-label={col('status')}>
                    <span className="adm-badge" data-tone={r.status} data-testid="status-badge">
                      {t(badge.key, badge.values)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="adm-form" data-testid="waitlist">
      <p className="adm-muted" data-testid="waitlist-summary">
        {t('registrations.waitlist.summary', {
          taken: placesTaken(counts),
          capacity: counts.capacity,
          count: waiting,
        })}
      </p>
      {content}
      <div className="adm-form-actions">
        <button type="button" className="button secondary" onClick={onClose}>
          {t('common.closeDialog')}
        </button>
      </div>
    </div>
  );
}
