import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { totpEnableSchema, type TotpEnrolment } from '@nsa/contracts';
import { errorBody, serverMessage, useToast } from '@nsa/web-kit';
import { useTotpEnable, type TotpEnabled } from '../api/auth';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';
import { Field } from '../../shared/components/Field';
import { TotpCodeInput } from './TotpCodeInput';

/**
 * R-TOTP: the QR code of a new secret (and the secret to type, for an app without a camera),
 * and the app's first code, which turns two-step login on.
 */
export function TotpEnrolmentForm({
  enrolment,
  onEnabled,
}: {
  enrolment: TotpEnrolment;
  onEnabled: (result: TotpEnabled) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(totpEnableSchema, { ticket: enrolment.ticket, code }, lang);
    if (!result.ok) {
      setError(result.errors.code);
      input.current?.focus();
      return;
    }
    setError(undefined);
    enable.mutate(result.data, {
      onSuccess: onEnabled,
      onError: (failure) => {
        const fields = errorBody(failure)?.fields as Record<string, string> | undefined;
        if (fields?.code) {
          setError(fields.code);
          input.current?.focus();
          return;
        }
        toast({
          variant: 'destructive',
          title: t('common.errorTitle'),
          description: serverMessage(failure, t('totp.enableFailed')),
        });
      },
    });
  };

  return (
    <form className="adm-form totp-enrolment" noValidate onSubmit={submit}>
      <ol className="adm-totp-steps">
        <li>{t('totp.stepInstall')}</li>
        <li>
          {t('totp.stepScan')}
          <img
            className="adm-totp-qr"
            src={enrolment.qrCodeDataUrl}
            width={240}
            height={240}
            alt={t('totp.qrAlt')}
          />
          <details>
            <summary>{t('totp.cannotScan')}</summary>
            <p>
              {t('totp.typeSecret')}{' '}
              <code className="adm-totp-secret" data-testid="totp-secret">
                {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </p>
          </details>
        </li>
        <li>
          <Field label={t('totp.codeLabel')} error={error} hint={t('totp.codeHint')}>
            {(control) => (
              <TotpCodeInput
                {...control}
                ref={input}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
        </li>
      </ol>
      <div className="adm-form-actions">
        <button type="submit" className="button" disabled={enable.isPending}>
          {enable.isPending ? t('totp.enabling') : t('totp.enable')}
        </button>
      </div>
    </form>
  );
}
