import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@nsa/web-kit';
import { saveBlob } from '@nsa/web-kit/download';
import { fetchPrivacyExport, useErasePrivacy } from '../api/privacy';
import { plausibleEmail, privacyExportFileName } from './privacy';
import { actionError } from '../../shared/lib/errors';
import { NAMESPACE } from '../../namespace';

/**
 * R-PRIVACY-SCREEN: an email typed in, checked before use; its data exported as a JSON file, or
 * erased once the confirmation (confirming: the email asked about) is accepted.
 */
export function usePrivacyEmail() {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const erase = useErasePrivacy();

  const checked = (): string | null => {
    const value = email.trim();
    if (!plausibleEmail(value)) {
      setError(t('privacy.emailInvalid'));
      return null;
    }
    setError(undefined);
    return value;
  };

  const doExport = async (e: FormEvent) => {
    e.preventDefault();
    const value = checked();
    if (!value || exporting) return;
    setExporting(true);
    try {
      const data = await fetchPrivacyExport(value);
      saveBlob(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        privacyExportFileName(new Date()),
      );
      toast({
        title: t('privacy.exported'),
        description: t('privacy.exportedText', { count: data.count }),
      });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: t('common.failTitle'),
        description: actionError(err, t('privacy.exportFailed')),
      });
    } finally {
      setExporting(false);
    }
  };

  const askErase = () => {
    const value = checked();
    if (value) setConfirming(value);
  };

  const confirmErase = () => {
    if (!confirming || erase.isPending) return;
    erase.mutate(confirming, {
      onSuccess: (res) => {
        toast({
          title: t('privacy.erased'),
          description: t('privacy.erasedText', { count: res.erased }),
        });
        setConfirming(null);
        setEmail('');
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: t('common.failTitle'),
          description: actionError(err, t('privacy.eraseFailed')),
        }),
    });
  };

  return {
    email,
    setEmail,
    error,
    exporting,
    doExport,
    confirming,
    setConfirming,
    askErase,
    confirmErase,
    erasing: erase.isPending,
  };
}
