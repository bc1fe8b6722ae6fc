// A form's values and errors, where the server's refusal lands on the field it names (fieldErrors.ts).

import { useState } from 'react';
import { fieldErrorsOf, type FieldErrors } from './fieldErrors';

export function useApiForm<V extends object>(initial: V | (() => V), fields: readonly string[]) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    values,
    setValues,
    errors,
    setErrors,
    set: <K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value })),
    /** Shows an API error on the field it names, else on the form. */
    refused: (error: Error) => setErrors(fieldErrorsOf(error, fields)),
  };
}
