import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Spinner, useToast } from '@nsa/web-kit';
import { useBlocks, useDeleteBlock, useDownloadBlockQr, type Block } from '../api/blocks';
import { useSchools } from '../api/schools';
import { BackToDashboard } from '../components/BackLink';
import { BlockFormDialog, type BlockDialogState } from '../components/BlockFormDialog';
import { LoadError } from '../components/LoadError';
import { actionError } from '../lib/errors';
import { blockQrFileName } from '../lib/files';
import { blockRange } from '../lib/format';
import { useLang } from '../lib/use-lang';
import { NAMESPACE } from '../namespace';

/** '' = no school: the code opens the landing page. */
const NO_SCHOOL = '';

/** /admin/blocks: the runs of weeks activities take place in (spec §2 "Admin blocks"). */
export function BlocksPage() {
  const { t } = useTranslation(NAMESPACE);
  const [dialog, setDialog] = useState<BlockDialogState>(null);
  return (
    <Page remote={NAMESPACE} page="admin-blocks" title={t('sections.blocks')}>
      <BackToDashboard />
      <section className="card" aria-labelledby="blocks-heading">
        <div className="section-head">
          <h2 id="blocks-heading">{t('blocks.listTitle')}</h2>
          <button type="button" className="button" onClick={() => setDialog({ block: null })}>
            {t('blocks.add')}
          </button>
        </div>
        <BlocksTable onEdit={(block) => setDialog({ block })} />
      </section>
      <BlockFormDialog state={dialog} onClose={() => setDialog(null)} />
    </Page>
  );
}

function BlocksTable({ onEdit }: { onEdit: (block: Block) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const blocks = useBlocks();
  const schools = useSchools();
  const remove = useDeleteBlock();
  const downloadQr = useDownloadBlockQr();
  const selectId = useId();
  // null until the admin picks: then the first school is the default.
  const [picked, setPicked] = useState<string | null>(null);

  if (blocks.isPending) return <Spinner label={t('blocks.loading')} />;
  if (blocks.isError) {
    return (
      <LoadError
        message={t('blocks.loadFailed')}
        onRetry={() => void blocks.refetch()}
        testId="blocks-error"
      />
    );
  }
  if (blocks.data.length === 0) {
    return (
      <p className="empty" data-testid="blocks-empty">
        {t('blocks.empty')}
      </p>
    );
  }

  const schoolList = schools.data ?? [];
  const firstSchool = schoolList[0];
  const qrSchool =
    picked !== null && (picked === NO_SCHOOL || schoolList.some((s) => String(s.id) === picked))
      ? picked
      : firstSchool
        ? String(firstSchool.id)
        : NO_SCHOOL;
  const year = new Date().getFullYear();

  const download = (block: Block) => {
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

  const confirmDelete = (block: Block) => {
    if (!window.confirm(t('blocks.confirmDelete', { name: block.name }))) return;
    remove.mutate(block.id, {
      onSuccess: () => {
        toast({
          title: t('blocks.deleted'),
          description: t('blocks.deletedText', { name: block.name }),
        });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('common.failTitle'),
          description: actionError(error, t('blocks.deleteFailed')),
        });
      },
    });
  };

  return (
    <>
      {schoolList.length > 0 ? (
        <div className="toolbar">
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
        <p className="muted">{t('blocks.qrLanding')}</p>
      )}
      <div className="table-scroll">
        <table className="table stack" data-testid="blocks-table">
          <caption className="visually-hidden">{t('blocks.listTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('common.id')}</th>
              <th scope="col">{t('blocks.name')}</th>
              <th scope="col">{t('blocks.weekStart')}</th>
              <th scope="col">{t('blocks.weekEnd')}</th>
              <th scope="col">{t('blocks.dates', { year })}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {blocks.data.map((block) => {
              const range = blockRange(year, block.weekStart, block.weekEnd, lang);
              return (
                <tr key={block.id} data-testid="block-row" data-block-id={block.id}>
                  <td data-label={t('common.id')} className="numeric">
                    {block.id}
                  </td>
                  <th scope="row">{block.name}</th>
                  <td data-label={t('blocks.weekStart')} className="numeric">
                    {block.weekStart}
                  </td>
                  <td data-label={t('blocks.weekEnd')} className="numeric">
                    {block.weekEnd}
                  </td>
                  <td data-label={t('blocks.dates', { year })} className="muted">
                    {range
                      ? t('blocks.range', { start: range.start, end: range.end })
                      : t('blocks.rangeMissing', { year })}
                  </td>
                  <td>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={t('blocks.qrOf', { name: block.name })}
                        disabled={
                          downloadQr.isPending && downloadQr.variables?.blockId === block.id
                        }
                        onClick={() => download(block)}
                      >
                        {t('blocks.qr')}
                      </button>
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={t('blocks.editOf', { name: block.name })}
                        onClick={() => onEdit(block)}
                      >
                        {t('common.edit')}
                      </button>
                      <button
                        type="button"
                        className="button danger small"
                        aria-label={t('blocks.deleteOf', { name: block.name })}
                        disabled={remove.isPending && remove.variables === block.id}
                        onClick={() => confirmDelete(block)}
                      >
                        {t('common.delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
