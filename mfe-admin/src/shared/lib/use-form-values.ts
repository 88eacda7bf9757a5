import { useState } from 'react';
import type { FieldErrors } from './errors';
import type { Validated } from './validation';

export interface FormValues<V, D> {
  values: V;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** Sets one field; after the first submit it validates again at once. */
  change: <K extends keyof V>(field: K, value: V[K]) => void;
  /** On submit: validates all fields, shows their errors, and from now on after every change. */
  validateAll: () => Validated<D>;
}

/** A form's values and field errors: quiet until the first submit, then live. */
export function useFormValues<V, D>(
  initial: () => V,
  check: (values: V) => Validated<D>,
): FormValues<V, D> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  return {
    values,
    errors,
    setErrors,
    change: (field, value) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (submitted) {
        const result = check(next);
        setErrors(result.ok ? {} : result.errors);
      }
    },
    validateAll: () => {
      setSubmitted(true);
      const result = check(values);
      setErrors(result.ok ? {} : result.errors);
      return result;
    },
  };
}
