import { useTranslation } from 'react-i18next';
import type { DrawView } from '@nsa/contracts';
import { CopyField } from '../../shared/components/CopyField';
import { drawExportFileName } from '../../shared/lib/files';
import { drawVerifyCommand } from '../lib/draw';
import { NAMESPACE } from '../../namespace';

/** R-DRAW-EXPORT, R-DRAW-VERIFY: the seed, revealed, and what anyone needs to recompute the draw. */
export function PublishedDraw({
  view,
  blockId,
  onDownload,
}: {
  view: DrawView;
  blockId: number;
  onDownload: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="adm-draw-published" data-testid="draw-published">
      <CopyField
        label={t('draw.seed')}
        value={view.seed ?? ''}
        copyLabel={t('common.copy')}
        copiedText={t('draw.seedCopied')}
        failedText={t('draw.copyFailed')}
        testId="draw-seed"
      />
      <div className="adm-draw-export">
        <button type="button" className="button" data-testid="draw-download" onClick={onDownload}>
          {t('draw.download')}
        </button>
        <span className="adm-field-hint">
          {t('draw.downloadHint', { file: drawExportFileName(blockId) })}
        </span>
      </div>
      <CopyField
        label={t('draw.verify')}
        value={drawVerifyCommand(view.seed ?? '', blockId)}
        copyLabel={t('common.copy')}
        copiedText={t('draw.commandCopied')}
        failedText={t('draw.copyFailed')}
        testId="draw-verify-command"
        multiline
      />
      <p className="adm-field-hint">{t('draw.verifyHint')}</p>
      <dl className="adm-details">
        <div>
          <dt>{t('draw.algorithm')}</dt>
          <dd>
            <code>{view.algorithm}</code>
          </dd>
        </div>
        <div>
          <dt>{t('draw.digest')}</dt>
          <dd>
            <code className="adm-hash">{view.entriesDigest}</code>
          </dd>
        </div>
      </dl>
    </div>
  );
}
