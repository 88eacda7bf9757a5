import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkAction } from '../lib/bulk';
import { BULK_ACTIONS, BULK_TONE } from '../lib/bulk-buttons';
import { NAMESPACE } from '../../namespace';
import { SelectBox } from './SelectBox';

/**
 * R-REVIEW-BULK-SCREEN: select the whole page (at every width, also where the table is cards),
 * how many are selected, and the three bulk actions.
 */
export function BulkBar({
  count,
  page,
  onSelectPage,
  onAction,
  onClear,
}: {
  count: number;
  /** The rows on this page and how many of them are selected. */
  page: { rows: number; selected: number };
  onSelectPage: (selected: boolean) => void;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  return (
    <div
      className="adm-bulk-bar adm-no-print"
      role="group"
      aria-label={t('bulk.label')}
      data-testid="bulk-bar"
    >
      {page.rows > 0 ? (
        <span className="adm-checkbox adm-bulk-all">
          <SelectBox
            id={id}
            checked={page.selected === page.rows}
            mixed={page.selected > 0 && page.selected < page.rows}
            onChange={onSelectPage}
            testId="select-page"
          />
          <label htmlFor={id}>{t('bulk.selectAll')}</label>
        </span>
      ) : null}
      <p className="adm-bulk-count" aria-live="polite" data-testid="bulk-count">
        {count > 0 ? t('bulk.selected', { count }) : t('bulk.noneSelected')}
      </p>
      {count > 0 ? (
        <div className="adm-bulk-actions">
          {BULK_ACTIONS.map((action) => (
            <button
              key={action}
              type="button"
              className={`button ${BULK_TONE[action]} adm-small`}
              data-bulk-action={action}
              onClick={() => onAction(action)}
            >
              {t(`bulk.${action}`)}
            </button>
          ))}
          <button type="button" className="button secondary adm-small" onClick={onClear}>
            {t('bulk.clear')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
