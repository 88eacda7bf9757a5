import { useTranslation } from 'react-i18next';
import { isRetryable, serverMessage } from '../lib/errors';
import { NAMESPACE } from '../namespace';

/** Spec §2: 'Toegang geweigerd', the server's message or a generic one, and whom to ask. */
export function AccessDenied({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section
      className="provider-card provider-error"
      role="alert"
      aria-labelledby="provider-error-title"
      data-testid="provider-error"
    >
      <h2 id="provider-error-title">{t('provider.deniedTitle')}</h2>
      <p data-testid="provider-error-message">{serverMessage(error, t('provider.genericError'))}</p>
      <p>{t('provider.contact')}</p>
      {isRetryable(error) ? (
        <button type="button" className="button secondary" onClick={onRetry}>
          {t('provider.retry')}
        </button>
      ) : null}
    </section>
  );
}

/** Spec §5: without both activity id and token there is nothing to ask the server. */
export function MissingParams() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section
      className="provider-card provider-error"
      role="alert"
      aria-labelledby="provider-missing-title"
      data-testid="provider-missing-params"
    >
      <h2 id="provider-missing-title">{t('provider.missingParams')}</h2>
      <p>{t('provider.missingParamsText')}</p>
    </section>
  );
}
