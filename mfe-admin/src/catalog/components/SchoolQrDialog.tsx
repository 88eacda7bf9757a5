import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner, useToast } from '@nsa/web-kit';
import type { School } from '@nsa/contracts';
import { useSchoolQr } from '../api/schools';
import { saveBlob } from '@nsa/web-kit/download';
import { dataUrlToBlob } from '../lib/download';
import { schoolQrFileName } from '../../shared/lib/files';
import { NAMESPACE } from '../../namespace';
import { CopyField } from '../../shared/components/CopyField';
import { Dialog } from '../../shared/components/Dialog';
import { LoadError } from '../../shared/components/LoadError';

/** The QR code of a school's page: image, URL with copy button, PNG download. */
export function SchoolQrDialog({
  school,
  onClose,
}: {
  school: School | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const qr = useSchoolQr(school?.id ?? null);

  // The failure is announced once per failed attempt, not on every render.
  const failedAt = qr.isError ? qr.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt === 0) return;
    toast({
      variant: 'destructive',
      title: t('common.failTitle'),
      description: t('schools.qrError'),
    });
  }, [failedAt, toast, t]);

  const download = () => {
    if (!qr.data) return;
    try {
      saveBlob(dataUrlToBlob(qr.data.qrCodeDataUrl), schoolQrFileName(qr.data.schoolName));
    } catch {
      toast({
        variant: 'destructive',
        title: t('common.failTitle'),
        description: t('schools.qrFailed'),
      });
    }
  };

  return (
    <Dialog
      open={school !== null}
      title={t('schools.qrTitle', { name: school?.name ?? '' })}
      onClose={onClose}
    >
      {school === null ? null : qr.isPending || (qr.isFetching && !qr.data) ? (
        <Spinner label={t('schools.qrLoading')} />
      ) : qr.isError ? (
        <LoadError
          message={t('schools.qrFailed')}
          onRetry={() => void qr.refetch()}
          testId="qr-error"
        />
      ) : (
        <div className="adm-form" data-testid="school-qr">
          <p className="adm-muted">{t('schools.qrHint')}</p>
          <img
            className="adm-qr-image"
            src={qr.data.qrCodeDataUrl}
            alt={t('schools.qrAlt', { name: qr.data.schoolName })}
            width={256}
            height={256}
          />
          <CopyField
            label={t('schools.qrUrl')}
            value={qr.data.url}
            copyLabel={t('common.copy')}
            copiedText={t('schools.urlCopied', { name: qr.data.schoolName })}
            failedText={t('schools.linkCopyFailed')}
            testId="qr-url"
          />
          <div className="adm-form-actions">
            <button type="button" className="button" onClick={download}>
              {t('schools.qrDownload')}
            </button>
            <button type="button" className="button secondary" onClick={onClose}>
              {t('common.closeDialog')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
