import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Block, Provider, School } from '@nsa/contracts';
import {
  activityFiltersFrom,
  activityFiltersTo,
  hasActivityFilters,
  MAX_ACTIVITY_SEARCH,
  NO_ACTIVITY_FILTERS,
  type ActivityFilters as Filters,
} from '../lib/activity-filters';
import { NAMESPACE } from '../../namespace';
import { IdFilterSelect } from '../../shared/components/IdFilterSelect';
import { SearchField } from '../../shared/components/SearchField';

/** The activities screen's filters, kept in the address bar (R-ADMIN-ACTIVITIES-FILTER). */
export function useActivityFilters() {
  const [params, setParams] = useSearchParams();
  const filters = activityFiltersFrom(params);
  const set = (change: (current: Filters) => Filters) => {
    // As the address bar has it now: two changes before a render must not undo each other.
    const current =
      typeof window === 'undefined' ? params : new URLSearchParams(window.location.search);
    setParams(activityFiltersTo(change(activityFiltersFrom(current)), current), {
      replace: true,
    });
  };
  return { filters, set };
}

interface Props {
  filters: Filters;
  schools: readonly School[];
  blocks: readonly Block[];
  providers: readonly Provider[];
  onChange: (change: (current: Filters) => Filters) => void;
}

export function ActivityFilters({ filters, schools, blocks, providers, onChange }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const select = (
    name: 'schoolId' | 'blockId' | 'providerId',
    all: string,
    options: { value: number; label: string }[],
  ) => (
    <IdFilterSelect
      label={t(`activityFilters.${name}`)}
      name={name}
      value={filters[name]}
      allLabel={all}
      options={options}
      testId={`activity-filter-${name}`}
      onChange={(value) => onChange((current) => ({ ...current, [name]: value }))}
    />
  );
  return (
    <form
      className="adm-filters adm-activity-filters"
      aria-label={t('activityFilters.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      <SearchField
        label={t('activityFilters.search')}
        value={filters.q}
        maxLength={MAX_ACTIVITY_SEARCH}
        testId="activity-filter-q"
        onSearch={(q) => onChange((current) => ({ ...current, q }))}
      />
      {select(
        'schoolId',
        t('activityFilters.allSchools'),
        schools.map((s) => ({ value: s.id, label: s.name })),
      )}
      {select(
        'blockId',
        t('activityFilters.allBlocks'),
        blocks.map((b) => ({
          value: b.id,
          label: t('activities.blockOption', { name: b.name, start: b.weekStart, end: b.weekEnd }),
        })),
      )}
      {select(
        'providerId',
        t('activityFilters.allProviders'),
        providers.map((p) => ({ value: p.id, label: p.name })),
      )}
      <div className="adm-filters-clear">
        <button
          type="button"
          className="button secondary"
          disabled={!hasActivityFilters(filters)}
          onClick={() => onChange(() => NO_ACTIVITY_FILTERS)}
          data-testid="activity-filters-clear"
        >
          {t('activityFilters.clear')}
        </button>
      </div>
    </form>
  );
}
