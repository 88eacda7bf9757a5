import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';
import { FieldNote, fieldIds } from '@nsa/web-kit';

export interface FormFieldProps {
  id: string;
  label: string;
  /** The required mark's title; an optional field has none (no mark, not required). */
  requiredLabel?: string;
  error?: string;
  /** The input, select …; it gets id, aria-required, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  hint?: ReactNode;
}

/** A labelled control whose error message is tied to it with aria-describedby. */
export function FormField({ id, label, requiredLabel, error, children, hint }: FormFieldProps) {
  const { hintId, errorId, describedBy } = fieldIds(id, hint, error);
  return (
    <div className={`pub-field${error ? ' pub-has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {requiredLabel === undefined ? null : (
          <span className="pub-required-mark" aria-hidden="true" title={requiredLabel}>
            {' *'}
          </span>
        )}
      </label>
      <FieldNote id={hintId} className="pub-field-hint">
        {hint}
      </FieldNote>
      {cloneElement(children, {
        id,
        required: requiredLabel !== undefined,
        'aria-required': requiredLabel === undefined ? undefined : true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldNote id={errorId} className="pub-field-error">
        {error}
      </FieldNote>
    </div>
  );
}
