import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewOrganisationInput, PlatformOrganisation } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { usePlatformOrganisations, useUpdateOrganisation } from '../api/platform';
import { DeleteOrganisationDialog } from './DeleteOrganisationDialog';
import { EditOrganisationDialog } from './EditOrganisationDialog';
import { NewOrganisationDialog } from './NewOrganisationDialog';
import { OrganisationsTable } from './OrganisationsTable';
import { SuspendDialog } from './SuspendDialog';
import { actionError } from '../../shared/lib/errors';
import { NAMESPACE } from '../../namespace';

/**
 * R-PLATFORM-SCREENS: the organisations card: the list, a new organisation (said in a status
 * message once made: its first administrator was mailed a link to set a password), and each
 * organisation's edit, suspend, resume and delete.
 */
export function OrganisationsSection() {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const organisations = usePlatformOrganisations();
  const resume = useUpdateOrganisation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<NewOrganisationInput | null>(null);
  const [editing, setEditing] = useState<PlatformOrganisation | null>(null);
  const [suspending, setSuspending] = useState<PlatformOrganisation | null>(null);
  const [deleting, setDeleting] = useState<PlatformOrganisation | null>(null);

  const startAdding = () => {
    setCreated(null);
    setAdding(true);
  };

  const doResume = (organisation: PlatformOrganisation) => {
    if (resume.isPending) return;
    resume.mutate(
      { id: organisation.id, input: { status: 'active' } },
      {
        onSuccess: () =>
          toast({
            title: t('platform.resumed'),
            description: t('platform.resumedText', { name: organisation.name }),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('common.failTitle'),
            description: actionError(error, t('platform.resumeFailed')),
          }),
      },
    );
  };

  // The deleted organisation's row, and the button that opened the dialog, are gone: the
  // focus goes to the list's heading once the dialog has closed.
  const afterDelete = () => requestAnimationFrame(() => headingRef.current?.focus());

  return (
    <section className="adm-card" aria-labelledby="platform-organisations-heading">
      <div className="adm-section-head">
        <h2
          id="platform-organisations-heading"
          className="adm-platform-heading"
          ref={headingRef}
          tabIndex={-1}
        >
          {t('platform.organisationsTitle')}
        </h2>
        <button
          type="button"
          className="button"
          onClick={startAdding}
          data-testid="organisation-add"
        >
          {t('platform.add')}
        </button>
      </div>
      <p className="adm-muted">{t('platform.intro')}</p>
      <p className="adm-platform-created" role="status" data-testid="organisation-created">
        {created
          ? t('platform.createdStatus', {
              name: created.name,
              email: created.firstAdmin.email,
            })
          : null}
      </p>
      <OrganisationsTable
        query={organisations}
        onEdit={setEditing}
        onSuspend={setSuspending}
        onResume={doResume}
        onDelete={setDeleting}
        resuming={resume.isPending ? (resume.variables?.id ?? null) : null}
      />
      <NewOrganisationDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={setCreated}
      />
      <EditOrganisationDialog
        state={editing ? { item: editing } : null}
        onClose={() => setEditing(null)}
      />
      <SuspendDialog organisation={suspending} onClose={() => setSuspending(null)} />
      <DeleteOrganisationDialog
        organisation={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={afterDelete}
      />
    </section>
  );
}
