import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@nsa/web-kit';
import type { School } from '@nsa/contracts';
import { useDeleteSchool, useSchools } from '../api/schools';
import { CrudPage } from '../../shared/components/crud/CrudPage';
import { CrudTable, useNamedTableTexts } from '../../shared/components/crud/CrudTable';
import { ManualCopyDialog, type ManualCopyState } from '../components/ManualCopyDialog';
import { NameFormDialog } from '../components/NameFormDialog';
import { RotateSchoolLinkDialog } from '../components/RotateSchoolLinkDialog';
import { SchoolQrDialog } from '../components/SchoolQrDialog';
import { copyText } from '../../shared/lib/clipboard';
import { useConfirmDelete, useNamedDeleteTexts } from '../../shared/lib/use-confirm-delete';
import { NAMESPACE } from '../../namespace';
import { RowAction } from '../../shared/components/crud/RowAction';
import '../catalog.css';

/** The path of a school's own activities page (R-PUBLIC-SCHOOL-ROUTE). */
const schoolPath = (school: School) => `/schools/${school.accessToken}`;
const schoolUrl = (school: School) => `${window.location.origin}${schoolPath(school)}`;

/** /admin/schools: schools, their direct links and QR codes (R-CATALOG-SCHOOLS-SCREEN). */
export function SchoolsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const [qrSchool, setQrSchool] = useState<School | null>(null);
  const [rotateSchool, setRotateSchool] = useState<School | null>(null);
  const [manualCopy, setManualCopy] = useState<ManualCopyState>(null);
  const schools = useSchools();
  const texts = useNamedTableTexts<School>('schools');
  const remove = useConfirmDelete(useDeleteSchool(), useNamedDeleteTexts<School>('schools'));

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
    setManualCopy({ label: t(what === 'token' ? 'schools.token' : 'schools.url'), text });
  };

  return (
    <CrudPage<School>
      page="admin-schools"
      title={t('sections.schools')}
      heading={{ id: 'schools-heading', text: t('schools.listTitle') }}
      addLabel={t('schools.add')}
      list={(edit) => (
        <CrudTable
          kind="school"
          query={schools}
          texts={texts}
          columns={[
            { header: t('common.id'), className: 'adm-numeric', cell: (school) => school.id },
            { header: t('schools.name'), rowHeader: true, cell: (school) => school.name },
            {
              header: t('schools.token'),
              cell: (school) => (
                <code className="adm-token" data-testid="school-token">
                  {school.accessToken}
                </code>
              ),
            },
            {
              header: t('schools.urlPath'),
              cell: (school) => (
                <code className="adm-token" data-testid="school-path">
                  {schoolPath(school)}
                </code>
              ),
            },
          ]}
          actions={(school) => (
            <>
              <RowAction
                label={t('schools.copyTokenOf', { name: school.name })}
                onClick={() => void copy(school, 'token')}
              >
                {t('schools.copyToken')}
              </RowAction>
              <RowAction
                label={t('schools.copyUrlOf', { name: school.name })}
                onClick={() => void copy(school, 'url')}
              >
                {t('schools.copyUrl')}
              </RowAction>
              <a
                className="button secondary adm-small"
                href={schoolPath(school)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('schools.openOf', { name: school.name })}
              >
                {t('schools.open')}
              </a>
              <RowAction
                label={t('schools.qrOf', { name: school.name })}
                onClick={() => setQrSchool(school)}
              >
                {t('schools.qr')}
              </RowAction>
              <RowAction
                label={t('schools.rotateOf', { name: school.name })}
                onClick={() => setRotateSchool(school)}
              >
                {t('schools.rotate')}
              </RowAction>
            </>
          )}
          onEdit={edit}
          remove={remove}
        />
      )}
      dialog={(state, close) => <NameFormDialog kind="schools" state={state} onClose={close} />}
    >
      <SchoolQrDialog school={qrSchool} onClose={() => setQrSchool(null)} />
      <RotateSchoolLinkDialog school={rotateSchool} onClose={() => setRotateSchool(null)} />
      <ManualCopyDialog state={manualCopy} onClose={() => setManualCopy(null)} />
    </CrudPage>
  );
}
