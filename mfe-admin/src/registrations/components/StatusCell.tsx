import { useTranslation } from 'react-i18next';
import { rejectionReasonText, type AdminRegistration } from '@nsa/contracts';
import { formatDateTime } from '../../shared/lib/format';
import { isErased, statusBadgeText } from '../lib/registration-status';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

/**
 * A sign-up's status cell (R-REVIEW-SCREEN, R-WAITLIST-STATUSES): its badge, when it was withdrawn,
 * the rejection's reason (not for an erased one) and who reviewed it.
 */
export function StatusCell({
  registration: r,
  label,
}: {
  registration: AdminRegistration;
  label: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const erased = isErased(r);
  const reviewer =
    r.status === 'approved'
      ? r.approvedByAdmin
      : r.status === 'rejected'
        ? r.rejectedByAdmin
        : null;
  const badge = statusBadgeText(r, lang);
  const withdrawnOn = r.status === 'withdrawn' ? formatDateTime(r.withdrawnAt, lang) : null;
  return (
    <td data-label={label} className="adm-status-cell">
      <span className="adm-badge" data-tone={r.status} data-testid="status-badge">
        {t(badge.key, badge.values)}
      </span>
      {withdrawnOn ? (
        <span className="adm-cell-hint" data-testid="withdrawn-at">
          {t('registrations.withdrawnOn', { date: withdrawnOn })}
        </span>
      ) : null}
      {r.rejectionReason && !erased ? (
        <span className="adm-reason" data-testid="rejection-reason">
          {t('registrations.reasonText', {
            reason: rejectionReasonText(r.rejectionReason, lang),
          })}
        </span>
      ) : null}
      {reviewer ? (
        <span className="adm-cell-hint adm-print-hide">
          {t('registrations.by', { name: reviewer.name })}
        </span>
      ) : null}
    </td>
  );
}
