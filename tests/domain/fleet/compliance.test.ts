import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fleetCompliance, RENEWAL_WARNING_DAYS } from '#domain/fleet/compliance';
import { REGISTRY_STANDINGS } from '#domain/registry/registry-copy';

const today = '2026-11-24';
const registered = (expiryDate: string, standing: 'Valid' | 'Revoked' | 'Stolen' = 'Valid') => ({
  plateNumber: 'ZM-001-ABC',
  registration: { expiryDate, standing },
});

describe('fleetCompliance', () => {
  it('is Good for a valid registration with more than 30 days left', () => {
    expect(fleetCompliance('ZM-001-ABC', registered('2026-12-25'), today)).toEqual({
      status: 'Good',
      reason: 'Registered and valid, 31 days left',
    });
  });

  it('says a long validity in years and months, as a person counts it, not in days', () => {
    // Registered today for five years less 45 days: it read "valid for 1781 days".
    expect(fleetCompliance('ZM-001-ABC', registered('2031-10-10'), today)).toEqual({
      status: 'Good',
      reason: 'Registered and valid, 4 years 10 months left',
    });
  });

  it('warns, saying why, for every other vehicle', () => {
    expect(fleetCompliance(null, undefined, today)).toEqual({ status: 'Warning', reason: 'No plate on this vehicle' });
    expect(fleetCompliance('ZM-001-ABC', { plateNumber: 'ZM-001-ABC', registration: null }, today)).toEqual({
      status: 'Warning',
      reason: 'Plate ZM-001-ABC is not registered yet',
    });
    expect(fleetCompliance('ZM-001-ABC', undefined, today).status).toBe('Warning');
    expect(fleetCompliance('ZM-001-ABC', registered('2026-12-24'), today)).toEqual({
      status: 'Warning',
      reason: 'Registration expires in 30 days',
    });
    expect(fleetCompliance('ZM-001-ABC', registered('2026-11-25'), today)).toEqual({
      status: 'Warning',
      reason: 'Registration expires in 1 day',
    });
    expect(fleetCompliance('ZM-001-ABC', registered('2026-11-24'), today)).toEqual({
      status: 'Warning',
      reason: 'Registration expires today',
    });
    expect(fleetCompliance('ZM-001-ABC', registered('2026-11-20'), today)).toEqual({
      status: 'Warning',
      reason: 'Registration expired 4 days ago',
    });
    expect(fleetCompliance('ZM-001-ABC', registered('2030-01-01', 'Revoked'), today)).toEqual({
      status: 'Warning',
      reason: 'Plate ZM-001-ABC has been revoked',
    });
    expect(fleetCompliance('ZM-001-ABC', registered('2030-01-01', 'Stolen'), today)).toEqual({
      status: 'Warning',
      reason: 'Plate ZM-001-ABC is reported stolen',
    });
  });

  it('is Good exactly when the plate is registered, Valid and expires more than 30 days after today', () => {
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.integer({ min: -400, max: 4000 }),
        fc.constantFrom(...REGISTRY_STANDINGS),
        fc.boolean(),
        (offset, standing, hasRegistration) => {
          const plate = {
            plateNumber: 'ZM-001-ABC',
            registration: hasRegistration ? { expiryDate: day(offset), standing } : null,
          };
          const result = fleetCompliance('ZM-001-ABC', plate, today);
          const shouldBeGood = hasRegistration && standing === 'Valid' && offset > RENEWAL_WARNING_DAYS;
          return (result.status === 'Good') === shouldBeGood && result.reason.length > 0;
        },
      ),
    );
  });
});
