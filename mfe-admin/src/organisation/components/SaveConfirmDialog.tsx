import { useTranslation } from 'react-i18next';
import type { SaveConsequences } from '../lib/organisation-form';
import { ConsequenceDialog } from '../../shared/components/ConsequenceDialog';
import { NAMESPACE } from '../../namespace';

interface Props {
  /** What the save would do; null: closed. */
  consequences: SaveConsequences | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * R-ORG-SETTINGS: said before a save that turns two-step login on (staff without it set it up at
 * their next login) or shortens the retention period (older sign-ups are erased at the next
 * retention run, for good).
 */
export function SaveConfirmDialog({ consequences, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const lines: string[] = [];
  if (consequences?.twoStepOn) lines.push(t('organisation.confirmTwoStep'));
  const lowered = consequences?.retentionLowered;
  if (lowered) {
    lines.push(
      t('organisation.confirmRetention', { count: lowered.to, from: lowered.from }),
      t('organisation.confirmRetentionFinal'),
    );
  }
  return (
    <ConsequenceDialog
      open={consequences !== null}
      title={t('organisation.confirmTitle')}
      busy={busy}
      onClose={onClose}
      consequences={lines}
      consequencesTestId="organisation-confirm-summary"
      confirmLabel={t('organisation.confirmSave')}
      busyLabel={t('common.saving')}
      tone={lowered ? 'adm-danger' : ''}
      testId="organisation-confirm"
      formTestId="organisation-confirm-form"
      onConfirm={onConfirm}
    />
  );
}
