import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRegistration } from '@nsa/contracts';
import { BusyButton } from '@nsa/web-kit';
import { MAX_BULK, planBulk, type BulkAction } from '../lib/bulk';
import { BULK_TONE } from '../lib/bulk-buttons';
import { NAMESPACE } from '../../namespace';
import { Field } from '../../shared/components/Field';
import { BulkLines } from './BulkLines';

const MAX_REASON_LENGTH = 500;

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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && canSend) onConfirm(plan.ids, { sendEmail, reason });
  };

  return (
    <form className="adm-form" noValidate onSubmit={submit} data-testid="bulk-confirm">
      <p>{t('bulk.willHappen')}</p>
      <BulkLines tense="will" counts={plan.counts} />
      {plan.ids.length === 0 ? <p className="adm-hint">{t('bulk.nothing')}</p> : null}
      {tooMany ? (
        <p className="adm-field-error" role="alert">
          {t('bulk.tooMany', { max: MAX_BULK })}
        </p>
      ) : null}
      {action === 'reject' && canSend ? (
        <Field
          label={t('registrations.reason')}
          hint={t('registrations.reasonHint', { max: MAX_REASON_LENGTH })}
        >
          {(control) => (
            <textarea
              {...control}
              name="reason"
              rows={3}
              maxLength={MAX_REASON_LENGTH}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      {action !== 'revert' && canSend ? (
        <label className="adm-checkbox">
          <input
            type="checkbox"
            name="sendEmail"
            checked={sendEmail}
            onChange={(e) => setSendEmail(e.target.checked)}
          />
          <span>
            {t('registrations.sendEmail')}
            <span className="adm-field-hint">{t('bulk.sendEmailHint')}</span>
          </span>
        </label>
      ) : null}
      {error ? (
        <p className="adm-field-error" role="alert" data-testid="bulk-error">
          {error}
        </p>
      ) : null}
      <div className="adm-form-actions">
        {canSend ? (
          <BusyButton
            type="submit"
            className={`button ${BULK_TONE[action]}`}
            busy={busy}
            data-testid="bulk-send"
          >
            {busy ? t('bulk.sending') : t(`bulk.confirm.${action}`, { count: plan.ids.length })}
          </BusyButton>
        ) : null}
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
