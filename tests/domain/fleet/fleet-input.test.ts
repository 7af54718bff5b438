import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  driverInputSchema,
  licenceNumberSchema,
  plateFitProblem,
  vehicleInputSchema,
  vehicleLabel,
} from '#domain/fleet/fleet-input';
import { validate } from '#domain/validation/validate';

const today = '2026-11-24';
const id = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const vehicle = (overrides: Record<string, unknown> = {}) => ({
  id,
  make: 'Toyota',
  model: 'Hilux',
  year: '2019',
  colour: 'White',
  chassisNumber: 'AHTFR22G906012345',
  plateNumber: '',
  driverId: '',
  ...overrides,
});

describe('vehicle input', () => {
  it('leaves year, chassis number, plate and driver empty when blank', () => {
    const checked = validate(
      vehicleInputSchema(today),
      vehicle({ year: ' ', chassisNumber: '', plateNumber: '  ', driverId: '' }),
    );
    expect(checked).toEqual({
      ok: true,
      value: {
        id,
        make: 'Toyota',
        model: 'Hilux',
        year: null,
        colour: 'White',
        chassisNumber: '',
        plateNumber: null,
        driverId: null,
      },
    });
  });

  it('normalises a chassis number and plate number to upper case', () => {
    const checked = validate(
      vehicleInputSchema(today),
      vehicle({ chassisNumber: ' ahtfr22g906012345 ', plateNumber: 'zm-001-abc', year: 2019 }),
    );
    expect(checked.ok && checked.value).toMatchObject({
      chassisNumber: 'AHTFR22G906012345',
      plateNumber: 'ZM-001-ABC',
      year: 2019,
    });
  });

  it('names each mistake under its field', () => {
    const checked = validate(
      vehicleInputSchema(today),
      vehicle({ make: '', year: '2028', chassisNumber: 'AHTFR22G9I6012345', driverId: 'driver-1' }),
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        make: 'Make is required',
        year: 'Vehicle year must be 2027 or earlier',
        chassisNumber: 'A 17-character chassis number (VIN) never contains I, O or Q',
        driverId: 'Driver id must be a UUID',
      },
    });
  });

  it('takes an older frame number of 5 to 14 characters, and nothing between 14 and 17', () => {
    expect(validate(vehicleInputSchema(today), vehicle({ chassisNumber: 'KZJ95-0012345' })).ok).toBe(true);
    expect(validate(vehicleInputSchema(today), vehicle({ chassisNumber: 'AHTFR22G90601234' }))).toMatchObject({
      ok: false,
      errors: { chassisNumber: 'Chassis number must be a 17-character VIN, or a frame number of 5 to 14 characters' },
    });
  });
});

describe('driver input', () => {
  const driver = (overrides: Record<string, unknown> = {}) => ({
    id,
    name: 'Mutale Chanda',
    licenceNumber: 'zm 1234567',
    phone: '0971234567',
    ...overrides,
  });

  it('writes a local phone number in +260 form and the licence number in capitals', () => {
    expect(validate(driverInputSchema, driver())).toEqual({
      ok: true,
      value: { id, name: 'Mutale Chanda', licenceNumber: 'ZM1234567', phone: '+260971234567' },
    });
    expect(
      validate(driverInputSchema, driver({ phone: '+260 97 123 4567' })).ok &&
        validate(driverInputSchema, driver({ phone: '+260 97 123 4567' })),
    ).toMatchObject({ value: { phone: '+260971234567' } });
  });

  it('refuses a phone number that is not +260 and nine digits', () => {
    for (const phone of ['+27821234567', '097123456', '+2600971234567', '09712345678', 'phone']) {
      expect(validate(driverInputSchema, driver({ phone }))).toMatchObject({
        ok: false,
        errors: { phone: 'Enter a Zambian phone number like +260 97 123 4567' },
      });
    }
    expect(validate(driverInputSchema, driver({ phone: '' }))).toMatchObject({
      ok: false,
      errors: { phone: 'Phone number is required' },
    });
  });

  it('accepts any 0 and nine digits (first not 0) as the same +260 number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000_000, max: 999_999_999 }), (digits) => {
        const local = validate(driverInputSchema, driver({ phone: `0${digits}` }));
        const international = validate(driverInputSchema, driver({ phone: `+260${digits}` }));
        return (
          local.ok &&
          international.ok &&
          local.value.phone === `+260${digits}` &&
          international.value.phone === local.value.phone
        );
      }),
    );
  });

  it('takes licence numbers of 5 to 20 letters and digits only', () => {
    expect(licenceNumberSchema.safeParse('AB123').success).toBe(true);
    expect(licenceNumberSchema.safeParse('A'.repeat(20)).success).toBe(true);
    for (const bad of ['AB12', 'A'.repeat(21), 'AB-12345', '123456/78/9'])
      expect(licenceNumberSchema.safeParse(bad).error?.issues[0]?.message).toBe(
        'Licence number must be 5 to 20 letters and digits',
      );
    expect(licenceNumberSchema.safeParse('  ').error?.issues[0]?.message).toBe('Licence number is required');
  });
});

describe('plateFitProblem', () => {
  const plate = { plateNumber: 'ZM-001-ABC', registeredChassis: null };
  const fit = (overrides: Partial<Parameters<typeof plateFitProblem>[0]>) =>
    plateFitProblem({
      plateNumber: 'ZM-001-ABC',
      vehicleId: 'v1',
      chassisNumber: 'AHTFR22G906012345',
      plate,
      holder: undefined,
      ...overrides,
    });

  it('lets the owner put their own free plate on a vehicle', () => {
    expect(fit({})).toBeNull();
    expect(fit({ holder: { vehicleId: 'v1', label: 'White Toyota Hilux' } })).toBeNull();
  });

  it('refuses a plate that is not the owner’s, or already on another vehicle', () => {
    expect(fit({ plate: undefined })).toMatch(/^Plate ZM-001-ABC is not one of your plates/);
    expect(fit({ holder: { vehicleId: 'v2', label: 'White Toyota Hilux' } })).toBe(
      'Plate ZM-001-ABC is already on your White Toyota Hilux. Take it off that vehicle first.',
    );
  });

  it('keeps a registered plate on the vehicle its registration names', () => {
    expect(fit({ plate: { ...plate, registeredChassis: 'AHTFR22G906012345' } })).toBeNull();
    expect(fit({ plate: { ...plate, registeredChassis: 'JTDBR32E720123456' } })).toBe(
      'Plate ZM-001-ABC is registered to the vehicle with chassis number JTDBR32E720123456. Enter that chassis number, or choose another plate.',
    );
  });
});

describe('vehicleLabel', () => {
  it('names a vehicle by colour, make, model and year, leaving out what is blank', () => {
    expect(vehicleLabel({ colour: 'White', make: 'Toyota', model: 'Hilux', year: 2019 })).toBe(
      'White Toyota Hilux (2019)',
    );
    expect(vehicleLabel({ colour: '', make: 'Toyota', model: 'Hilux', year: null })).toBe('Toyota Hilux');
  });
});
