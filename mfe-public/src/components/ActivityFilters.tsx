import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocks } from '../api/activities';
import { isolate } from '../lib/isolate';
import { NAMESPACE } from '../namespace';

/** The school page's filters: one block (or all), and whether past activities show. */
export function ActivityFilters({
  blockId,
  onBlockId,
  showPast,
  onShowPast,
}: {
  blockId: string;
  onBlockId(blockId: string): void;
  showPast: boolean;
  onShowPast(showPast: boolean): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const ids = { block: useId(), past: useId() };
  const blocks = useBlocks();
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
            {(blocks.data ?? []).map((block) => (
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
