import type { InputHTMLAttributes } from 'react';
import { Field } from '../Field';
import type { FormApi } from './FormDialog';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name' | 'value' | 'onChange'
>;

/** A labelled text input bound to one field of a form dialog's values. */
export function InputField<V extends Record<K, string>, K extends keyof V & string>({
  form,
  name,
  label,
  hint,
  ...input
}: { form: FormApi<V>; name: K; label: string; hint?: string } & InputProps) {
  return (
    <Field label={label} hint={hint} error={form.errors[name]}>
      {(control) => (
        <input
          {...control}
          name={name}
          {...input}
          value={form.values[name]}
          onChange={(e) => form.change(name, e.target.value as V[K])}
        />
      )}
    </Field>
  );
}
