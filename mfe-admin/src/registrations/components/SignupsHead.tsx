import { useTranslation } from 'react-i18next';
import { BusyButton } from '@nsa/web-kit';
import { NAMESPACE } from '../../namespace';

interface Props {
  onPrint: () => void;
  onExport: () => void;
  /** The CSV export's progress while it runs. */
  progress: { loaded: number; total: number } | null;
}

/** The sign-up list's heading with its print and CSV buttons (left out of the print). */
export function SignupsHead({ onPrint, onExport, progress }: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="adm-section-head">
      <h2 id="signups-heading">{t('registrations.listTitle')}</h2>
      <div className="adm-head-actions adm-no-print">
        <button type="button" className="button secondary" onClick={onPrint} data-testid="print">
          {t('registrations.print')}
        </button>
        <BusyButton
          className="button"
          onClick={onExport}
          busy={progress !== null}
          data-testid="export-csv"
        >
          {progress
            ? t('registrations.exporting', { loaded: progress.loaded, total: progress.total })
            : t('registrations.export')}
        </BusyButton>
      </div>
    </div>
  );
}
