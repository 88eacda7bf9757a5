import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useToast } from '@nsa/web-kit';
import { useBlocks, useDeleteBlock, useDownloadBlockQr, type BlockView } from '../api/blocks';
import { useSchools } from '../api/schools';
import { BlockFormDialog } from '../components/BlockFormDialog';
import { AllocationCell, BlockWindowCell } from '../components/BlockWindowCells';
import { CrudPage } from '../../shared/components/crud/CrudPage';
import { CrudTable, useNamedTableTexts } from '../../shared/components/crud/CrudTable';
import { actionError } from '../../shared/lib/errors';
import { blockQrFileName } from '../../shared/lib/files';
import { blockRange } from '../../shared/lib/format';
import { useConfirmDelete, useNamedDeleteTexts } from '../../shared/lib/use-confirm-delete';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';
import { RowAction } from '../../shared/components/crud/RowAction';
import '../catalog.css';

/** '' = no school: the code opens the landing page. */
const NO_SCHOOL = '';

/**
 * /admin/blocks: the runs of weeks activities take place in (R-CATALOG-BLOCKS-SCREEN), with each
 * block's sign-up window and allocation and, for a lottery, the way to its draw (R-DRAW-WINDOW).
 */
export function BlocksPage() {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const blocks = useBlocks();
  const schools = useSchools();
  const texts = useNamedTableTexts<BlockView>('blocks');
  const remove = useConfirmDelete(useDeleteBlock(), useNamedDeleteTexts<BlockView>('blocks'));
  const downloadQr = useDownloadBlockQr();
  const selectId = useId();
  // null until the admin picks: then the first school is the default.
  const [picked, setPicked] = useState<string | null>(null);

  const schoolList = schools.data ?? [];
  const firstSchool = schoolList[0];
  const qrSchool =
    picked !== null && (picked === NO_SCHOOL || schoolList.some((s) => String(s.id) === picked))
      ? picked
      : firstSchool
        ? String(firstSchool.id)
        : NO_SCHOOL;
  const year = new Date().getFullYear();

  const download = (block: BlockView) => {
    const schoolId = qrSchool === NO_SCHOOL ? null : Number(qrSchool);
    downloadQr.mutate(
      { blockId: block.id, schoolId },
      {
        onSuccess: () => {
          toast({
            title: t('blocks.qrDownloaded'),
            description: t('blocks.qrDownloadedText', { file: blockQrFileName(block.id) }),
          });
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: t('common.failTitle'),
            description: actionError(error, t('blocks.qrFailed')),
          });
        },
      },
    );
  };

  const toolbar =
    schoolList.length > 0 ? (
      <div className="adm-toolbar">
        <label htmlFor={selectId}>{t('blocks.qrSchool')}</label>
        <select
          id={selectId}
          data-testid="block-qr-school"
          value={qrSchool}
          onChange={(e) => setPicked(e.target.value)}
        >
          {schoolList.map((school) => (
            <option key={school.id} value={String(school.id)}>
              {school.name}
            </option>
          ))}
          <option value={NO_SCHOOL}>{t('blocks.qrNoSchool')}</option>
        </select>
      </div>
    ) : (
      <p className="adm-muted">{t('blocks.qrLanding')}</p>
    );

  return (
    <CrudPage<BlockView>
      page="admin-blocks"
      title={t('sections.blocks')}
      heading={{ id: 'blocks-heading', text: t('blocks.listTitle') }}
      addLabel={t('blocks.add')}
      list={(edit) => (
        <CrudTable
          kind="block"
          tableClassName="adm-blocks"
          query={blocks}
          texts={texts}
          toolbar={toolbar}
          columns={[
            { header: t('common.id'), className: 'adm-numeric', cell: (block) => block.id },
            { header: t('blocks.name'), rowHeader: true, cell: (block) => block.name },
            { header: t('blocks.weekStart'), className: 'adm-numeric', cell: (b) => b.weekStart },
            { header: t('blocks.weekEnd'), className: 'adm-numeric', cell: (b) => b.weekEnd },
            // R-RETENTION-YEAR: each block's own year, so two years are never confused.
            { header: t('blocks.year'), className: 'adm-numeric', cell: (b) => b.year ?? year },
            {
              header: t('blocks.datesColumn'),
              className: 'adm-muted',
              cell: (block) => {
                const y = block.year ?? year;
                const range = blockRange(y, block.weekStart, block.weekEnd, lang);
                return range
                  ? t('blocks.range', { start: range.start, end: range.end })
                  : t('blocks.rangeMissing', { year: y });
              },
            },
            { header: t('blocks.window'), cell: (block) => <BlockWindowCell block={block} /> },
            { header: t('blocks.allocation'), cell: (block) => <AllocationCell block={block} /> },
          ]}
          actions={(block) => (
            <>
              {block.allocation === 'lottery' ? (
                <Link
                  to={`/admin/blocks/${block.id}/draw`}
                  className="button secondary adm-small"
                  aria-label={t('blocks.drawOf', { name: block.name })}
                  data-testid="block-draw-link"
                >
                  {t('blocks.draw')}
                </Link>
              ) : null}
              <RowAction
                label={t('blocks.qrOf', { name: block.name })}
                disabled={downloadQr.isPending && downloadQr.variables?.blockId === block.id}
                onClick={() => download(block)}
              >
                {t('blocks.qr')}
              </RowAction>
            </>
          )}
          onEdit={edit}
          remove={remove}
        />
      )}
      dialog={(state, close) => <BlockFormDialog state={state} onClose={close} />}
    />
  );
}
