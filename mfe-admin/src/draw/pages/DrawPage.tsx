import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Page, Spinner } from '@nsa/web-kit';
import { useBlocks, type BlockView } from '../../catalog/api/blocks';
import { useDraw } from '../api/draws';
import { DrawBlockCard } from '../components/DrawBlockCard';
import { DrawSection } from '../components/DrawSection';
import { LoadError } from '../../shared/components/LoadError';
import { drawStage, type DrawStage } from '../../catalog/lib/block-form';
import { formatDateTime } from '../../shared/lib/format';
import { useLang } from '../../shared/lib/use-lang';
import { useNow } from '../lib/use-now';
import { NAMESPACE } from '../../namespace';
import '../draw.css';

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
  const seedHash = block.seedHash ?? draw.data?.seedHash ?? null;
  // R-DRAW-FREEZE: the entries' digest from close on (the block tells it even before a preview).
  const entriesDigest = block.entriesDigest ?? draw.data?.entriesDigest ?? null;
  const when = (iso: string | null | undefined) => formatDateTime(iso, lang) ?? t('draw.notSet');

  return (
    <>
      <DrawBlockCard
        block={block}
        stage={stage}
        published={published}
        seedHash={seedHash}
        entriesDigest={entriesDigest}
        publishedAt={draw.data?.publishedAt ?? block.drawPublishedAt}
        when={when}
      />
      {block.allocation === 'lottery' ? (
        <DrawSection block={block} stage={stage} draw={draw} />
      ) : null}
    </>
  );
}
