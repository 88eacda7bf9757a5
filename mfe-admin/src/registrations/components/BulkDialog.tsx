import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRegistration, BulkResponse } from '@nsa/contracts';
import { useBulkReview } from '../api/registrations';
import type { BulkAction } from '../lib/bulk';
import { actionError } from '../../shared/lib/errors';
import { NAMESPACE } from '../../namespace';
import { Dialog } from '../../shared/components/Dialog';
import { BulkConfirm } from './BulkConfirm';
import { BulkOutcome } from './BulkOutcome';

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
