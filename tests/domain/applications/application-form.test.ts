import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicationReferenceNumber,
  applicationSchema,
  applicationStep1Schema,
  applicationStep2Schema,
  applicationVehicle,
  EMPTY_APPLICATION_STEP1,
  isValidNrc,
  isValidZambianPhone,
  nextStep,
  NRC_PLACEHOLDER,
  parseNumberOfPlates,
  PLATES_NOT_WHOLE,
  PHONE_PLACEHOLDER,
  previousStep,
  REGISTRATION_FORMAT,
  REGISTRATION_REQUIRED,
  WIZARD_STEPS,
} from '#domain/applications/application-form';
import { validate } from '#domain/validation/validate';

const step1 = {
  fullName: 'Bwalya Phiri',
  nrcNumber: '123456/78/9',
  phoneNumber: '+260 97 1234567',
  email: 'bwalya@example.zm',
  address: 'Plot 12, Cairo Road, Lusaka',
  numberOfPlates: 2,
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  vehicleRegistration: 'BAK 1234',
  registrationNotYetKnown: false,
};

/** Step 1 as the schema gives it back: the phone in +260 form. */
const checked = { ...step1, phoneNumber: '+260971234567' };

describe('parseNumberOfPlates', () => {
  it('reads the leading whole number, like parseInt', () => {
    expect(parseNumberOfPlates('3')).toBe(3);
    expect(parseNumberOfPlates('3abc')).toBe(3);
    expect(parseNumberOfPlates(' 12 ')).toBe(12);
    expect(parseNumberOfPlates('2.9')).toBe(2);
    expect(parseNumberOfPlates(4)).toBe(4);
    expect(parseNumberOfPlates(4.7)).toBe(4);
  });

  it('falls back to 1 for non-numeric input', () => {
    expect(parseNumberOfPlates('')).toBe(1);
    expect(parseNumberOfPlates('abc')).toBe(1);
    expect(parseNumberOfPlates(Number.NaN)).toBe(1);
    expect(parseNumberOfPlates(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('keeps zero and negative numbers so validation can reject them', () => {
    expect(parseNumberOfPlates('0')).toBe(0);
    expect(parseNumberOfPlates('-2')).toBe(-2);
  });

  it('always returns a whole number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double()), (raw) => {
        expect(Number.isInteger(parseNumberOfPlates(raw))).toBe(true);
      }),
    );
  });
});

describe('applicationStep1Schema', () => {
  it('accepts complete personal details and trims them', () => {
    const result = validate(applicationStep1Schema, { ...step1, fullName: '  Bwalya Phiri ' });
    expect(result).toEqual({ ok: true, value: checked });
  });

  it('names every missing field with the spec messages', () => {
    expect(validate(applicationStep1Schema, { ...EMPTY_APPLICATION_STEP1, numberOfPlates: 0 })).toEqual({
      ok: false,
      errors: {
        fullName: 'Full name is required',
        nrcNumber: 'NRC number is required',
        phoneNumber: 'Phone number is required',
        email: 'Email is required',
        address: 'Address is required',
        numberOfPlates: 'Number of plates must be at least 1',
        vehicleMake: 'Vehicle make is required',
        vehicleModel: 'Vehicle model is required',
        vehicleRegistration: 'Enter the vehicle’s registration number, or tick “Registration not yet known”',
      },
    });
  });

  it('rejects an email that does not match the simple pattern', () => {
    for (const email of ['bwalya', 'bwalya@example', 'bwalya @example.zm', '@.']) {
      expect(validate(applicationStep1Schema, { ...step1, email })).toEqual({
        ok: false,
        errors: { email: 'Invalid email format' },
      });
    }
  });

  it('accepts any email of the form something@something.something', () => {
    expect(validate(applicationStep1Schema, { ...step1, email: 'a@b.c' }).ok).toBe(true);
  });

  it('refuses an NRC, phone number and name that cannot be real, saying what will do', () => {
    expect(validate(applicationStep1Schema, { ...step1, fullName: 'X', nrcNumber: 'abc', phoneNumber: '12' })).toEqual({
      ok: false,
      errors: {
        fullName: 'Full name must be at least 2 characters',
        nrcNumber: 'NRC number must look like 123456/78/9',
        phoneNumber: 'Enter a Zambian phone number like +260 97 123 4567',
      },
    });
    expect(validate(applicationStep1Schema, { ...step1, nrcNumber: 'NRC 42', phoneNumber: '12345' }).ok).toBe(false);
  });

  it('writes the phone +260 whichever way it was typed', () => {
    for (const phoneNumber of ['097 1234567', '+260 97 1234567', '0971234567']) {
      expect(validate(applicationStep1Schema, { ...step1, phoneNumber })).toMatchObject({
        ok: true,
        value: { phoneNumber: '+260971234567' },
      });
    }
  });

  it('takes the registration in capitals, or none when it is explicitly not yet known', () => {
    expect(validate(applicationStep1Schema, { ...step1, vehicleRegistration: ' bak  1234 ' })).toMatchObject({
      ok: true,
      value: { vehicleRegistration: 'BAK 1234' },
    });
    expect(validate(applicationStep1Schema, { ...step1, vehicleRegistration: '' })).toEqual({
      ok: false,
      errors: { vehicleRegistration: REGISTRATION_REQUIRED },
    });
    expect(validate(applicationStep1Schema, { ...step1, vehicleRegistration: 'BAK/1234' })).toEqual({
      ok: false,
      errors: { vehicleRegistration: REGISTRATION_FORMAT },
    });
    expect(
      validate(applicationStep1Schema, { ...step1, vehicleRegistration: 'BAK 1', registrationNotYetKnown: 'true' }),
    ).toMatchObject({ ok: true, value: { vehicleRegistration: '', registrationNotYetKnown: true } });
    expect(validate(applicationStep1Schema, { ...step1, registrationNotYetKnown: 'maybe' }).ok).toBe(false);
  });

  it('names the vehicle for the request and the shop’s order', () => {
    expect(applicationVehicle(checked)).toBe('Toyota Corolla, BAK 1234');
    expect(applicationVehicle({ ...checked, vehicleRegistration: '', registrationNotYetKnown: true })).toBe(
      'Toyota Corolla, registration not yet known',
    );
  });

  it('takes the number of plates as a whole number, typed or sent, and refuses anything else instead of reading it as something', () => {
    expect(validate(applicationStep1Schema, { ...step1, numberOfPlates: ' 3 ' })).toMatchObject({
      ok: true,
      value: { numberOfPlates: 3 },
    });
    expect(validate(applicationStep1Schema, { ...step1, numberOfPlates: 3 })).toMatchObject({
      ok: true,
      value: { numberOfPlates: 3 },
    });
    for (const wrong of ['abc', '3abc', '2.9', 2.9, '', '1e3', Number.NaN]) {
      expect(validate(applicationStep1Schema, { ...step1, numberOfPlates: wrong }), String(wrong)).toEqual({
        ok: false,
        errors: { numberOfPlates: PLATES_NOT_WHOLE },
      });
    }
    expect(validate(applicationStep1Schema, { ...step1, numberOfPlates: '0' })).toEqual({
      ok: false,
      errors: { numberOfPlates: 'Number of plates must be at least 1' },
    });
    expect(validate(applicationStep1Schema, { ...step1, numberOfPlates: -2 })).toEqual({
      ok: false,
      errors: { numberOfPlates: 'Number of plates must be at least 1' },
    });
  });

  it('caps the number of plates at 1000', () => {
    expect(validate(applicationStep1Schema, { ...step1, numberOfPlates: 1000 }).ok).toBe(true);
    expect(validate(applicationStep1Schema, { ...step1, numberOfPlates: 1001 })).toEqual({
      ok: false,
      errors: { numberOfPlates: 'Number of plates must be at most 1000' },
    });
  });

  it('rejects a number of plates that is neither text nor a number', () => {
    expect(validate(applicationStep1Schema, { ...step1, numberOfPlates: null })).toEqual({
      ok: false,
      errors: { numberOfPlates: PLATES_NOT_WHOLE },
    });
  });

  it('starts the form with one plate', () => {
    expect(EMPTY_APPLICATION_STEP1.numberOfPlates).toBe(1);
  });
});

describe('applicationStep2Schema', () => {
  it('requires a payment method', () => {
    expect(validate(applicationStep2Schema, {})).toEqual({
      ok: false,
      errors: { paymentMethod: 'Please select a payment method' },
    });
    expect(validate(applicationStep2Schema, { paymentMethod: '' })).toEqual({
      ok: false,
      errors: { paymentMethod: 'Please select a payment method' },
    });
    expect(validate(applicationStep2Schema, { paymentMethod: 'visa' })).toEqual({
      ok: false,
      errors: { paymentMethod: 'Please select a payment method' },
    });
  });

  it('accepts each of the four methods', () => {
    for (const paymentMethod of ['mtn', 'airtel', 'card', 'bank']) {
      expect(validate(applicationStep2Schema, { paymentMethod }).ok).toBe(true);
    }
  });

  it('combines with step 1 into the whole application', () => {
    expect(validate(applicationSchema, { ...step1, paymentMethod: 'bank' })).toEqual({
      ok: true,
      value: { ...checked, paymentMethod: 'bank' },
    });
  });
});

describe('NRC and phone helpers', () => {
  it('recognises NRC numbers like the placeholder', () => {
    expect(isValidNrc(NRC_PLACEHOLDER)).toBe(true);
    expect(isValidNrc('123456/78/9')).toBe(true);
    for (const bad of ['12345/78/9', '123456/7/9', '123456-78-9', '123456/78/10', '']) {
      expect(isValidNrc(bad)).toBe(false);
    }
  });

  it('recognises Zambian phone numbers in international and national form', () => {
    for (const good of [
      PHONE_PLACEHOLDER,
      '+260 97 1234567',
      '+260971234567',
      '0971234567',
      '+260 97 123 4567',
      '+260-97-123-4567',
      '0211234567',
    ]) {
      expect(isValidZambianPhone(good)).toBe(true);
    }
  });

  it('rejects numbers that are not Zambian or have the wrong length', () => {
    for (const bad of ['+27 82 1234567', '+26097123456', '097123456', '09712345678', '971234567', '']) {
      expect(isValidZambianPhone(bad)).toBe(false);
    }
  });
});

describe('wizard steps', () => {
  it('names the three steps', () => {
    expect(WIZARD_STEPS).toEqual(['Personal Info', 'Payment', 'Confirmation']);
  });

  it('moves forward one step and stays on the final step', () => {
    expect(nextStep(1)).toBe(2);
    expect(nextStep(2)).toBe(3);
    expect(nextStep(3)).toBe(3);
  });

  it('moves back one step, never below step 1', () => {
    expect(previousStep(2)).toBe(1);
    expect(previousStep(1)).toBe(1);
  });

  it('does not leave the confirmation step once the application is submitted', () => {
    expect(previousStep(3)).toBe(3);
  });
});

describe('applicationReferenceNumber', () => {
  it("is 'LP-' and the last six digits of the submission time", () => {
    expect(applicationReferenceNumber(new Date(1_741_598_765_432))).toBe('LP-765432');
  });

  it('always has six digits', () => {
    expect(applicationReferenceNumber(new Date(42))).toBe('LP-000042');
  });
});

describe('the vehicle registration rule', () => {
  it('is reported with the other fields’ problems, so a form shows every message at once', async () => {
    const { validate } = await import('#domain/validation/validate');
    const { applicationStep1Schema: schema, REGISTRATION_REQUIRED } =
      await import('#domain/applications/application-form');
    const result = validate(schema, {
      fullName: 'X',
      nrcNumber: 'abc',
      phoneNumber: '12',
      email: 'a@b.zm',
      address: 'Lusaka',
      numberOfPlates: 1,
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleRegistration: '',
      registrationNotYetKnown: false,
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual(
        ['fullName', 'nrcNumber', 'phoneNumber', 'vehicleRegistration'].sort(),
      );
    if (!result.ok) expect(result.errors.vehicleRegistration).toBe(REGISTRATION_REQUIRED);
  });
});
