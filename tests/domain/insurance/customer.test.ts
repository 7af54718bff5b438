import { describe, expect, it } from 'vitest';
import { customerInputSchema, customerMatches } from '../../../src/domain/insurance/customer';
import { validate } from '../../../src/domain/validation/validate';

const ID = '0196a0b2-7c1e-7a00-8000-000000000001';

describe('customer input', () => {
  it('writes the phone as +260 and the email in lower case', () => {
    expect(
      customerInputSchema.parse({
        id: ID,
        name: ' Chanda Mwale ',
        nrc: '234567/10/1',
        phone: '0977 123 456',
        email: 'Chanda@Example.ZM',
      }),
    ).toEqual({
      id: ID,
      name: 'Chanda Mwale',
      nrc: '234567/10/1',
      phone: '+260977123456',
      email: 'chanda@example.zm',
    });
  });

  it('says what is wrong with each field', () => {
    const result = validate(customerInputSchema, { id: ID, name: '', nrc: '2345671011', phone: '12', email: 'chanda' });
    expect(result.ok ? null : result.errors).toEqual({
      name: 'Full Name is required',
      nrc: 'NRC number must look like 123456/78/9',
      phone: 'Enter a Zambian phone number like +260 97 123 4567',
      email: 'Please enter a valid email address',
    });
  });
});

describe('customer search', () => {
  const customer = {
    name: 'Chanda Mwale',
    nrc: '234567/10/1',
    phone: '+260977123456',
    email: 'chanda@example.zm',
    vehicles: [
      {
        plateNumber: 'ZM-123-ABC',
        make: 'Toyota',
        model: 'Corolla',
        colour: 'Silver',
        year: 2020,
        expiryDate: '2029-01-01',
        standing: 'Valid' as const,
      },
    ],
  };

  it('finds a customer by name, NRC, phone, email or plate', () => {
    for (const search of ['chanda', '234567/10', '0977123', 'example.zm', 'zm123abc', 'ZM-123'])
      expect(customerMatches(customer, search)).toBe(true);
    expect(customerMatches(customer, 'mwila')).toBe(false);
  });
});
