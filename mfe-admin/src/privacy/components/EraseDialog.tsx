import { useTranslation } from 'react-i18next';
import { BusyButton } from '@nsa/web-kit';
import { Dialog } from '../../shared/components/Dialog';
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
    <Dialog open={email !== null} title={t('privacy.eraseTitle')} busy={busy} onClose={onClose}>
      <p>
        {t('privacy.eraseFor')} <strong data-testid="privacy-erase-email">{email}</strong>
      </p>
      <ul className="adm-consequences">
        <li>{t('privacy.eraseSignups')}</li>
        <li>{t('privacy.eraseEverywhere')}</li>
        <li>{t('privacy.eraseFinal')}</li>
      </ul>
      <div className="adm-form-actions">
        <BusyButton
          type="button"
          className="button adm-danger"
          busy={busy}
          onClick={onConfirm}
          data-testid="privacy-erase-confirm"
        >
          {busy ? t('privacy.erasing') : t('privacy.eraseConfirm')}
        </BusyButton>
        <button type="button" className="button secondary" disabled={busy} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
