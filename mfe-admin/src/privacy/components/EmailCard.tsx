import { useTranslation } from 'react-i18next';
import { BusyButton } from '@nsa/web-kit';
import { EraseDialog } from './EraseDialog';
import { Field } from '../../shared/components/Field';
import { usePrivacyEmail } from '../lib/use-privacy-email';
import { NAMESPACE } from '../../namespace';

/** R-PRIVACY-SCREEN: export or erase everything held about one email. */
export function EmailCard() {
  const { t } = useTranslation(NAMESPACE);
  const {
    email,
    setEmail,
    error,
    exporting,
    doExport,
    confirming,
    setConfirming,
    askErase,
    confirmErase,
    erasing,
  } = usePrivacyEmail();

  return (
    <section className="adm-card" aria-labelledby="privacy-email-heading">
      <h2 id="privacy-email-heading">{t('privacy.emailTitle')}</h2>
      <p className="adm-muted">{t('privacy.emailText')}</p>
      <form onSubmit={(e) => void doExport(e)} noValidate data-testid="privacy-email-form">
        <Field label={t('privacy.email')} error={error}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              maxLength={320}
              onChange={(e) => setEmail(e.target.value)}
              data-testid="privacy-email"
            />
          )}
        </Field>
        <div className="adm-form-actions">
          <BusyButton
            type="submit"
            className="button"
            busy={exporting}
            data-testid="privacy-export"
          >
            {exporting ? t('privacy.exporting') : t('privacy.export')}
          </BusyButton>
          <button
            type="button"
            className="button adm-danger"
            onClick={askErase}
            data-testid="privacy-erase"
          >
            {t('privacy.erase')}
          </button>
        </div>
      </form>
      <EraseDialog
        email={confirming}
        busy={erasing}
        onConfirm={confirmErase}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}
