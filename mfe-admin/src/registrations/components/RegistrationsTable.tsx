import { useTranslation } from 'react-i18next';
import { rejectionReasonText } from '@nsa/contracts';
import type { AdminRegistration } from '@nsa/contracts';
import { formatDateTime } from '../../shared/lib/format';
import {
  childNameOf,
  isErased,
  reviewActions,
  statusBadgeText,
  type RegistrationAction,
} from '../lib/registration-status';
import { groupNumber } from '../lib/registrations-csv';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';
import { CapacityCount } from '../../catalog/components/Capacity';
import { ActionsHeader } from '../../shared/components/crud/RowAction';

export type { RegistrationAction };

const BUTTON_TONE: Record<RegistrationAction, string> = {
  approve: '',
  reject: 'adm-danger',
  revert: 'secondary',
};

interface Props {
  rows: readonly AdminRegistration[];
  /** Sign-ups whose call is running. */
  pending: ReadonlySet<number>;
  onAction: (action: RegistrationAction, registration: AdminRegistration) => void;
  busy?: boolean;
  /** R-REVIEW-BULK-SCREEN: the selected sign-ups' ids, and how to change them. */
  selected?: ReadonlySet<number>;
  onSelect?: (rows: readonly AdminRegistration[], selected: boolean) => void;
}

const COLUMNS = [
  'age',
  'group',
  'parent',
  'email',
  'phone',
  'activity',
  'status',
  'capacity',
  'emailSent',
  'date',
] as const;

// Not worth a column on paper, where eleven columns are already tight.
const PRINT_HIDDEN: ReadonlySet<string> = new Set(['emailSent']);

/** The sign-ups of one page; on phones each becomes a card (the .stack styles). */
export function RegistrationsTable({
  rows,
  pending,
  onAction,
  busy = false,
  selected,
  onSelect,
}: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="adm-table-scroll">
      <table
        className="adm-table adm-stack adm-registrations"
        data-testid="registrations-table"
        aria-busy={busy}
      >
        <caption className="visually-hidden">{t('registrations.listTitle')}</caption>
        <thead>
          <tr>
            {onSelect ? (
              <th scope="col" className="adm-select-col adm-no-print">
                <span className="visually-hidden">{t('bulk.column')}</span>
              </th>
            ) : null}
            <th scope="col">{t('registrations.col.child')}</th>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={PRINT_HIDDEN.has(column) ? 'adm-print-hide' : undefined}
              >
                {t(`registrations.col.${column}`)}
              </th>
            ))}
            <ActionsHeader className="adm-actions-col" />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <RegistrationRow
              key={r.id}
              registration={r}
              pending={pending.has(r.id)}
              onAction={onAction}
              selected={selected?.has(r.id) ?? false}
              onSelect={onSelect}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RowProps {
  registration: AdminRegistration;
  pending: boolean;
  onAction: Props['onAction'];
  selected: boolean;
  onSelect: Props['onSelect'];
}

/** A checkbox; `mixed` when some of what it stands for is chosen. */
export function SelectBox({
  label,
  checked,
  mixed = false,
  onChange,
  testId,
  id,
}: {
  label?: string;
  checked: boolean;
  mixed?: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  id?: string;
}) {
  return (
    <input
      id={id}
      type="checkbox"
      className="adm-select-box"
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = mixed;
      }}
      onChange={(e) => onChange(e.target.checked)}
      data-testid={testId}
    />
  );
}

function RegistrationRow({ registration: r, pending, onAction, selected, onSelect }: RowProps) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  // R-ERASE: an erased sign-up keeps its row, without any of its personal data.
  const erased = isErased(r);
  const name = childNameOf(r) ?? t('registrations.erased');
  const group = groupNumber(r.childGroup);
  const label = (column: (typeof COLUMNS)[number]) => t(`registrations.col.${column}`);
  const reviewer =
    r.status === 'approved'
      ? r.approvedByAdmin
      : r.status === 'rejected'
        ? r.rejectedByAdmin
        : null;
  const badge = statusBadgeText(r, lang);
  const withdrawnOn = r.status === 'withdrawn' ? formatDateTime(r.withdrawnAt, lang) : null;
  const actions = reviewActions(r);
  const removed = <span className="adm-erased">{t('registrations.erased')}</span>;

  const button = (action: RegistrationAction) => (
    <button
      key={action}
      type="button"
      className={`button ${BUTTON_TONE[action]} adm-small`}
      aria-label={t(`registrations.${action}Of`, { name })}
      data-action={action}
      disabled={pending}
      onClick={() => onAction(action, r)}
    >
      {t(`registrations.${action}`)}
    </button>
  );

  return (
    <tr
      data-testid="registration-row"
      data-registration-id={r.id}
      data-status={r.status}
      data-erased={erased ? 'true' : undefined}
      data-selected={selected ? 'true' : undefined}
    >
      {onSelect ? (
        <td className="adm-select-col adm-no-print">
          <SelectBox
            label={t('bulk.selectOne', { name })}
            checked={selected}
            onChange={(on) => onSelect([r], on)}
            testId="select-row"
          />
        </td>
      ) : null}
      <th scope="row">{erased ? removed : name}</th>
      <td data-label={label('age')} className="adm-numeric">
        {erased ? '–' : (r.childAge ?? '–')}
      </td>
      <td data-label={label('group')} className="adm-nowrap">
        {erased
          ? '–'
          : group === null
            ? (r.childGroup ?? '–')
            : t('registrations.group', { n: group })}
      </td>
      <td data-label={label('parent')} className="adm-wrap">
        {erased ? removed : r.parentName}
      </td>
      <td data-label={label('email')} className="adm-wrap">
        {erased || !r.email ? (
          '–'
        ) : (
          <a href={`mailto:${r.email}`}>
            <EmailText email={r.email} />
          </a>
        )}
      </td>
      <td data-label={label('phone')} className="adm-numeric">
        {erased || !r.phone ? '–' : <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}>{r.phone}</a>}
      </td>
      <td data-label={label('activity')} className="adm-wrap">
        {r.activity.title}
        <span className="adm-cell-hint">{r.activity.school.name}</span>
      </td>
      <td data-label={label('status')} className="adm-status-cell">
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
      <td data-label={label('capacity')}>
        <CapacityCount
          section="registrations"
          approved={r.activity.approvedCount}
          offered={r.activity.offeredCount}
          capacity={r.activity.capacity}
          quiet
        />
      </td>
      <td data-label={label('emailSent')} className="adm-print-hide">
        <span className="adm-email-sent" data-sent={String(r.emailSent)} data-testid="email-sent">
          <span aria-hidden="true">{r.emailSent ? '✓ ' : '– '}</span>
          {r.emailSent ? t('registrations.emailSent.yes') : t('registrations.emailSent.no')}
        </span>
      </td>
      <td data-label={label('date')} className="adm-numeric adm-date-cell">
        {formatDateTime(r.createdAt, lang) ?? '–'}
      </td>
      <td className="adm-actions-col">
        {/* A withdrawn or erased sign-up has no actions. */}
        {actions.length > 0 ? <div className="adm-row-actions">{actions.map(button)}</div> : null}
      </td>
    </tr>
  );
}

/** An address that may wrap after its @ only, not in the middle of a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />@{email.slice(at + 1)}
    </>
  );
}
