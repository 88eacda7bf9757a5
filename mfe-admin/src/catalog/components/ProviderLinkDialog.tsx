import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { serverMessage, Spinner, useToast } from '@nsa/web-kit';
import {
  useGenerateProviderLink,
  useProviderLink,
  useRevokeProviderLink,
} from '../api/provider-links';
import { formatDateTime } from '../../shared/lib/format';
import {
  needsConfirm,
  providerLinkActions,
  providerLinkState,
  type ProviderLinkAction,
} from '../lib/provider-link';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';
import { CopyField } from '../../shared/components/CopyField';
import { Dialog } from '../../shared/components/Dialog';
import { LoadError } from '../../shared/components/LoadError';

/** R-PROVIDER-LINK-STATES: the link manager of one activity. */
export function ProviderLinkDialog({
  activity,
  onClose,
}: {
  activity: ActivityView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const generate = useGenerateProviderLink();
  const revoke = useRevokeProviderLink();
  return (
    <Dialog
      open={activity !== null}
      title={t('providerLink.title', { title: activity?.title ?? '' })}
      busy={generate.isPending || revoke.isPending}
      onClose={onClose}
    >
      {activity ? (
        // Fresh state per activity: a generated URL never shows for another one.
        <LinkManager
          key={activity.id}
          activity={activity}
          generate={generate}
          revoke={revoke}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

interface ManagerProps {
  activity: ActivityView;
  generate: ReturnType<typeof useGenerateProviderLink>;
  revoke: ReturnType<typeof useRevokeProviderLink>;
  onClose: () => void;
}

function LinkManager({ activity, generate, revoke, onClose }: ManagerProps) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const status = useProviderLink(activity.id);
  // The URL exists only in the generate answer; it is kept here, never cached.
  const [newUrl, setNewUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = generate.isPending || revoke.isPending;

  const fail = (error: unknown) => {
    const message = serverMessage(error, t('providerLink.unknownError'));
    setFailure(message);
    toast({ variant: 'destructive', title: t('common.failTitle'), description: message });
  };

  const run = (action: ProviderLinkAction) => {
    if (needsConfirm(action) && !window.confirm(t(`providerLink.confirm.${action}`))) return;
    setFailure(null);
    if (action === 'revoke') {
      setNewUrl(null);
      revoke.mutate(activity.id, {
        onSuccess: () => toast({ title: t('providerLink.revokedToast') }),
        onError: fail,
      });
      return;
    }
    generate.mutate(activity.id, {
      onSuccess: (link) => {
        setNewUrl(link.url);
        toast({
          title: t('providerLink.generatedToast'),
          description: t('providerLink.shownOnce'),
        });
      },
      onError: fail,
    });
  };

  if (status.isPending) return <Spinner label={t('providerLink.loading')} />;
  if (status.isError) {
    return (
      <LoadError
        message={serverMessage(status.error, t('providerLink.loadFailed'))}
        onRetry={() => void status.refetch()}
        testId="provider-link-error"
      />
    );
  }

  const state = providerLinkState(status.data);
  const link = status.data;
  return (
    <div className="adm-form" data-testid="provider-link" data-state={state}>
      <p className="adm-muted">{t('providerLink.intro')}</p>
      {failure ? (
        <p className="adm-form-error" role="alert">
          {failure}
        </p>
      ) : null}
      {newUrl ? (
        <div className="adm-new-link">
          <CopyField
            label={t('providerLink.newUrl')}
            value={newUrl}
            copyLabel={t('providerLink.copy')}
            copiedText={t('providerLink.copiedText')}
            failedText={t('providerLink.copyFailed')}
            testId="provider-link-url"
          />
          <p className="adm-hint">{t('providerLink.shownOnce')}</p>
        </div>
      ) : null}
      <p className="adm-link-state">
        <span className="adm-badge" data-tone={state === 'active' ? 'ok' : 'off'}>
          {t(`providerLink.stateLabel.${state}`)}
        </span>{' '}
        {t(`providerLink.stateText.${state}`)}
      </p>
      {link && state === 'active' ? (
        <dl className="adm-details">
          <div>
            <dt>{t('providerLink.createdAt')}</dt>
            <dd>{formatDateTime(link.createdAt, lang) ?? '–'}</dd>
          </div>
          <div>
            <dt>{t('providerLink.expiresAt')}</dt>
            <dd>{formatDateTime(link.expiresAt, lang) ?? t('providerLink.noExpiry')}</dd>
          </div>
          <div>
            <dt>{t('providerLink.lastUsedAt')}</dt>
            <dd>{formatDateTime(link.lastUsedAt, lang) ?? t('providerLink.neverUsed')}</dd>
          </div>
        </dl>
      ) : null}
      <div className="adm-form-actions">
        {providerLinkActions(state).map((action) => (
          <button
            key={action}
            type="button"
            className={`button${action === 'revoke' ? ' adm-danger' : action === 'regenerate' ? ' secondary' : ''}`}
            data-action={action}
            disabled={busy}
            onClick={() => run(action)}
          >
            {t(`providerLink.actions.${action}`)}
          </button>
        ))}
        <button type="button" className="button secondary" disabled={busy} onClick={onClose}>
          {t('common.closeDialog')}
        </button>
      </div>
    </div>
  );
}
