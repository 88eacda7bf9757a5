import { useTranslation } from 'react-i18next';
import type { AdminRegistration } from '@nsa/contracts';
import { formatDateTime } from '../../shared/lib/format';
import {
  childNameOf,
  isErased,
  reviewActions,
  type RegistrationAction,
} from '../lib/registration-status';
import { columnHeader, type Column } from '../lib/registration-columns';
import { groupNumber } from '../lib/registrations-csv';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';
import { CapacityCount } from '../../catalog/components/Capacity';
import { SelectBox } from './SelectBox';
import { StatusCell } from './StatusCell';

const BUTTON_TONE: Record<RegistrationAction, string> = {
  approve: '',
  reject: 'adm-danger',
  revert: 'secondary',
};

interface RowProps {
  registration: AdminRegistration;
  pending: boolean;
  onAction: (action: RegistrationAction, registration: AdminRegistration) => void;
  selected: boolean;
  onSelect?: (rows: readonly AdminRegistration[], selected: boolean) => void;
}

/** One sign-up of the list: its selection box, its details and its review buttons. */
export function RegistrationRow({
  registration: r,
  pending,
  onAction,
  selected,
  onSelect,
}: RowProps) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  // R-ERASE: an erased sign-up keeps its row, without any of its personal data.
  const erased = isErased(r);
  const name = childNameOf(r) ?? t('registrations.erased');
  const group = groupNumber(r.childGroup);
  const label = (column: Column) => columnHeader(column, t, lang);
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
      <td data-label={label('childGroup')} className="adm-nowrap">
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
      <StatusCell registration={r} label={label('status')} />
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
