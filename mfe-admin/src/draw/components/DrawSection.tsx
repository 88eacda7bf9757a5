import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawView } from '@nsa/contracts';
import { BusyButton, serverMessage, Spinner } from '@nsa/web-kit';
import type { BlockView } from '../../catalog/api/blocks';
import type { DrawStage } from '../../catalog/lib/block-form';
import { useBlockActivities } from '../api/draws';
import { DrawOutcome } from './DrawOutcome';
import { LoadError } from '../../shared/components/LoadError';
import { useDrawActions } from '../lib/use-draw-actions';
import { NAMESPACE } from '../../namespace';

export interface DrawQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: DrawView | null | undefined;
  refetch: () => unknown;
}

/**
 * R-DRAW-PREVIEW, R-DRAW-PUBLISH: a lottery block's draw: the preview button once sign-up has
 * closed, and the preview or the published draw.
 */
export function DrawSection({
  block,
  stage,
  draw,
}: {
  block: BlockView;
  stage: DrawStage;
  draw: DrawQuery;
}) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const actions = useDrawActions(block.id);
  const activities = useBlockActivities(block.id);

  const view = draw.data ?? null;
  const titles = new Map((activities.data ?? []).map((a) => [a.id, a.title]));
  // The server decides; the clock here only keeps the button from asking too early.
  const canPreview = stage === 'closed';

  let content;
  if (draw.isPending) content = <Spinner label={t('draw.loading')} />;
  else if (draw.isError)
    content = (
      <LoadError
        message={serverMessage(draw.error, t('draw.loadFailed'))}
        onRetry={() => void draw.refetch()}
        testId="draw-error"
      />
    );
  else if (!view)
    content = (
      <p className="empty" data-testid="draw-empty">
        {t(canPreview ? 'draw.noDraw' : 'draw.noDrawYet')}
      </p>
    );
  else
    content = (
      <DrawOutcome
        view={view}
        blockId={block.id}
        actions={actions}
        titles={titles}
        titlesFailed={activities.isError}
      />
    );

  return (
    <section className="adm-card" aria-labelledby={headingId} data-testid="draw-section">
      <div className="adm-section-head">
        <h2 id={headingId}>{t('draw.heading')}</h2>
        {stage !== 'published' && !view?.published ? (
          <BusyButton
            className={view ? 'button secondary' : 'button'}
            busy={actions.previewing}
            disabled={actions.previewing || !canPreview}
            aria-describedby={canPreview ? undefined : `${headingId}-wait`}
            data-testid="draw-preview"
            onClick={actions.makePreview}
          >
            {actions.previewing
              ? t('draw.previewing')
              : t(view ? 'draw.previewAgain' : 'draw.preview')}
          </BusyButton>
        ) : null}
      </div>
      {stage === 'published' || view?.published ? null : canPreview ? (
        <p className="adm-field-hint adm-draw-intro">{t('draw.previewHint')}</p>
      ) : (
        <p id={`${headingId}-wait`} className="adm-field-hint adm-draw-intro">
          {t('draw.previewWait')}
        </p>
      )}
      {actions.previewError ? (
        <p className="adm-form-error" role="alert" data-testid="draw-preview-error">
          {actions.previewError}
        </p>
      ) : null}
      {content}
    </section>
  );
}
