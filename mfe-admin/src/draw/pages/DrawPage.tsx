import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DrawView } from '@nsa/contracts';
import { BusyButton, Page, serverMessage, Spinner, useToast } from '@nsa/web-kit';
import { saveBlob } from '@nsa/web-kit/download';
import { useBlocks, type BlockView } from '../../catalog/api/blocks';
import { useBlockActivities, useDraw, usePreviewDraw, usePublishDraw } from '../api/draws';
import { CopyField } from '../../shared/components/CopyField';
import { DrawResults } from '../components/DrawResults';
import { LoadError } from '../../shared/components/LoadError';
import { PublishDrawDialog } from '../components/PublishDrawDialog';
import { drawStage, type DrawStage } from '../../catalog/lib/block-form';
import { drawExportJson, drawVerifyCommand } from '../lib/draw';
import { actionError } from '../../shared/lib/errors';
import { drawExportFileName } from '../../shared/lib/files';
import { formatDateTime } from '../../shared/lib/format';
import { useLang } from '../../shared/lib/use-lang';
import { useNow } from '../lib/use-now';
import { NAMESPACE } from '../../namespace';

/**
 * /admin/blocks/:id/draw: a lottery block's draw (R-DRAW-COMMIT, R-DRAW-PREVIEW, R-DRAW-PUBLISH,
 * R-DRAW-EXPORT, R-DRAW-VERIFY): the block and its commitment, a preview on the entries as they
 * are, its publication after a confirmation, and then the seed and the export to verify it with.
 */
export function DrawPage({ blockId }: { blockId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const blocks = useBlocks();
  const block = blocks.data?.find((b) => b.id === blockId);

  let body;
  if (blocks.isPending) body = <Spinner label={t('draw.loadingBlock')} />;
  else if (blocks.isError)
    body = (
      <LoadError
        message={t('blocks.loadFailed')}
        onRetry={() => void blocks.refetch()}
        testId="draw-block-error"
      />
    );
  else if (!block)
    body = (
      <p className="empty" data-testid="draw-block-missing">
        {t('draw.blockNotFound', { id: blockId })}
      </p>
    );
  else body = <DrawScreen block={block} />;

  return (
    <Page
      remote={NAMESPACE}
      page="admin-block-draw"
      title={block ? t('draw.title', { name: block.name }) : t('draw.titleUnknown')}
    >
      <p className="adm-back-link">
        <Link to="/admin/blocks">← {t('draw.back')}</Link>
      </p>
      {body}
    </Page>
  );
}

function DrawScreen({ block }: { block: BlockView }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const now = useNow([block.signupOpensAt, block.signupClosesAt]);
  // Only a lottery block has a draw to ask for.
  const draw = useDraw(block.id, block.allocation === 'lottery');
  const published = draw.data?.published === true;
  const stage: DrawStage = published ? 'published' : drawStage(block, now);
  const headingId = useId();
  const seedHash = block.seedHash ?? draw.data?.seedHash ?? null;
  // R-DRAW-FREEZE: the entries' digest from close on (the block tells it even before a preview).
  const entriesDigest = block.entriesDigest ?? draw.data?.entriesDigest ?? null;
  const when = (iso: string | null | undefined) => formatDateTime(iso, lang) ?? t('draw.notSet');

  return (
    <>
      <section className="adm-card" aria-labelledby={`${headingId}-block`}>
        <h2 id={`${headingId}-block`}>{t('draw.blockHeading')}</h2>
        <dl className="adm-details adm-draw-block">
          <div>
            <dt>{t('draw.weeks')}</dt>
            <dd>{t('draw.weeksValue', { start: block.weekStart, end: block.weekEnd })}</dd>
          </div>
          <div>
            <dt>{t('blocks.signupOpensAt')}</dt>
            <dd data-testid="draw-opens">{when(block.signupOpensAt)}</dd>
          </div>
          <div>
            <dt>{t('blocks.signupClosesAt')}</dt>
            <dd data-testid="draw-closes">{when(block.signupClosesAt)}</dd>
          </div>
          <div>
            <dt>{t('blocks.allocation')}</dt>
            <dd>{t(`blocks.allocations.${block.allocation ?? 'fcfs'}`)}</dd>
          </div>
        </dl>
        {block.allocation === 'lottery' || seedHash ? (
          <div className="adm-commitment">
            <h3>{t('draw.commitment')}</h3>
            {seedHash ? (
              <>
                <code className="adm-hash" data-testid="draw-seed-hash">
                  {seedHash}
                </code>
                <p className="adm-field-hint">{t('draw.commitmentHint')}</p>
                {published ? null : (
                  // R-DRAW-SECRET: no seed before publication, only that it is sealed.
                  <>
                    <h3>{t('draw.seed')}</h3>
                    <p className="adm-sealed" data-testid="draw-seed-sealed">
                      {t('draw.sealed')}
                    </p>
                    <p className="adm-field-hint">{t('draw.sealedHint')}</p>
                  </>
                )}
              </>
            ) : (
              <p className="adm-field-hint">{t('draw.noCommitment')}</p>
            )}
            {entriesDigest ? (
              <>
                <h3>{t('draw.entriesDigest')}</h3>
                <code className="adm-hash" data-testid="draw-entries-digest">
                  {entriesDigest}
                </code>
                <p className="adm-field-hint">{t('draw.entriesDigestHint')}</p>
              </>
            ) : null}
          </div>
        ) : null}
        <p className="adm-notice" data-testid="draw-stage" data-stage={stage}>
          {t(`draw.stage.${stage}`, {
            opens: when(block.signupOpensAt),
            closes: when(block.signupClosesAt),
            date: when(draw.data?.publishedAt ?? block.drawPublishedAt),
          })}
        </p>
      </section>
      {block.allocation === 'lottery' ? (
        <DrawSection block={block} stage={stage} draw={draw} />
      ) : null}
    </>
  );
}

interface DrawQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: DrawView | null | undefined;
  refetch: () => unknown;
}

function DrawSection({
  block,
  stage,
  draw,
}: {
  block: BlockView;
  stage: DrawStage;
  draw: DrawQuery;
}) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const { toast } = useToast();
  const headingId = useId();
  const preview = usePreviewDraw(block.id);
  const publish = usePublishDraw(block.id);
  const activities = useBlockActivities(block.id);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);

  const view = draw.data ?? null;
  const titles = new Map((activities.data ?? []).map((a) => [a.id, a.title]));
  // The server decides; the clock here only keeps the button from asking too early.
  const canPreview = stage === 'closed';

  const makePreview = () => {
    setPreviewError(null);
    preview.mutate(undefined, {
      onSuccess: (made) => {
        toast({
          title: t('draw.previewMade'),
          description: t('draw.previewMadeText', {
            placed: made.stats.placed,
            waitlisted: made.stats.waitlisted,
          }),
        });
      },
      onError: (error) => {
        const message = actionError(error, t('draw.previewFailed'));
        setPreviewError(message);
        toast({ variant: 'destructive', title: t('common.failTitle'), description: message });
      },
    });
  };

  const confirmPublish = (sendEmail: boolean) => {
    setPublishError(null);
    publish.mutate(
      { sendEmail },
      {
        onSuccess: (done) => {
          setConfirming(false);
          toast({
            title: t('draw.published'),
            description: t('draw.publishedText', {
              placed: done.stats.placed,
              waitlisted: done.stats.waitlisted,
            }),
          });
        },
        onError: (error) => {
          const message = actionError(error, t('draw.publishFailed'));
          setPublishError(message);
          toast({ variant: 'destructive', title: t('common.failTitle'), description: message });
        },
      },
    );
  };

  const download = (published: DrawView) => {
    const file = drawExportFileName(block.id);
    saveBlob(new Blob([drawExportJson(published)], { type: 'application/json' }), file);
    toast({ title: t('draw.downloaded'), description: t('draw.downloadedText', { file }) });
  };

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
          <PublishedDraw view={view} blockId={block.id} onDownload={() => download(view)} />
        ) : (
          <div className="adm-draw-publish">
            <p className="adm-field-hint">{t('draw.publishHint')}</p>
            <button
              type="button"
              className="button"
              data-testid="draw-publish"
              disabled={preview.isPending}
              onClick={() => {
                setPublishError(null);
                setConfirming(true);
              }}
            >
              {t('draw.publishOpen')}
            </button>
          </div>
        )}
        <DrawResults view={view} titles={titles} titlesFailed={activities.isError} />
        <PublishDrawDialog
          open={confirming && !view.published}
          view={view}
          busy={publish.isPending}
          failure={publishError}
          onConfirm={confirmPublish}
          onClose={() => setConfirming(false)}
        />
      </>
    );

  return (
    <section className="adm-card" aria-labelledby={headingId} data-testid="draw-section">
      <div className="adm-section-head">
        <h2 id={headingId}>{t('draw.heading')}</h2>
        {stage !== 'published' && !view?.published ? (
          <BusyButton
            className={view ? 'button secondary' : 'button'}
            busy={preview.isPending}
            disabled={preview.isPending || !canPreview}
            aria-describedby={canPreview ? undefined : `${headingId}-wait`}
            data-testid="draw-preview"
            onClick={makePreview}
          >
            {preview.isPending
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
      {previewError ? (
        <p className="adm-form-error" role="alert" data-testid="draw-preview-error">
          {previewError}
        </p>
      ) : null}
      {content}
    </section>
  );
}

const STATS = [
  'entries',
  'children',
  'childrenPlaced',
  'placed',
  'firstChoices',
  'waitlisted',
] as const;

function DrawStats({ view }: { view: DrawView }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <dl className="adm-draw-stats" data-testid="draw-stats">
      {STATS.map((stat) => (
        <div key={stat} data-stat={stat}>
          <dt>{t(`draw.stats.${stat}`)}</dt>
          <dd className="adm-numeric">{view.stats[stat]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** R-DRAW-EXPORT, R-DRAW-VERIFY: the seed, revealed, and what anyone needs to recompute the draw. */
function PublishedDraw({
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
