import { describe, expect, it } from 'vitest';
import {
  EMPTY_SIGNUP,
  loginSchema,
  MIN_PASSWORD_LENGTH,
  showsBusinessName,
  showsLicenseNumber,
  signupSchema,
} from '#domain/accounts/signup';
import { ACCOUNT_TYPE_IDS } from '#domain/statuses/statuses';
import { validate } from '#domain/validation/validate';

const individual = {
  name: 'Chanda Mulenga',
  email: 'chanda@example.zm',
  password: 'secret123',
  confirmPassword: 'secret123',
  userType: 'individual',
};

describe('signupSchema', () => {
  it('accepts an individual driver without business details', () => {
    const result = validate(signupSchema, individual);
    expect(result.ok).toBe(true);
  });

  it('starts the form as an individual driver with every field blank', () => {
    expect(EMPTY_SIGNUP.userType).toBe('individual');
    expect(validate(signupSchema, EMPTY_SIGNUP)).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        password: 'Password must be at least 8 characters',
      },
    });
  });

  it('takes an optional Zambian phone number in +260 form, and says what a wrong one should look like', () => {
    expect(validate(signupSchema, { ...individual, phone: '0971234567' })).toMatchObject({
      ok: true,
      value: { phone: '+260971234567' },
    });
    expect(validate(signupSchema, { ...individual, phone: '' })).toMatchObject({ ok: true, value: { phone: null } });
    expect(validate(signupSchema, individual)).toMatchObject({ ok: true, value: { phone: null } });
    expect(validate(signupSchema, { ...individual, phone: '+44 20 7946 0958' })).toEqual({
      ok: false,
      errors: { phone: 'Enter a Zambian phone number like +260 97 123 4567' },
    });
  });

  it('asks for a valid email address', () => {
    expect(validate(signupSchema, { ...individual, email: 'chanda' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it(`needs a password of at least ${MIN_PASSWORD_LENGTH} characters`, () => {
    expect(validate(signupSchema, { ...individual, password: 'short12', confirmPassword: 'short12' })).toEqual({
      ok: false,
      errors: { password: 'Password must be at least 8 characters' },
    });
    expect(validate(signupSchema, { ...individual, password: '12345678', confirmPassword: '12345678' }).ok).toBe(true);
  });

  it('says the passwords do not match on the confirmation field', () => {
    expect(validate(signupSchema, { ...individual, confirmPassword: 'secret124' })).toEqual({
      ok: false,
      errors: { confirmPassword: 'Passwords do not match' },
    });
  });

  it('reports a password mismatch even when other fields are wrong too', () => {
    expect(validate(signupSchema, { ...individual, name: '', confirmPassword: 'other' })).toEqual({
      ok: false,
      errors: { name: 'Name is required', confirmPassword: 'Passwords do not match' },
    });
  });

  it('requires agents to give both business name and licence number', () => {
    const agent = { ...individual, userType: 'agent' };
    const message = 'Agents must provide Business Name and License Number';
    expect(validate(signupSchema, agent)).toEqual({ ok: false, errors: { businessName: message } });
    expect(validate(signupSchema, { ...agent, businessName: 'Plates Ltd', licenseNumber: '  ' })).toEqual({
      ok: false,
      errors: { businessName: message },
    });
    expect(validate(signupSchema, { ...agent, businessName: '', licenseNumber: 'LIC-1' })).toEqual({
      ok: false,
      errors: { businessName: message },
    });
    expect(validate(signupSchema, { ...agent, businessName: 'Plates Ltd', licenseNumber: 'LIC-1' }).ok).toBe(true);
  });

  it('requires corporate accounts to give a company name but no licence number', () => {
    const corporate = { ...individual, userType: 'corporate' };
    expect(validate(signupSchema, corporate)).toEqual({
      ok: false,
      errors: { businessName: 'Corporate accounts must provide Business/Company Name' },
    });
    expect(validate(signupSchema, { ...corporate, businessName: 'Copperbelt Haulage' }).ok).toBe(true);
  });

  it('does not require business details from fleet owners or law enforcement', () => {
    expect(validate(signupSchema, { ...individual, userType: 'fleet' }).ok).toBe(true);
    expect(validate(signupSchema, { ...individual, userType: 'law' }).ok).toBe(true);
  });

  it('rejects an unknown account type', () => {
    expect(validate(signupSchema, { ...individual, userType: 'admin' })).toEqual({
      ok: false,
      errors: { userType: 'Please choose an account type' },
    });
  });

  it('does not crash on input that is not an object', () => {
    expect(validate(signupSchema, null).ok).toBe(false);
  });
});

describe('which business fields the form shows', () => {
  it('shows the business name for agents and corporate accounts only', () => {
    expect(ACCOUNT_TYPE_IDS.filter(showsBusinessName)).toEqual(['corporate', 'agent']);
  });

  it('shows the licence number for agents only', () => {
    expect(ACCOUNT_TYPE_IDS.filter(showsLicenseNumber)).toEqual(['agent']);
  });
});

describe('loginSchema', () => {
  it('accepts an email and password', () => {
    expect(validate(loginSchema, { email: ' chanda@example.zm ', password: 'x' })).toEqual({
      ok: true,
      value: { email: 'chanda@example.zm', password: 'x' },
    });
  });

  it('requires both fields', () => {
    expect(validate(loginSchema, { email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
    expect(validate(loginSchema, {})).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('asks for a valid email address', () => {
    expect(validate(loginSchema, { email: 'chanda@', password: 'x' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
  });
});
