import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolmentForm } from './TotpEnrolmentForm';
import type { LoginStep } from '../lib/use-login-form';
import { NAMESPACE } from '../../namespace';

interface Props {
  step: Extract<LoginStep, { kind: 'enrol' | 'codes' }>;
  /** Two-step login is on: its recovery codes and the admin's name. */
  onEnabled: (codes: string[], name: string) => void;
  onDone: () => void;
}

/**
 * R-TOTP: a login where two-step login is required and not set up yet: set it up, then the
 * recovery codes, then on to the dashboard.
 */
export function TwoStepSetup({ step, onEnabled, onDone }: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Page remote={NAMESPACE} page="login" title={t('totp.setupTitle')}>
      <div className="adm-card adm-narrow">
        {step.kind === 'enrol' ? (
          <>
            <p className="adm-notice">{t('totp.requiredIntro')}</p>
            <TotpEnrolmentForm
              enrolment={step.enrolment}
              onEnabled={(result) => onEnabled(result.recoveryCodes, result.user?.name ?? '')}
            />
          </>
        ) : (
          <RecoveryCodes codes={step.codes} doneLabel={t('login.toDashboard')} onDone={onDone} />
        )}
      </div>
    </Page>
  );
}
