import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRegistration, BulkResponse } from '@nsa/contracts';
import { bulkResult, planBulk, type BulkAction } from '../lib/bulk';
import { childNameOf } from '../lib/registration-status';
import { NAMESPACE } from '../../namespace';
import { BulkLines } from './BulkLines';

/** R-REVIEW-BULK-SCREEN: what a bulk action did, with each sign-up that failed by name. */
export function BulkOutcome({
  action,
  rows,
  answer,
  onClose,
}: {
  action: BulkAction;
  rows: readonly AdminRegistration[];
  answer: BulkResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const result = bulkResult(action, answer);
  const plan = planBulk(action, rows);
  // Skipped ones were never sent; they still belong in the account.
  const counts = { ...result.counts, skipped: plan.counts.skipped };
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const nameOf = (id: number) => {
    const r = rows.find((row) => row.id === id);
    return (r && childNameOf(r)) || `#${id}`;
  };
  return (
    <div className="adm-form" data-testid="bulk-result">
      <p ref={heading} tabIndex={-1} role="status">
        {t('bulk.happened')}
      </p>
      <BulkLines tense="did" counts={counts} />
      {result.failed.length > 0 ? (
        <ul className="adm-bulk-failures" data-testid="bulk-failures">
          {result.failed.map((f) => (
            <li key={f.id}>{t('bulk.failedItem', { name: nameOf(f.id), code: f.code })}</li>
          ))}
        </ul>
      ) : null}
      <div className="adm-form-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('bulk.close')}
        </button>
      </div>
    </div>
  );
}
