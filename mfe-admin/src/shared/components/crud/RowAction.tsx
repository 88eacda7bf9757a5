import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/** A small button in a table row; `label` names it with the row's item for screen readers. */
export function RowAction({
  label,
  onClick,
  disabled,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? 'button adm-danger adm-small' : 'button secondary adm-small'}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The header of a table's actions column: named for screen readers only. */
export function ActionsHeader({ className }: { className?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <th scope="col" className={className}>
      <span className="visually-hidden">{t('common.actions')}</span>
    </th>
  );
}
