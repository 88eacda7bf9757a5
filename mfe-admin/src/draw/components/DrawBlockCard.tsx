import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockView } from '../../catalog/api/blocks';
import type { DrawStage } from '../../catalog/lib/block-form';
import { NAMESPACE } from '../../namespace';

interface Props {
  block: BlockView;
  stage: DrawStage;
  /** Whether the draw is published: the seed is no longer sealed. */
  published: boolean;
  seedHash: string | null;
  entriesDigest: string | null;
  /** When the draw was published, as far as known. */
  publishedAt: string | null | undefined;
  /** A moment as text, or "not set". */
  when: (iso: string | null | undefined) => string;
}

/**
 * R-DRAW-COMMIT, R-DRAW-FREEZE: the block's weeks, window and allocation, its commitment (the
 * seed's hash, the seed sealed until publication), the entries' digest and the draw's stage.
 */
export function DrawBlockCard({
  block,
  stage,
  published,
  seedHash,
  entriesDigest,
  publishedAt,
  when,
}: Props) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  return (
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
          date: when(publishedAt),
        })}
      </p>
    </section>
  );
}
