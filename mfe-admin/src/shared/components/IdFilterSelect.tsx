import { idFilterFrom, type IdFilter } from '../lib/id-filter';
import { Field } from '../../shared/components/Field';

interface Props {
  label: string;
  name: string;
  value: IdFilter;
  /** The first option, which filters nothing. */
  allLabel: string;
  options: readonly { value: number; label: string }[];
  testId: string;
  onChange: (value: IdFilter) => void;
}

/**
 * A filter by school, block, provider or activity. An id from the address bar that is not among
 * the options stays selectable as "#id", so the select shows what is filtered.
 */
export function IdFilterSelect({ label, name, value, allLabel, options, testId, onChange }: Props) {
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={String(value)}
          onChange={(e) => onChange(idFilterFrom(e.target.value))}
          data-testid={testId}
        >
          <option value="all">{allLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
          {value !== 'all' && !options.some((o) => o.value === value) ? (
            <option value={String(value)}>#{value}</option>
          ) : null}
        </select>
      )}
    </Field>
  );
}
