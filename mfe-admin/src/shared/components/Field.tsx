import { useId, type ReactNode } from 'react';
import { FieldNote, fieldIds } from '@nsa/web-kit';

/** What a field's control (input, select) must carry to be tied to its label and messages. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A field's hint and error message under its control, each under the id `fieldIds` gave it
 * (the control's `aria-describedby` names them); nothing is shown for one that is not given.
 */
export function FieldNotes({
  hintId,
  errorId,
  hint,
  error,
}: {
  hintId: string;
  errorId: string;
  hint?: string;
  error?: string;
}) {
  return (
    <>
      <FieldNote id={hintId} className="adm-field-hint">
        {hint}
      </FieldNote>
      <FieldNote id={errorId} className="adm-field-error">
        {error}
      </FieldNote>
    </>
  );
}

/** A label, the control, an optional hint and the error message, all linked for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const { hintId, errorId, describedBy } = fieldIds(id, hint, error);
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldNotes hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

interface CheckboxFieldProps {
  name: string;
  label: string;
  /** What ticking it means, under the label. */
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A checkbox with its label and a hint, the whole of it clickable. */
export function CheckboxField({ name, label, hint, checked, onChange }: CheckboxFieldProps) {
  return (
    <label className="adm-checkbox">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        {label}
        <span className="adm-field-hint">{hint}</span>
      </span>
    </label>
  );
}
