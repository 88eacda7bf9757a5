import { useTranslation } from 'react-i18next';
import type { DrawView } from '@nsa/contracts';
import { DrawResults } from './DrawResults';
import { DrawStats } from './DrawStats';
import { PublishDrawDialog } from './PublishDrawDialog';
import { PublishedDraw } from './PublishedDraw';
import type { DrawActions } from '../lib/use-draw-actions';
import { formatDateTime } from '../../shared/lib/format';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

interface Props {
  view: DrawView;
  blockId: number;
  actions: DrawActions;
  /** Activity titles by id, for the results; titlesFailed when they could not be loaded. */
  titles: ReadonlyMap<number, string>;
  titlesFailed: boolean;
}

/**
 * A preview or the published draw (R-DRAW-PREVIEW, R-DRAW-PUBLISH): when it was made, its figures,
 * the button that publishes a preview (after a confirmation) or the published seed and export,
 * and who got a place.
 */
export function DrawOutcome({ view, blockId, actions, titles, titlesFailed }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  return (
    <>
      <p className="adm-draw-when" data-testid="draw-when">
        {view.published ? (
          <span className="adm-badge" data-tone="approved">
            {t('draw.publishedBadge')}
          </span>
        ) : (
          <span className="adm-badge" data-tone="new">
            {t('draw.previewBadge')}
          </span>
        )}{' '}
        {view.published
          ? t('draw.publishedOn', { date: formatDateTime(view.publishedAt, lang) ?? '' })
          : t('draw.previewOf', { date: formatDateTime(view.createdAt, lang) ?? '' })}
      </p>
      <DrawStats view={view} />
      {view.published ? (
        <PublishedDraw view={view} blockId={blockId} onDownload={() => actions.download(view)} />
      ) : (
        <div className="adm-draw-publish">
          <p className="adm-field-hint">{t('draw.publishHint')}</p>
          <button
            type="button"
            className="button"
            data-testid="draw-publish"
            disabled={actions.previewing}
            onClick={actions.openPublish}
          >
            {t('draw.publishOpen')}
          </button>
        </div>
      )}
      <DrawResults view={view} titles={titles} titlesFailed={titlesFailed} />
      <PublishDrawDialog
        open={actions.confirming && !view.published}
        view={view}
        busy={actions.publishing}
        failure={actions.publishError}
        onConfirm={actions.confirmPublish}
        onClose={actions.closePublish}
      />
    </>
  );
}
