import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Spinner, useToast } from '@nsa/web-kit';
import { useDeleteSchool, useSchools, type School } from '../api/schools';
import { BackToDashboard } from '../components/BackLink';
import { LoadError } from '../components/LoadError';
import { ManualCopyDialog, type ManualCopyState } from '../components/ManualCopyDialog';
import { NameFormDialog, type NamedDialogState } from '../components/NameFormDialog';
import { SchoolQrDialog } from '../components/SchoolQrDialog';
import { copyText } from '../lib/clipboard';
import { actionError } from '../lib/errors';
import { NAMESPACE } from '../namespace';

/** The path of a school's own activities page (spec §2). */
export const schoolPath = (school: School) => `/schools/${school.accessToken}`;
const schoolUrl = (school: School) => `${window.location.origin}${schoolPath(school)}`;

/** /admin/schools: schools, their direct links and QR codes (spec §2 "Admin schools"). */
export function SchoolsPage() {
  const { t } = useTranslation(NAMESPACE);
  const [dialog, setDialog] = useState<NamedDialogState>(null);
  const [qrSchool, setQrSchool] = useState<School | null>(null);
  const [manualCopy, setManualCopy] = useState<ManualCopyState>(null);

  return (
    <Page remote={NAMESPACE} page="admin-schools" title={t('sections.schools')}>
      <BackToDashboard />
      <section className="card" aria-labelledby="schools-heading">
        <div className="section-head">
          <h2 id="schools-heading">{t('schools.listTitle')}</h2>
          <button type="button" className="button" onClick={() => setDialog({ item: null })}>
            {t('schools.add')}
          </button>
        </div>
        <SchoolsTable
          onEdit={(school) => setDialog({ item: school })}
          onQr={setQrSchool}
          onManualCopy={setManualCopy}
        />
      </section>
      <NameFormDialog kind="schools" state={dialog} onClose={() => setDialog(null)} />
      <SchoolQrDialog school={qrSchool} onClose={() => setQrSchool(null)} />
      <ManualCopyDialog state={manualCopy} onClose={() => setManualCopy(null)} />
    </Page>
  );
}

interface TableProps {
  onEdit: (school: School) => void;
  onQr: (school: School) => void;
  onManualCopy: (state: ManualCopyState) => void;
}

function SchoolsTable({ onEdit, onQr, onManualCopy }: TableProps) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const schools = useSchools();
  const remove = useDeleteSchool();

  if (schools.isPending) return <Spinner label={t('schools.loading')} />;
  if (schools.isError) {
    return (
      <LoadError
        message={t('schools.loadFailed')}
        onRetry={() => void schools.refetch()}
        testId="schools-error"
      />
    );
  }
  if (schools.data.length === 0) {
    return (
      <p className="empty" data-testid="schools-empty">
        {t('schools.empty')}
      </p>
    );
  }

  const copy = async (school: School, what: 'token' | 'url') => {
    const text = what === 'token' ? school.accessToken : schoolUrl(school);
    if (await copyText(text)) {
      toast({
        title: t('common.copied'),
        description: t(what === 'token' ? 'schools.tokenCopied' : 'schools.urlCopied', {
          name: school.name,
        }),
      });
      return;
    }
    toast({
      variant: 'destructive',
      title: t('common.failTitle'),
      description: t(what === 'token' ? 'schools.tokenCopyFailed' : 'schools.urlCopyFailed'),
    });
    onManualCopy({ label: t(what === 'token' ? 'schools.token' : 'schools.url'), text });
  };

  const confirmDelete = (school: School) => {
    if (!window.confirm(t('schools.confirmDelete', { name: school.name }))) return;
    remove.mutate(school.id, {
      onSuccess: () => {
        toast({
          title: t('schools.deleted'),
          description: t('schools.deletedText', { name: school.name }),
        });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('common.failTitle'),
          description: actionError(error, t('schools.deleteFailed')),
        });
      },
    });
  };

  return (
    <div className="table-scroll">
      <table className="table stack" data-testid="schools-table">
        <caption className="visually-hidden">{t('schools.listTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('common.id')}</th>
            <th scope="col">{t('schools.name')}</th>
            <th scope="col">{t('schools.token')}</th>
            <th scope="col">{t('schools.urlPath')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {schools.data.map((school) => (
            <tr key={school.id} data-testid="school-row" data-school-id={school.id}>
              <td data-label={t('common.id')} className="numeric">
                {school.id}
              </td>
              <th scope="row">{school.name}</th>
              <td data-label={t('schools.token')}>
                <code className="token" data-testid="school-token">
                  {school.accessToken}
                </code>
              </td>
              <td data-label={t('schools.urlPath')}>
                <code className="token" data-testid="school-path">
                  {schoolPath(school)}
                </code>
              </td>
              <td>
                <div className="row-actions">
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t('schools.copyTokenOf', { name: school.name })}
                    onClick={() => void copy(school, 'token')}
                  >
                    {t('schools.copyToken')}
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t('schools.copyUrlOf', { name: school.name })}
                    onClick={() => void copy(school, 'url')}
                  >
                    {t('schools.copyUrl')}
                  </button>
                  <a
                    className="button secondary small"
                    href={schoolPath(school)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('schools.openOf', { name: school.name })}
                  >
                    {t('schools.open')}
                  </a>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t('schools.qrOf', { name: school.name })}
                    onClick={() => onQr(school)}
                  >
                    {t('schools.qr')}
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t('schools.editOf', { name: school.name })}
                    onClick={() => onEdit(school)}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="button danger small"
                    aria-label={t('schools.deleteOf', { name: school.name })}
                    disabled={remove.isPending && remove.variables === school.id}
                    onClick={() => confirmDelete(school)}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
