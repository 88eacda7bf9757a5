import { useTranslation } from 'react-i18next';
import { ConsequenceDialog } from '../../shared/components/ConsequenceDialog';
import { NAMESPACE } from '../../namespace';

interface Props {
  /** The email to erase; null while the dialog is closed. */
  email: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** R-PRIVACY-SCREEN: what erasing an email's data does, before it is done. */
export function EraseDialog({ email, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ConsequenceDialog
      open={email !== null}
      title={t('privacy.eraseTitle')}
      busy={busy}
      onClose={onClose}
      lead={
        <p>
          {t('privacy.eraseFor')} <strong data-testid="privacy-erase-email">{email}</strong>
        </p>
      }
      consequences={[
        t('privacy.eraseSignups'),
        t('privacy.eraseEverywhere'),
        t('privacy.eraseFinal'),
      ]}
      confirmLabel={t('privacy.eraseConfirm')}
      busyLabel={t('privacy.erasing')}
      testId="privacy-erase-confirm"
      onConfirm={onConfirm}
    />
  );
}
