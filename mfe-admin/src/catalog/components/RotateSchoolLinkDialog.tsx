import { useTranslation } from 'react-i18next';
import type { School } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { useRotateSchoolToken } from '../api/schools';
import { actionError } from '../../shared/lib/errors';
import { NAMESPACE } from '../../namespace';
import { ConsequenceDialog } from '../../shared/components/ConsequenceDialog';

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
    <ConsequenceDialog
      open={school !== null}
      title={t('schools.rotateTitle', { name: school?.name ?? '' })}
      busy={busy}
      onClose={onClose}
      consequences={[t('schools.rotateOld'), t('schools.rotateQr'), t('schools.rotateSignups')]}
      consequencesTestId="rotate-school-summary"
      confirmLabel={t('schools.rotateConfirm')}
      busyLabel={t('schools.rotating')}
      testId="rotate-school-confirm"
      onConfirm={confirm}
    />
  );
}
