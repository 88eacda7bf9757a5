import { useTranslation } from 'react-i18next';
import type { BlockView } from '../api/blocks';
import { formatDeadline } from '../../shared/lib/format';
import { useLang } from '../../shared/lib/use-lang';
import { NAMESPACE } from '../../namespace';

/** How many characters of the seed's hash the table shows; the draw screen shows all 64. */
const HASH_PREFIX = 10;

/** R-DRAW-WINDOW: a block's sign-up window, one end per line, short dates on the admin's clock. */
export function BlockWindowCell({ block }: { block: BlockView }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const opens = formatDeadline(block.signupOpensAt, lang);
  const closes = formatDeadline(block.signupClosesAt, lang);
  if (!opens && !closes) return <span className="adm-muted">{t('blocks.windowNone')}</span>;
  return (
    <span className="adm-window" data-testid="block-window">
      {opens ? <span>{t('blocks.windowFrom', { date: opens })}</span> : null}{' '}
      {closes ? <span>{t('blocks.windowUntil', { date: closes })}</span> : null}
    </span>
  );
}

/**
 * R-DRAW-WINDOW, R-DRAW-COMMIT: first come first served or a lottery; a lottery with the start of
 * its commitment (the seed's hash) or the day its draw was published.
 */
export function AllocationCell({ block }: { block: BlockView }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  if (block.allocation !== 'lottery') return <>{t('blocks.allocationShort.fcfs')}</>;
  const published = formatDeadline(block.drawPublishedAt, lang);
  return (
    <>
      <span className="adm-badge" data-tone="lottery" data-testid="block-allocation">
        {t('blocks.allocationShort.lottery')}
      </span>
      {published ? (
        <span className="adm-cell-hint">{t('blocks.drawPublishedOn', { date: published })}</span>
      ) : block.seedHash ? (
        <span className="adm-cell-hint" title={block.seedHash}>
          {t('blocks.hashShort', { hash: block.seedHash.slice(0, HASH_PREFIX) })}
        </span>
      ) : (
        <span className="adm-cell-hint">{t('blocks.noWindowYet')}</span>
      )}
    </>
  );
}
