// An API refusal shown where it belongs: the server names the field to blame (`field`: 'from', 'targets',
// 'items.2.src', docs/management-api.md §Errors), and a form shows the message under that field; what names no
// field of the form shows above its buttons.

import { ApiError } from '../api/client';

export type FieldErrors = Record<string, string>;

/** The form field an API error names: its first path segment ('items.2.src' → 'items'), or null. */
export function fieldOf(error: unknown): string | null {
  return error instanceof ApiError && error.field !== undefined ? (error.field.split('.')[0] ?? null) : null;
}

/**
 * The errors to show for a refusal: under the field it names when the form has that field (`fields`), else under
 * the key 'form'.
 */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): FieldErrors {
  const message = error instanceof Error ? error.message : String(error);
  const field = fieldOf(error);
  return field !== null && fields.includes(field) ? { [field]: message } : { form: message };
}
