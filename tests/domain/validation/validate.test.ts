import { z } from 'zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { validate } from '#domain/validation/validate';
import type { FieldErrors } from '#domain/validation/validate';

const schema = z
  .object({
    name: z
      .string()
      .min(1, 'Name is required')
      .max(3, 'Name is too long')
      .regex(/^[a-z]*$/, 'Lowercase only'),
    age: z.number({ error: 'Age must be a number' }),
    tags: z.array(z.string().min(1, 'Tag is blank')),
  })
  .refine((value) => value.name !== 'bad', { message: 'The whole form is bad' });

describe('validate', () => {
  it('returns the parsed value when the input is valid', () => {
    expect(validate(schema, { name: 'ab', age: 3, tags: [] })).toEqual({
      ok: true,
      value: { name: 'ab', age: 3, tags: [] },
    });
  });

  it('keeps only the first message of each field', () => {
    const result = validate(schema, { name: 'ABCD', age: 3, tags: [] });
    expect(result).toEqual({ ok: false, errors: { name: 'Name is too long' } });
  });

  it('reports every failing top-level field', () => {
    const result = validate(schema, { name: '', age: 'x', tags: ['a', ''] });
    expect(result).toEqual({
      ok: false,
      errors: { name: 'Name is required', age: 'Age must be a number', tags: 'Tag is blank' },
    });
  });

  it('files issues that have no path under form', () => {
    expect(validate(schema, { name: 'bad', age: 1, tags: [] })).toEqual({
      ok: false,
      errors: { form: 'The whole form is bad' },
    });
    expect(validate(z.string({ error: 'Expected text' }), 5)).toEqual({ ok: false, errors: { form: 'Expected text' } });
  });

  it('types the error keys after the schema fields plus form', () => {
    const result = validate(schema, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expectTypeOf(result.errors).toEqualTypeOf<FieldErrors<'name' | 'age' | 'tags' | 'form'>>();
  });
});
