import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformOrganisation } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { useUpdateOrganisation } from '../api/platform';
import { ConsequenceDialog } from '../../shared/components/ConsequenceDialog';
import { actionError } from '../../shared/lib/errors';
import { NAMESPACE } from '../../namespace';

interface Props {
  /** The organisation to suspend; null while the dialog is closed. */
  organisation: PlatformOrganisation | null;
  onClose: () => void;
}

/**
 * R-PLATFORM-SCREENS: what suspending an organisation does, said before it is done: its public
 * pages and API answer that it is suspended, its administrators cannot log in, and nothing is
 * erased. Confirmed, PATCH {status: 'suspended'}; a refusal stays in the dialog.
 */
export function SuspendDialog({ organisation, onClose }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const update = useUpdateOrganisation();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!organisation || update.isPending) return;
    setError(null);
    update.mutate(
      { id: organisation.id, input: { status: 'suspended' } },
      {
        onSuccess: () => {
          toast({
            title: t('platform.suspended'),
            description: t('platform.suspendedText', { name: organisation.name }),
          });
          close();
        },
        onError: (failure) => setError(actionError(failure, t('platform.suspendFailed'))),
      },
    );
  };
  return (
    <ConsequenceDialog
      open={organisation !== null}
      title={t('platform.suspendTitle', { name: organisation?.name ?? '' })}
      busy={update.isPending}
      onClose={close}
      consequences={[
        t('platform.suspendPublic'),
        t('platform.suspendAdmins'),
        t('platform.suspendKept'),
      ]}
      consequencesTestId="suspend-consequences"
      confirmLabel={t('platform.suspendConfirm')}
      busyLabel={t('platform.suspending')}
      testId="suspend-confirm"
      error={error}
      errorTestId="suspend-error"
      onConfirm={confirm}
    />
  );
}
