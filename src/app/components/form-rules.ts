/**
 * A form's rules load on demand, not with the page (decision 028): fetched once the page
 * is idle, or with the first send if sooner. A form checks what was typed once they are
 * here; offline before they were ever fetched, it says so (NOT_LOADED) and keeps the input.
 */
import { type FieldKey, validate, type ValidationResult } from '#domain/validation/validate';
import type { input, output, ZodType } from 'zod';

/** A form's rules: the domain schema, or its load. */
export type FormRules<Value> = ZodType<Value> | Promise<ZodType<Value>>;

/** The input checked with the rules once they are here; null when they cannot be fetched. */
export async function checkWithRules<Schema extends ZodType>(
  rules: Schema | Promise<Schema>,
  typed: unknown,
): Promise<ValidationResult<output<Schema>, FieldKey<input<Schema>>> | null> {
  const schema = await Promise.resolve(rules).catch(() => null);
  return schema ? validate(schema, typed) : null;
}
