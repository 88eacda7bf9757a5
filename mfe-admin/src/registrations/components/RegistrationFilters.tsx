import { useTranslation } from 'react-i18next';
import type { ActivityView, Block, School } from '@nsa/contracts';
import {
  activitiesMatching,
  hasFilters,
  REGISTRATION_STATUSES,
  statusFilterFrom,
  type FilterName,
  type RegistrationFilters as Filters,
  type StatusFilter,
} from '../lib/registration-filters';
import { NAMESPACE } from '../../namespace';
import { Field } from '../../shared/components/Field';
import { IdFilterSelect } from '../../shared/components/IdFilterSelect';
import { SearchField } from '../../shared/components/SearchField';
import type { IdFilter } from '../../shared/lib/id-filter';

interface Props {
  filters: Filters;
  schools: readonly School[];
  blocks: readonly Block[];
  activities: readonly ActivityView[];
  /** True while a source list is still loading; its select says so. */
  loading: { schools: boolean; blocks: boolean; activities: boolean };
  onChange: (name: FilterName, value: IdFilter | StatusFilter) => void;
  onClear: () => void;
  /** The search as typed, a short moment after the last key (R-REVIEW-SEARCH). */
  onSearch: (q: string) => void;
}

/** School, block, activity (narrowed by school and block) and status; 'all' sends nothing. */
export function RegistrationFilters({
  filters,
  schools,
  blocks,
  activities,
  loading,
  onChange,
  onClear,
  onSearch,
}: Props) {
  const { t } = useTranslation(NAMESPACE);
  const choices = activitiesMatching(activities, filters);
  // Opened from a link or the activities tab with an activity outside the
  // current lists: keep it selectable so the select shows what is filtered.
  const chosen = activities.find((a) => a.id === filters.activityId);
  const activityOptions = chosen && !choices.includes(chosen) ? [chosen, ...choices] : choices;

  const idSelect = (
    name: 'schoolId' | 'blockId' | 'activityId',
    allLabel: string,
    options: { value: number; label: string }[],
    isLoading: boolean,
  ) => (
    <IdFilterSelect
      label={t(`registrations.filters.${name}`)}
      name={name}
      value={filters[name]}
      allLabel={isLoading ? t('common.loading') : allLabel}
      options={options}
      testId={`filter-${name}`}
      onChange={(value) => onChange(name, value)}
    />
  );

  return (
    <form
      className="adm-filters"
      aria-label={t('registrations.filters.label')}
      onSubmit={(e) => e.preventDefault()}
    >
      <SearchField value={filters.q ?? ''} onSearch={onSearch} />
      {idSelect(
        'schoolId',
        t('registrations.filters.allSchools'),
        schools.map((s) => ({ value: s.id, label: s.name })),
        loading.schools,
      )}
      {idSelect(
        'blockId',
        t('registrations.filters.allBlocks'),
        blocks.map((b) => ({
          value: b.id,
          label: t('activities.blockOption', { name: b.name, start: b.weekStart, end: b.weekEnd }),
        })),
        loading.blocks,
      )}
      {idSelect(
        'activityId',
        t('registrations.filters.allActivities'),
        activityOptions.map((a) => ({
          value: a.id,
          label: t('registrations.filters.activityOption', {
            title: a.title,
            school: a.school?.name ?? '',
            block: a.block?.name ?? '',
          }),
        })),
        loading.activities,
      )}
      <Field label={t('registrations.filters.status')}>
        {(control) => (
          <select
            {...control}
            name="status"
            value={filters.status}
            onChange={(e) => onChange('status', statusFilterFrom(e.target.value))}
            data-testid="filter-status"
          >
            <option value="all">{t('registrations.filters.allStatuses')}</option>
            {REGISTRATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`registrations.status.${status}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="adm-filters-clear">
        <button
          type="button"
          className="button secondary"
          disabled={!hasFilters(filters)}
          onClick={onClear}
          data-testid="filters-clear"
        >
          {t('registrations.filters.clear')}
        </button>
      </div>
    </form>
  );
}
