import { useTranslation } from 'react-i18next';
import type { AdminRegistration } from '@nsa/contracts';
import type { RegistrationAction } from '../lib/registration-status';
import { COLUMNS, PRINT_HIDDEN, columnHeader } from '../lib/registration-columns';
import { NAMESPACE } from '../../namespace';
import { useLang } from '../../shared/lib/use-lang';
import { ActionsHeader } from '../../shared/components/crud/RowAction';
import { RegistrationRow } from './RegistrationRow';

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
  const lang = useLang();
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
                {columnHeader(column, t, lang)}
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
