import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { totpDisableSchema, type TotpEnrolment } from '@nsa/contracts';
import { errorBody, serverMessage, useSession, useToast } from '@nsa/web-kit';
import { useTotpDisable, useTotpSetup } from '../api/auth';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';
import { Dialog } from '../../shared/components/Dialog';
import { Field } from '../../shared/components/Field';
import { PasswordInput } from './PasswordInput';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolmentForm } from './TotpEnrolmentForm';

type Open =
  | null
  | { kind: 'enrol'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

/** R-TOTP: the logged-in user's own two-step login, in the settings screen. */
export function TwoStepSection() {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const { user } = useSession();
  const setup = useTotpSetup();
  const [open, setOpen] = useState<Open>(null);
  const on = user?.totpEnabled === true;

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (enrolment) => setOpen({ kind: 'enrol', enrolment }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('common.errorTitle'),
          description: serverMessage(error, t('totp.setupFailed')),
        }),
    });

  return (
    <section className="adm-card" aria-labelledby="two-step-heading" data-testid="two-step">
      <div className="adm-section-head">
        <h2 id="two-step-heading">{t('totp.title')}</h2>
        {on ? (
          <button
            type="button"
            className="button secondary"
            onClick={() => setOpen({ kind: 'disable' })}
          >
            {t('totp.turnOff')}
          </button>
        ) : (
          <button type="button" className="button" disabled={setup.isPending} onClick={start}>
            {setup.isPending ? t('totp.starting') : t('totp.turnOn')}
          </button>
        )}
      </div>
      <p>
        <span className="adm-badge" data-tone={on ? 'ok' : 'off'}>
          {on ? t('totp.statusOn') : t('totp.statusOff')}
        </span>{' '}
        {on ? t('totp.onText') : t('totp.offText')}
      </p>
      <Dialog
        open={open !== null && open.kind !== 'disable'}
        title={t('totp.setupTitle')}
        onClose={() => setOpen(null)}
      >
        {open?.kind === 'enrol' ? (
          <TotpEnrolmentForm
            enrolment={open.enrolment}
            onEnabled={(result) => setOpen({ kind: 'codes', codes: result.recoveryCodes })}
          />
        ) : open?.kind === 'codes' ? (
          <RecoveryCodes
            codes={open.codes}
            doneLabel={t('totp.done')}
            onDone={() => setOpen(null)}
          />
        ) : null}
      </Dialog>
      <DisableDialog open={open?.kind === 'disable'} onClose={() => setOpen(null)} />
    </section>
  );
}

/** Turning it off asks for the password again. */
function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const disable = useTotpDisable();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(totpDisableSchema, { password }, lang);
    if (!result.ok) {
      setError(result.errors.password);
      return;
    }
    disable.mutate(result.data, {
      onSuccess: () => {
        toast({ title: t('totp.turnedOff') });
        close();
      },
      onError: (failure) => {
        const fields = errorBody(failure)?.fields as Record<string, string> | undefined;
        if (fields?.password) return setError(fields.password);
        toast({
          variant: 'destructive',
          title: t('common.errorTitle'),
          description: serverMessage(failure, t('totp.disableFailed')),
        });
      },
    });
  };

  return (
    <Dialog open={open} title={t('totp.turnOffTitle')} onClose={close} busy={disable.isPending}>
      <form className="adm-form" noValidate onSubmit={submit}>
        <p>{t('totp.turnOffText')}</p>
        <Field label={t('login.password')} error={error}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <div className="adm-form-actions">
          <button type="button" className="button secondary" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button adm-danger" disabled={disable.isPending}>
            {t('totp.turnOff')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
