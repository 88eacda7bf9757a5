import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformOrganisation } from '@nsa/contracts';
import { BusyButton, useToast } from '@nsa/web-kit';
import { useDeleteOrganisation } from '../api/platform';
import { Dialog } from '../../shared/components/Dialog';
import { Field } from '../../shared/components/Field';
import { actionError } from '../../shared/lib/errors';
import { NAMESPACE } from '../../namespace';

interface Props {
  /** The organisation to delete; null while the dialog is closed. */
  organisation: PlatformOrganisation | null;
  onClose: () => void;
  /** After the delete: the organisation's row is gone, so the page places the focus. */
  onDeleted: () => void;
}

/**
 * R-PLATFORM-SCREENS: erasing a suspended organisation and all its data in every service. Said
 * before it is done, and only once its slug is typed. A service that did not answer (503) leaves
 * it listed as being deleted: the message stays in the dialog, and deleting again is a retry.
 */
export function DeleteOrganisationDialog({ organisation, onClose, onDeleted }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const remove = useDeleteOrganisation();
  return (
    <Dialog
      open={organisation !== null}
      title={t('platform.deleteTitle', { name: organisation?.name ?? '' })}
      busy={remove.isPending}
      onClose={onClose}
    >
      {organisation ? (
        <DeleteForm
          key={organisation.id}
          organisation={organisation}
          remove={remove}
          onClose={onClose}
          onDeleted={onDeleted}
        />
      ) : null}
    </Dialog>
  );
}

function DeleteForm({
  organisation,
  remove,
  onClose,
  onDeleted,
}: {
  organisation: PlatformOrganisation;
  remove: ReturnType<typeof useDeleteOrganisation>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = remove.isPending;
  const confirmed = typed.trim() === organisation.slug;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmed || busy) return;
    setError(null);
    remove.mutate(organisation.id, {
      onSuccess: () => {
        toast({
          title: t('platform.deleted'),
          description: t('platform.deletedText', { name: organisation.name }),
        });
        onClose();
        onDeleted();
      },
      onError: (failure) => setError(actionError(failure, t('platform.deleteFailed'))),
    });
  };

  return (
    <form className="adm-form" noValidate onSubmit={submit} data-testid="delete-form">
      <ul className="adm-consequences" data-testid="delete-consequences">
        <li>{t('platform.deleteAll')}</li>
        <li>{t('platform.deleteFinal')}</li>
        <li>{t('platform.deleteRetry')}</li>
      </ul>
      <Field label={t('platform.deleteType', { slug: organisation.slug })}>
        {(control) => (
          <input
            {...control}
            name="slug"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="delete-slug"
          />
        )}
      </Field>
      {error ? (
        <p className="adm-field-error" role="alert" data-testid="delete-error">
          {error}
        </p>
      ) : null}
      <div className="adm-form-actions">
        <BusyButton
          type="submit"
          className="button adm-danger"
          busy={busy}
          disabled={!confirmed || busy}
          data-testid="delete-confirm"
        >
          {busy ? t('platform.deleting') : t('platform.deleteConfirm')}
        </BusyButton>
        <button type="button" className="button secondary" disabled={busy} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
