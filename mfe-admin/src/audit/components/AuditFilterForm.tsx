import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/components/Field';
import {
  AUDIT_ACTION_LIST,
  AUDIT_TARGET_TYPES,
  auditActorTypes,
  hasAuditFilters,
  type AuditFilters,
} from '../lib/audit';
import { actionLabel } from '../lib/action-label';
import { NAMESPACE } from '../../namespace';

interface Props {
  /** The filters as typed; applied on submit. */
  draft: AuditFilters;
  /** The filters applied now. */
  filters: AuditFilters;
  /** The date range is the wrong way round: the "to" field says so. */
  inverted: boolean;
  onSet: (key: keyof AuditFilters) => (value: string) => void;
  onApply: (e: FormEvent) => void;
  onClear: () => void;
}

/** R-AUDIT-SCREEN: the log's seven filters, applied together, and a button that clears them. */
export function AuditFilterForm({ draft, filters, inverted, onSet, onApply, onClear }: Props) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <form className="adm-filters adm-audit-filters" onSubmit={onApply} data-testid="audit-filters">
      <Field label={t('audit.filters.action')}>
        {(control) => (
          <select
            {...control}
            value={draft.action}
            onChange={(e) => onSet('action')(e.target.value)}
            data-testid="audit-filter-action"
          >
            <option value="">{t('audit.filters.allActions')}</option>
            {AUDIT_ACTION_LIST.map((a) => (
              <option key={a} value={a}>
                {actionLabel(t, a)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('audit.filters.actorType')}>
        {(control) => (
          <select
            {...control}
            value={draft.actorType}
            onChange={(e) => onSet('actorType')(e.target.value)}
            data-testid="audit-filter-actor-type"
          >
            <option value="">{t('audit.filters.allActors')}</option>
            {auditActorTypes.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actorTypes.${a}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('audit.filters.actorId')}>
        {(control) => (
          <input
            {...control}
            value={draft.actorId}
            maxLength={100}
            onChange={(e) => onSet('actorId')(e.target.value)}
            data-testid="audit-filter-actor-id"
          />
        )}
      </Field>
      <Field label={t('audit.filters.targetType')}>
        {(control) => (
          <select
            {...control}
            value={draft.targetType}
            onChange={(e) => onSet('targetType')(e.target.value)}
            data-testid="audit-filter-target-type"
          >
            <option value="">{t('audit.filters.allTargets')}</option>
            {AUDIT_TARGET_TYPES.map((a) => (
              <option key={a} value={a}>
                {t(`audit.targetTypes.${a}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('audit.filters.targetId')}>
        {(control) => (
          <input
            {...control}
            value={draft.targetId}
            maxLength={100}
            onChange={(e) => onSet('targetId')(e.target.value)}
            data-testid="audit-filter-target-id"
          />
        )}
      </Field>
      <Field label={t('audit.filters.from')}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={draft.from}
            onChange={(e) => onSet('from')(e.target.value)}
            data-testid="audit-filter-from"
          />
        )}
      </Field>
      <Field
        label={t('audit.filters.to')}
        error={inverted ? t('audit.filters.inverted') : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            value={draft.to}
            onChange={(e) => onSet('to')(e.target.value)}
            data-testid="audit-filter-to"
          />
        )}
      </Field>
      <div className="adm-filters-clear adm-audit-filter-actions">
        <button type="submit" className="button" data-testid="audit-apply">
          {t('audit.filters.apply')}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={!hasAuditFilters(draft) && !hasAuditFilters(filters)}
          onClick={onClear}
          data-testid="audit-clear"
        >
          {t('audit.filters.clear')}
        </button>
      </div>
    </form>
  );
}
