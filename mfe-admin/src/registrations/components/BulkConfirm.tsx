import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRegistration } from '@nsa/contracts';
import { MAX_BULK, planBulk, type BulkAction } from '../lib/bulk';
import { BULK_TONE } from '../lib/bulk-buttons';
import { NAMESPACE } from '../../namespace';
import { ConsequenceForm } from '../../shared/components/ConsequenceDialog';
import { CheckboxField } from '../../shared/components/Field';
import { BulkLines } from './BulkLines';
import { ReasonField } from './ReviewDialogs';

/** R-REVIEW-BULK-SCREEN: what a bulk action will do, a reason and the email choice, and send. */
export function BulkConfirm({
  action,
  rows,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  action: BulkAction;
  rows: readonly AdminRegistration[];
  busy: boolean;
  error: string | null;
  onConfirm: (ids: number[], values: { sendEmail: boolean; reason: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [sendEmail, setSendEmail] = useState(true);
  const [reason, setReason] = useState('');
  const plan = planBulk(action, rows);
  const tooMany = plan.ids.length > MAX_BULK;
  const canSend = plan.ids.length > 0 && !tooMany;

  return (
    <ConsequenceForm
      formTestId="bulk-confirm"
      lead={
        <>
          <p>{t('bulk.willHappen')}</p>
          <BulkLines tense="will" counts={plan.counts} />
          {plan.ids.length === 0 ? <p className="adm-hint">{t('bulk.nothing')}</p> : null}
          {tooMany ? (
            <p className="adm-field-error" role="alert">
              {t('bulk.tooMany', { max: MAX_BULK })}
            </p>
          ) : null}
        </>
      }
      canConfirm={canSend}
      confirmLabel={t(`bulk.confirm.${action}`, { count: plan.ids.length })}
      busyLabel={t('bulk.sending')}
      testId="bulk-send"
      tone={BULK_TONE[action]}
      busy={busy}
      error={error}
      errorTestId="bulk-error"
      onConfirm={() => onConfirm(plan.ids, { sendEmail, reason })}
      onCancel={onCancel}
    >
      {action === 'reject' && canSend ? <ReasonField value={reason} onChange={setReason} /> : null}
      {action !== 'revert' && canSend ? (
        <CheckboxField
          name="sendEmail"
          label={t('registrations.sendEmail')}
          hint={t('bulk.sendEmailHint')}
          checked={sendEmail}
          onChange={setSendEmail}
        />
      ) : null}
    </ConsequenceForm>
  );
}
