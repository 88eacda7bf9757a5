import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';

export interface FormFieldProps {
  id: string;
  label: string;
  requiredLabel: string;
  error?: string;
  /** The input, select …; it gets id, aria-required, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  hint?: ReactNode;
}

/** A labelled control whose error message is tied to it with aria-describedby. */
export function FormField({ id, label, requiredLabel, error, children, hint }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        <span className="required-mark" aria-hidden="true" title={requiredLabel}>
          {' *'}
        </span>
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {cloneElement(children, {
        id,
        required: true,
        'aria-required': true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
