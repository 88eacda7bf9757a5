import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';

/** A list that could not be loaded: the message and a retry button. */
export function LoadError({
  message,
  onRetry,
  testId,
}: {
  message: string;
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="adm-form-error" role="alert" data-testid={testId}>
      <p>{message}</p>
      <button type="button" className="button secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
