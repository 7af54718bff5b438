// One way to run a schema and get messages keyed by field. Forms show each message under
// its field and the server returns the same map in a 400 response, so both say the same thing.
import type { ZodType, input, output } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Key for problems that belong to the whole input rather than one field. */
export const FORM_ERROR_KEY = 'form';

export type FieldKey<T> = (T extends object ? Extract<keyof T, string> : never) | typeof FORM_ERROR_KEY;

export type ValidationResult<T, K extends string = string> =
  { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

/**
 * Parses `input` with `schema`. On failure, each top-level field gets the message of its
 * first issue: issues come in field and check order, and one message per field is what a
 * form can show.
 */
export function validate<S extends ZodType>(
  schema: S,
  input: unknown,
): ValidationResult<output<S>, FieldKey<input<S>>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const head = issue.path[0];
    const key = head === undefined ? FORM_ERROR_KEY : String(head);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
