import { describe, expect, it } from 'vitest';
import { checkoutOwnerSchema, isSameOwner } from '../../../src/domain/purchases/checkout-owner';
import { validate } from '../../../src/domain/validation/validate';

describe('checkoutOwnerSchema', () => {
  it('takes a full name and NRC number as the wizard does, tidied', () => {
    expect(validate(checkoutOwnerSchema, { ownerName: '  Mwila   Banda ', ownerNrc: ' 123456/78/9 ' })).toEqual({
      ok: true,
      value: { ownerName: 'Mwila Banda', ownerNrc: '123456/78/9' },
    });
  });

  it('asks for both, in the wizard’s words', () => {
    expect(validate(checkoutOwnerSchema, {})).toEqual({
      ok: false,
      errors: { ownerName: 'Full name is required', ownerNrc: 'NRC number is required' },
    });
    expect(validate(checkoutOwnerSchema, { ownerName: 'Mwila Banda', ownerNrc: '  ' })).toEqual({
      ok: false,
      errors: { ownerNrc: 'NRC number is required' },
    });
  });

  it('refuses an NRC number that does not look like 123456/78/9', () => {
    for (const nrc of ['12345678', '123456-78-9', '123456/78/90', 'ABCDEF/78/9']) {
      expect(validate(checkoutOwnerSchema, { ownerName: 'Mwila Banda', ownerNrc: nrc })).toEqual({
        ok: false,
        errors: { ownerNrc: 'NRC number must look like 123456/78/9' },
      });
    }
  });
});

describe('isSameOwner', () => {
  it('reads one NRC however it is punctuated, but not another name', () => {
    const owner = { name: 'Mwila Banda', nrc: '123456/78/9' };
    expect(isSameOwner(owner, { name: 'Mwila Banda', nrc: '123456 78 9' })).toBe(true);
    expect(isSameOwner(owner, { name: 'Mwila Banda', nrc: '234567/89/1' })).toBe(false);
    expect(isSameOwner(owner, { name: 'Chanda Mulenga', nrc: '123456/78/9' })).toBe(false);
  });
});
