import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@nsa/web-kit';
import { isRetryable } from '../lib/errors';
import { NAMESPACE } from '../namespace';

function ErrorCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      className="prv-card prv-error"
      role="alert"
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** R-PROVIDER-PAGE: 'Toegang geweigerd', the server's message or a generic one, and whom to ask. */
export function AccessDenied({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ErrorCard id="provider-error" title={t('provider.deniedTitle')}>
      <p data-testid="provider-error-message">{serverMessage(error, t('provider.genericError'))}</p>
      <p>{t('provider.contact')}</p>
      {isRetryable(error) ? (
        <button type="button" className="button secondary" onClick={onRetry}>
          {t('provider.retry')}
        </button>
      ) : null}
    </ErrorCard>
  );
}

/** R-PROVIDER-PARAMS: without both activity id and token there is nothing to ask the server. */
export function MissingParams() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ErrorCard id="provider-missing-params" title={t('provider.missingParams')}>
      <p>{t('provider.missingParamsText')}</p>
    </ErrorCard>
  );
}
