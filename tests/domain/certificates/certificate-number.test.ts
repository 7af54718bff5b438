import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  certificateNumber,
  compactPlateNumber,
  isRegisteredPlate,
  registrationCheckCode,
} from '#domain/certificates/certificate-number';
import type { PlateRegistration } from '#domain/plates/owned-plate';
import { heldPlate, registeredPlate, signedRegistration } from '../../app/features/certificates/owned-plate-fixture';
import { COROLLA, credentialFieldsArb } from '../credential/credential-test-kit';

const plate = registeredPlate();
const registration = signedRegistration();
const NUMBER = /^NCR-\d{8}-[A-Z0-9]{1,10}-K\d{1,5}-[0-9A-HJKMNP-TV-Z]{4}$/;

describe('certificateNumber', () => {
  it('names the registration date, the plate without hyphens and the key, then a check code', () => {
    expect(certificateNumber(plate, registration)).toMatch(/^NCR-20240315-ZM123ABC-K1-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('prints the same number for the same registration, on any device and at any time', () => {
    fc.assert(
      fc.property(credentialFieldsArb(), (fields) => {
        const a = signedRegistration(fields);
        const b = signedRegistration(fields);
        expect(certificateNumber(fields, a)).toBe(certificateNumber(fields, b));
        expect(certificateNumber(fields, a)).toMatch(NUMBER);
      }),
      { numRuns: 60 },
    );
  });

  it('does not depend on the standing, which changes without a new registration', () => {
    expect(
      certificateNumber(plate, { ...registration, standing: 'Stolen', standingChangedAt: '2026-01-01T00:00:00.000Z' }),
    ).toBe(certificateNumber(plate, registration));
  });

  const changes: Array<[string, Partial<PlateRegistration>]> = [
    ['a new owner', { ownerName: 'Chipo Mumba' }],
    ['a corrected NRC number', { ownerNrc: '204518/10/2' }],
    ['another chassis number', { chassisNumber: 'JTDBR32E720123457' }],
    ['another model year', { year: 2020 }],
    [
      'a re-signed credential (new colour)',
      { colour: 'Red', credentialDigits: signedRegistration({ ...COROLLA, colour: 'Red' }).credentialDigits },
    ],
  ];

  it.each(changes)('prints a new number for the same plate, day and key after %s', (_, change) => {
    const changed = { ...registration, ...change };
    expect(certificateNumber(plate, changed)).not.toBe(certificateNumber(plate, registration));
    expect(certificateNumber(plate, changed).slice(0, -4)).toBe(certificateNumber(plate, registration).slice(0, -4));
  });

  it('tells apart plates that differ only in hyphens, through the check code', () => {
    const a = signedRegistration({ ...COROLLA, plateNumber: 'ZM-12-3ABC' });
    const b = signedRegistration({ ...COROLLA, plateNumber: 'ZM-123-ABC' });
    expect(compactPlateNumber('ZM-12-3ABC')).toBe(compactPlateNumber('ZM-123-ABC'));
    expect(registrationCheckCode({ plateNumber: 'ZM-12-3ABC' }, a)).not.toBe(
      registrationCheckCode({ plateNumber: 'ZM-123-ABC' }, b),
    );
  });
});

describe('compactPlateNumber', () => {
  it('drops hyphens and spaces', () => {
    expect(compactPlateNumber('ZM-123-ABC')).toBe('ZM123ABC');
    expect(compactPlateNumber('LUSAKA 1')).toBe('LUSAKA1');
  });
});

describe('isRegisteredPlate', () => {
  it('is true only for a plate with a registration', () => {
    expect(isRegisteredPlate(plate)).toBe(true);
    expect(isRegisteredPlate(heldPlate())).toBe(false);
  });
});
