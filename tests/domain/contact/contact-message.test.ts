import { describe, expect, it } from 'vitest';
import { CONTACT_THANK_YOU, contactMessageSchema } from '#domain/contact/contact-message';
import { validate } from '#domain/validation/validate';

const valid = {
  name: 'Mwila Banda',
  email: 'mwila@example.zm',
  subject: 'Delivery',
  message: 'Can you deliver to Ndola?',
};

describe('contactMessageSchema', () => {
  it('accepts a complete message and trims every field', () => {
    const result = validate(contactMessageSchema, {
      name: ' Mwila Banda ',
      email: ' mwila@example.zm ',
      subject: ' Delivery ',
      message: ' Hello ',
    });
    expect(result).toEqual({
      ok: true,
      value: { name: 'Mwila Banda', email: 'mwila@example.zm', subject: 'Delivery', message: 'Hello' },
    });
  });

  it('requires every field', () => {
    expect(validate(contactMessageSchema, { name: ' ', email: '', subject: '', message: '\n' })).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        subject: 'Subject is required',
        message: 'Message is required',
      },
    });
  });

  it('treats missing fields as blank', () => {
    expect(validate(contactMessageSchema, {})).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        subject: 'Subject is required',
        message: 'Message is required',
      },
    });
  });

  it('asks for a valid email address', () => {
    expect(validate(contactMessageSchema, { ...valid, email: 'mwila@' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it('limits the length of each field', () => {
    expect(validate(contactMessageSchema, { ...valid, name: 'a'.repeat(101) })).toEqual({
      ok: false,
      errors: { name: 'Name must be at most 100 characters' },
    });
    expect(validate(contactMessageSchema, { ...valid, message: 'a'.repeat(5001) })).toEqual({
      ok: false,
      errors: { message: 'Message must be at most 5000 characters' },
    });
    expect(validate(contactMessageSchema, { ...valid, subject: 'a'.repeat(201) }).ok).toBe(false);
    expect(validate(contactMessageSchema, { ...valid, email: `${'a'.repeat(250)}@example.zm` }).ok).toBe(false);
    expect(validate(contactMessageSchema, { ...valid, message: 'a'.repeat(5000) }).ok).toBe(true);
  });

  it('thanks the sender in the words of the spec', () => {
    expect(CONTACT_THANK_YOU).toBe("Thank you for your message! We'll get back to you soon.");
  });
});
