import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRegistration, BulkResponse } from '@nsa/contracts';
import { BusyButton } from '@nsa/web-kit';
import { useBulkReview } from '../api/registrations';
import {
  bulkResult,
  MAX_BULK,
  outcomeLines,
  planBulk,
  type BulkAction,
  type BulkOutcome,
} from '../lib/bulk';
import { actionError } from '../../shared/lib/errors';
import { childNameOf } from '../lib/registration-status';
import { NAMESPACE } from '../../namespace';
import { Dialog } from '../../shared/components/Dialog';
import { Field } from '../../shared/components/Field';
import { SelectBox } from './RegistrationsTable';

const ACTIONS: readonly BulkAction[] = ['approve', 'reject', 'revert'];
const TONE: Record<BulkAction, string> = { approve: '', reject: 'adm-danger', revert: 'secondary' };
const MAX_REASON_LENGTH = 500;

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
          {ACTIONS.map((action) => (
            <button
              key={action}
              type="button"
              className={`button ${TONE[action]} adm-small`}
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

interface DialogProps {
  /** The action asked; null: closed. */
  action: BulkAction | null;
  rows: readonly AdminRegistration[];
  onDone: () => void;
  onClose: () => void;
}

/**
 * R-REVIEW-BULK-SCREEN: says what will happen before anything is sent (from the rows and their
 * activities' free places), sends one bulk call, then says what happened.
 */
export function BulkDialog({ action, rows, onDone, onClose }: DialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const call = useBulkReview();
  const [answer, setAnswer] = useState<BulkResponse | null>(null);
  const open = action !== null;
  // The rows as they were when it opened: the selection is let go once the call is done.
  const frozen = useRef(rows);
  if (!open) frozen.current = rows;
  const shown = frozen.current;

  useEffect(() => {
    if (!open) {
      setAnswer(null);
      call.reset();
    }
    // Only when it opens or closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <Dialog
      open={open}
      title={action ? t(`bulk.title.${action}`) : ''}
      busy={call.isPending}
      onClose={onClose}
      size="wide"
    >
      {action && answer ? (
        <BulkOutcome action={action} rows={shown} answer={answer} onClose={onClose} />
      ) : action ? (
        <BulkConfirm
          key={action}
          action={action}
          rows={shown}
          busy={call.isPending}
          error={call.isError ? actionError(call.error, t('bulk.failed')) : null}
          onCancel={onClose}
          onConfirm={(ids, values) =>
            call.mutate(
              { action, ids, ...values },
              {
                onSuccess: (response) => {
                  setAnswer(response);
                  onDone();
                },
              },
            )
          }
        />
      ) : null}
    </Dialog>
  );
}

function Lines({ tense, counts }: { tense: 'will' | 'did'; counts: Record<BulkOutcome, number> }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ul className="adm-bulk-lines" data-testid={`bulk-${tense}`}>
      {outcomeLines(counts).map(([outcome, count]) => (
        <li key={outcome} data-outcome={outcome}>
          {t(`bulk.${tense}.${outcome}`, { count })}
        </li>
      ))}
    </ul>
  );
}

function BulkConfirm({
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
      <Lines tense="will" counts={plan.counts} />
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
            className={`button ${TONE[action]}`}
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

function BulkOutcome({
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
      <Lines tense="did" counts={counts} />
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
