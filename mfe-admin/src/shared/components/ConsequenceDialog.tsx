import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '@nsa/web-kit';
import { NAMESPACE } from '../../namespace';
import { Dialog } from './Dialog';

export interface ConsequenceFormProps {
  /** Whom or what it is about, above the consequences: a name, a summary, what will happen. */
  lead?: ReactNode;
  /** What confirming does, one line each, said before it is done. */
  consequences?: readonly string[];
  /** The consequences list's test id. */
  consequencesTestId?: string;
  /** Below the consequences: a reason field, a send-email checkbox, a hint. */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the action runs. */
  busyLabel: string;
  /** The confirm button's test id. */
  testId?: string;
  /** The form's test id. */
  formTestId?: string;
  /**
   * The confirm button's look, a class beside `button`: `adm-danger` (the default, for what
   * cannot be undone), `secondary`, or '' for a plain one.
   */
  tone?: string;
  /** While true, both buttons are disabled and confirming does nothing. */
  busy: boolean;
  /** Why the last try failed, shown above the buttons. */
  error?: string | null;
  errorTestId?: string;
  /** False: there is nothing to confirm, only Cancel is offered. */
  canConfirm?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The body of a confirmation that says what an action will do before it is done
 * (R-PRIVACY-SCREEN, R-SCHOOL-ROTATE, R-REVIEW-SCREEN, R-REVIEW-BULK-SCREEN): the consequences,
 * any fields it takes, the error of a failed try (R-ADMIN-ERRORS), and a confirm button that
 * shows it is busy next to Cancel.
 */
export function ConsequenceForm({
  lead,
  consequences,
  consequencesTestId,
  children,
  confirmLabel,
  busyLabel,
  testId,
  formTestId,
  tone = 'adm-danger',
  busy,
  error,
  errorTestId,
  canConfirm = true,
  onConfirm,
  onCancel,
}: ConsequenceFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && canConfirm) onConfirm();
  };
  return (
    <form className="adm-form" noValidate onSubmit={submit} data-testid={formTestId}>
      {lead}
      {consequences && consequences.length > 0 ? (
        <ul className="adm-consequences" data-testid={consequencesTestId}>
          {consequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {children}
      {error ? (
        <p className="adm-field-error" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
      <div className="adm-form-actions">
        {canConfirm ? (
          <BusyButton
            type="submit"
            className={tone ? `button ${tone}` : 'button'}
            busy={busy}
            data-testid={testId}
          >
            {busy ? busyLabel : confirmLabel}
          </BusyButton>
        ) : null}
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

export interface ConsequenceDialogProps extends Omit<ConsequenceFormProps, 'onCancel'> {
  open: boolean;
  title: string;
  /** Cancel, Escape (not while busy) and the owner's own closing. */
  onClose: () => void;
}

/**
 * A confirmation dialog of its own: the shared Dialog (focus, Escape, the title as its name)
 * around a ConsequenceForm. A confirmation whose fields keep state per item renders
 * ConsequenceForm inside its own Dialog, keyed by the item.
 */
export function ConsequenceDialog({ open, title, onClose, ...form }: ConsequenceDialogProps) {
  return (
    <Dialog open={open} title={title} busy={form.busy} onClose={onClose}>
      <ConsequenceForm {...form} onCancel={onClose} />
    </Dialog>
  );
}
