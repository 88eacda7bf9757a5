import { useTranslation } from 'react-i18next';
import type { School } from '@nsa/contracts';
import { BusyButton, useToast } from '@nsa/web-kit';
import { useRotateSchoolToken } from '../api/schools';
import { actionError } from '../../shared/lib/errors';
import { NAMESPACE } from '../../namespace';
import { Dialog } from '../../shared/components/Dialog';

interface Props {
  school: School | null;
  onClose: () => void;
}

/**
 * R-SCHOOL-ROTATE: a new secret link for a school whose link leaked. Said before it is done:
 * the old link and every printed QR code stop working at once, and parents need the new one.
 */
export function RotateSchoolLinkDialog({ school, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const rotate = useRotateSchoolToken();
  const busy = rotate.isPending;
  const confirm = () => {
    if (!school || busy) return;
    rotate.mutate(school.id, {
      onSuccess: () => {
        toast({
          title: t('schools.rotated'),
          description: t('schools.rotatedText', { name: school.name }),
        });
        onClose();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('common.failTitle'),
          description: actionError(error, t('schools.rotateFailed')),
        });
      },
    });
  };
  return (
    <Dialog
      open={school !== null}
      title={t('schools.rotateTitle', { name: school?.name ?? '' })}
      busy={busy}
      onClose={onClose}
    >
      <ul className="adm-consequences" data-testid="rotate-school-summary">
        <li>{t('schools.rotateOld')}</li>
        <li>{t('schools.rotateQr')}</li>
        <li>{t('schools.rotateSignups')}</li>
      </ul>
      <div className="adm-form-actions">
        <BusyButton
          type="button"
          className="button adm-danger"
          busy={busy}
          onClick={confirm}
          data-testid="rotate-school-confirm"
        >
          {busy ? t('schools.rotating') : t('schools.rotateConfirm')}
        </BusyButton>
        <button type="button" className="button secondary" disabled={busy} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
