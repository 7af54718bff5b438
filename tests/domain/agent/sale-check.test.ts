import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entitlementNotFound } from '#domain/agent/agent-records';
import { checkSale } from '#domain/agent/sale-check';
import { saleNrcMismatch, saleNrcMissing, saleWrongNumber } from '#domain/integrity/integrity-alert';
import { isSameNrc, nrcDigits } from '#domain/validation/identity-checks';

const order = [{ plateNumber: 'ZM-777-LCK', ownerName: 'Kondwani Phiri' }];

describe('a whitebook sale checked against its entitlement', () => {
  it('accepts the order’s own number to the order’s NRC', () => {
    expect(checkSale({ plateNumber: 'ZM-777-LCK', entitlementReference: 'ORD-005' }, order, () => 'same')).toEqual({
      ok: true,
      entitlement: order[0],
    });
  });

  it('refuses a reference that is not the shop’s, under the reference', () => {
    expect(
      checkSale({ plateNumber: 'ZM-777-LCK', entitlementReference: ' ORD-999 ' }, undefined, () => 'same'),
    ).toEqual({
      ok: false,
      reason: 'unknown-reference',
      message: entitlementNotFound('ORD-999'),
      field: 'entitlementReference',
    });
  });

  it('refuses the order for another number, naming the number it is for', () => {
    expect(
      checkSale({ plateNumber: 'ZM-222-MAX', entitlementReference: 'ORD-005' }, order, () => 'same'),
    ).toMatchObject({
      ok: false,
      reason: 'wrong-number',
      field: 'plateNumber',
      numbers: ['ZM-777-LCK'],
      message: saleWrongNumber('ORD-005', 'ZM-222-MAX', ['ZM-777-LCK']),
    });
  });

  it('refuses an NRC that is not the order’s, and an order that names none', () => {
    expect(
      checkSale({ plateNumber: 'ZM-777-LCK', entitlementReference: 'ORD-005' }, order, () => 'different'),
    ).toMatchObject({ reason: 'nrc-mismatch', field: 'ownerNrc', message: saleNrcMismatch('ORD-005') });
    expect(
      checkSale({ plateNumber: 'ZM-777-LCK', entitlementReference: 'ORD-005' }, order, () => 'missing'),
    ).toMatchObject({ reason: 'nrc-missing', message: saleNrcMissing('ORD-005') });
  });

  it('never accepts a number the entitlement is not for, whatever the numbers', () => {
    const plate = fc.stringMatching(/^ZM-\d{3}-[A-Z]{3}$/);
    fc.assert(
      fc.property(plate, fc.array(plate, { minLength: 1, maxLength: 5 }), (sold, given) => {
        const check = checkSale(
          { plateNumber: sold, entitlementReference: 'ORD-1' },
          given.map((plateNumber) => ({ plateNumber, ownerName: 'A' })),
          () => 'same',
        );
        expect(check.ok).toBe(given.includes(sold));
      }),
    );
  });
});

describe('NRC numbers compared', () => {
  it('are the same card however the separators are written', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6}$/),
        fc.stringMatching(/^\d{2}$/),
        fc.stringMatching(/^\d$/),
        fc.constantFrom('/', ' ', '', ' / '),
        (serial, district, last, separator) => {
          expect(
            isSameNrc(`${serial}/${district}/${last}`, ` ${serial}${separator}${district}${separator}${last} `),
          ).toBe(true);
        },
      ),
    );
  });

  it('differ when any digit differs, and an empty one never matches', () => {
    expect(isSameNrc('123456/78/9', '123456/78/8')).toBe(false);
    expect(isSameNrc('', '')).toBe(false);
    expect(nrcDigits('123456/78/9')).toBe('123456789');
  });
});
