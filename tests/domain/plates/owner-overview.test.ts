import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OwnedPlate, PlateRegistration } from '#domain/plates/owned-plate';
import { daysUntil, isActivePlate, isInsuredOn, ownerOverview, renewalsDue } from '#domain/plates/owner-overview';
import type { OwnerCoverTerm } from '#domain/registry/cover';
import { applicationOrderStatus, describeTimeLeft } from '#domain/plates/owner-order';
import { plateProgress, stageAfterManufacturing } from '#domain/plates/lifecycle';

const TODAY = '2026-11-24';

const INSURED: OwnerCoverTerm[] = [
  {
    policyNumber: 'POL-000001',
    type: 'Third Party',
    insurer: 'Madison',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
  },
];

function plate(
  plateNumber: string,
  registration: Partial<PlateRegistration> | null,
  stage: OwnedPlate['stage'] = registration ? 'Registered' : 'Held',
  /** 'unsent': a view from before cover was part of it. */
  cover: OwnerCoverTerm[] | 'unsent' = registration ? INSURED : 'unsent',
): Pick<OwnedPlate, 'plateNumber' | 'stage' | 'registration' | 'cover'> {
  return {
    plateNumber,
    stage,
    ...(cover === 'unsent' ? {} : { cover }),
    registration: registration && {
      make: 'Toyota',
      model: 'Corolla',
      colour: 'White',
      year: 2019,
      chassisNumber: 'JTDBR32E720123456',
      ownerName: 'Mwila Banda',
      ownerNrc: '123456/78/9',
      registrationDate: '2022-01-10',
      expiryDate: '2027-01-10',
      standing: 'Valid',
      standingChangedAt: null,
      keyId: 1,
      credentialDigits: '1',
      ...registration,
    },
  };
}

describe('daysUntil', () => {
  it('counts whole days, negative once past', () => {
    expect(daysUntil('2026-11-24', TODAY)).toBe(0);
    expect(daysUntil('2027-02-22', TODAY)).toBe(90);
    expect(daysUntil('2026-11-23', TODAY)).toBe(-1);
  });
});

describe('isActivePlate', () => {
  it('is a registered, valid plate up to and including its expiry day', () => {
    expect(isActivePlate(plate('ZM-1', { expiryDate: TODAY }), TODAY)).toBe(true);
    expect(isActivePlate(plate('ZM-1', { expiryDate: '2026-11-23' }), TODAY)).toBe(false);
    expect(isActivePlate(plate('ZM-1', { standing: 'Stolen' }), TODAY)).toBe(false);
    expect(isActivePlate(plate('ZM-1', null), TODAY)).toBe(false);
  });
});

describe('renewalsDue', () => {
  it('lists valid registrations ending within 90 days or ended, soonest first, and never revoked or stolen ones', () => {
    const due = renewalsDue(
      [
        plate('ZM-LATER', { expiryDate: '2027-02-23' }), // 91 days: not yet
        plate('ZM-EDGE', { expiryDate: '2027-02-22' }), // 90 days
        plate('ZM-GONE', { expiryDate: '2026-10-01' }),
        plate('ZM-STOLEN', { expiryDate: '2026-12-01', standing: 'Stolen' }),
        plate('ZM-HELD', null),
      ],
      TODAY,
    );
    expect(due).toEqual([
      { plateNumber: 'ZM-GONE', expiryDate: '2026-10-01', daysLeft: -54 },
      { plateNumber: 'ZM-EDGE', expiryDate: '2027-02-22', daysLeft: 90 },
    ]);
  });
});

describe('ownerOverview', () => {
  it('counts active plates, vehicles, renewals and the compliance score as documented', () => {
    const plates = [
      plate('ZM-OK', { expiryDate: '2030-01-01' }),
      plate('ZM-SOON', { expiryDate: '2027-01-10' }),
      plate('ZM-OLD', { expiryDate: '2026-01-10' }),
      plate('ZM-STOLEN', { standing: 'Stolen' }),
      plate('ZM-HELD', null),
    ];
    const vehicles = [
      { plateNumber: 'ZM-OK' },
      { plateNumber: 'ZM-SOON' },
      { plateNumber: null },
      { plateNumber: 'ZM-HELD' },
    ];
    expect(ownerOverview(plates, vehicles, TODAY)).toEqual({
      activePlates: 2,
      fleetVehicles: 4,
      pendingRenewals: 2,
      // Counted: ZM-OK, ZM-SOON, ZM-OLD (registered, not stolen) + two vehicles without a registered plate = 5; compliant: 2.
      complianceScore: 40,
      compliance: { compliant: 2, counted: 5, uninsured: 0, unplated: 2 },
    });
  });

  it('counts a registered, in-date plate with no valid insurance against the score', () => {
    const ended: OwnerCoverTerm[] = [{ ...INSURED[0]!, endDate: '2026-11-23' }];
    const future: OwnerCoverTerm[] = [{ ...INSURED[0]!, startDate: '2026-11-25', endDate: '2027-11-24' }];
    const plates = [
      plate('ZM-INSURED', { expiryDate: '2030-01-01' }),
      plate('ZM-NONE', { expiryDate: '2030-01-01' }, 'Registered', []),
      plate('ZM-ENDED', { expiryDate: '2030-01-01' }, 'Registered', ended),
      plate('ZM-NOT-YET', { expiryDate: '2030-01-01' }, 'Registered', future),
      plate('ZM-UNSENT', { expiryDate: '2030-01-01' }, 'Registered', 'unsent'),
    ];
    const overview = ownerOverview(plates, [], TODAY);
    expect(overview.activePlates).toBe(5);
    expect(overview.compliance).toEqual({ compliant: 1, counted: 5, uninsured: 4, unplated: 0 });
    expect(overview.complianceScore).toBe(20);
    // The renewal starts tomorrow: insured again then.
    expect(isInsuredOn(plates[3]!, '2026-11-25')).toBe(true);
  });

  it('gives the demo buyer’s plates a sensible figure: one insured, one not, and a van without a plate', () => {
    const overview = ownerOverview(
      [
        plate('ZM-HILUX', { expiryDate: '2031-05-08' }),
        plate('ZM-NAVARA', { expiryDate: '2027-01-08' }, 'Registered', []),
      ],
      [{ plateNumber: 'ZM-HILUX' }, { plateNumber: 'ZM-NAVARA' }, { plateNumber: null }],
      TODAY,
    );
    expect(overview.compliance).toEqual({ compliant: 1, counted: 3, uninsured: 1, unplated: 1 });
    expect(overview.complianceScore).toBe(33);
  });

  it('has no score when there is nothing to count', () => {
    expect(ownerOverview([plate('ZM-HELD', null)], [], TODAY).complianceScore).toBeNull();
  });

  it('keeps the score between 0 and 100 and equal to compliant over counted, for any plates and vehicles', () => {
    const dayFrom = (days: number) =>
      new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const registration = fc.record({
      expiryDate: fc.integer({ min: -400, max: 4000 }).map(dayFrom),
      standing: fc.constantFrom('Valid' as const, 'Revoked' as const, 'Stolen' as const),
    });
    const term = fc
      .record({
        start: fc.integer({ min: -400, max: 100 }),
        length: fc.integer({ min: 1, max: 365 }),
        type: fc.constantFrom('Third Party' as const, 'Comprehensive' as const),
      })
      .map(({ start, length, type }): OwnerCoverTerm => ({
        policyNumber: 'POL-000001',
        type,
        insurer: 'Madison',
        startDate: dayFrom(start),
        endDate: dayFrom(start + length),
      }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.option(registration), fc.option(fc.array(term, { maxLength: 3 }))), { maxLength: 30 }),
        fc.array(fc.option(fc.integer({ min: 0, max: 40 })), { maxLength: 30 }),
        (registrations, fitted) => {
          const plates = registrations.map(([value, cover], index) =>
            plate(`ZM-${index}`, value, value ? 'Registered' : 'Held', cover ?? 'unsent'),
          );
          const vehicles = fitted.map((index) => ({ plateNumber: index === null ? null : `ZM-${index}` }));
          const overview = ownerOverview(plates, vehicles, TODAY);
          expect(overview.activePlates).toBe(plates.filter((candidate) => isActivePlate(candidate, TODAY)).length);
          // Compliant: exactly the active plates a policy covers today; each active plate without one counts against.
          expect(overview.compliance.compliant).toBe(
            plates.filter((candidate) => isActivePlate(candidate, TODAY) && isInsuredOn(candidate, TODAY)).length,
          );
          expect(overview.compliance.compliant + overview.compliance.uninsured).toBe(overview.activePlates);
          expect(overview.compliance.unplated).toBeLessThanOrEqual(vehicles.length);
          if (overview.complianceScore === null) expect(overview.compliance.counted).toBe(0);
          else {
            expect(overview.complianceScore).toBeGreaterThanOrEqual(0);
            expect(overview.complianceScore).toBeLessThanOrEqual(100);
            expect(overview.complianceScore).toBe(
              Math.round((100 * overview.compliance.compliant) / overview.compliance.counted),
            );
          }
        },
      ),
    );
  });
});

describe('plate progress', () => {
  it('moves a held plate to made only when the plate exists, and never back', () => {
    expect(stageAfterManufacturing('Held', 'In Production')).toBe('Held');
    expect(stageAfterManufacturing('Held', 'Printed')).toBe('Made');
    expect(stageAfterManufacturing('Registered', 'In Production')).toBe('Registered');
    expect(plateProgress('Held', null)).toBe('Paid');
    expect(plateProgress('Held', 'In Production')).toBe('Being made');
    expect(plateProgress('Made', 'Ready for Collection')).toBe('Ready for collection');
    expect(plateProgress('Made', 'Collected')).toBe('Collected');
    expect(plateProgress('Registered', 'Collected')).toBe('Registered');
  });
});

describe('owner orders', () => {
  it('says where an application stands: the decision first, then the payment', () => {
    expect(applicationOrderStatus('Rejected', 'approved')).toBe('Rejected');
    expect(applicationOrderStatus('Approved', 'approved')).toBe('Approved');
    expect(applicationOrderStatus('Pending', null)).toBe('Awaiting payment');
    expect(applicationOrderStatus('Pending', 'pending')).toBe('Awaiting payment');
    expect(applicationOrderStatus('Pending', 'declined')).toBe('Payment declined');
    expect(applicationOrderStatus('Under Review', 'approved')).toBe('Under review');
    expect(applicationOrderStatus('Pending', 'approved')).toBe('Paid');
  });

  it('describes a reservation’s time left in the two largest units', () => {
    expect(describeTimeLeft(0)).toBe('Ended');
    expect(describeTimeLeft((6 * 24 + 4) * 3_600_000 + 59_000)).toBe('6 days 4 hours');
    expect(describeTimeLeft(24 * 3_600_000)).toBe('1 day');
    expect(describeTimeLeft(3 * 3_600_000 + 20 * 60_000)).toBe('3 hours 20 minutes');
    expect(describeTimeLeft(30_000)).toBe('1 minute');
  });
});
