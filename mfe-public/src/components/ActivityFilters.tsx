import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block } from '@nsa/contracts';
import { isolate } from '../lib/isolate';
import { NAMESPACE } from '../namespace';

export interface ActivityFiltersProps {
  /** Every block, for the block filter (none while they load). */
  blocks: readonly Block[] | undefined;
  /** The block the list is filtered on; '' for all. */
  blockId: string;
  onBlockId(blockId: string): void;
  showPast: boolean;
  onShowPast(showPast: boolean): void;
}

/** The school page's filters: the time block, and whether past activities are shown. */
export function ActivityFilters({
  blocks,
  blockId,
  onBlockId,
  showPast,
  onShowPast,
}: ActivityFiltersProps) {
  const { t } = useTranslation(NAMESPACE);
  const ids = { block: useId(), past: useId() };
  return (
    <div className="pub-filters" role="group" aria-label={t('filter.label')}>
      <div className="pub-filter-block">
        <label htmlFor={ids.block}>{t('filter.block')}</label>
        <div className="pub-filter-row">
          <select
            id={ids.block}
            value={blockId}
            onChange={(event) => onBlockId(event.target.value)}
          >
            <option value="">{t('filter.allBlocks')}</option>
            {(blocks ?? []).map((block) => (
              <option key={block.id} value={String(block.id)}>
                {t('filter.blockOption', {
                  name: isolate(block.name),
                  start: block.weekStart,
                  end: block.weekEnd,
                })}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button secondary"
            disabled={blockId === ''}
            onClick={() => onBlockId('')}
          >
            {t('filter.clear')}
          </button>
        </div>
      </div>
      <div className="pub-filter-past">
        <input
          id={ids.past}
          type="checkbox"
          checked={showPast}
          onChange={(event) => onShowPast(event.target.checked)}
        />
        <label htmlFor={ids.past}>{t('filter.showPast')}</label>
      </div>
    </div>
  );
}
