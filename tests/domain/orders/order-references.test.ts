import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOrderReferences, formatShopOrder, searchFinds, searchKey } from '#domain/orders/order-references';

describe('formatOrderReferences', () => {
  it("names an application by the buyer's LP- reference beside its Request ID", () => {
    expect(formatOrderReferences({ reference: 'LP-000009', requestId: 'REQ-009' })).toBe('LP-000009 / REQ-009');
  });

  it('names an order with one reference by that reference alone', () => {
    expect(formatOrderReferences({ reference: 'PO-000003' })).toBe('PO-000003');
    expect(formatOrderReferences({ reference: 'ZM 777', requestId: null })).toBe('ZM 777');
    expect(formatOrderReferences({ reference: 'REQ-009', requestId: 'req-009' })).toBe('REQ-009');
    expect(formatOrderReferences({ reference: '', requestId: 'REQ-009' })).toBe('REQ-009');
  });

  it('keeps to plain characters, so an SMS, a CSV cell and a log line carry it unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 1, max: 99_999 }), (lp, req) => {
        const text = formatOrderReferences({
          reference: `LP-${String(lp).padStart(6, '0')}`,
          requestId: `REQ-${String(req).padStart(3, '0')}`,
        });
        expect(text).toMatch(/^[A-Z0-9 /-]+$/);
        expect(text).toContain(`LP-${String(lp).padStart(6, '0')}`);
        expect(text).toContain(`REQ-${String(req).padStart(3, '0')}`);
      }),
    );
  });
});

describe('formatShopOrder', () => {
  it('names a shop’s order by its ORD- number for the buyer’s references', () => {
    expect(formatShopOrder({ id: 'ORD-012', reference: 'LP-000009', requestId: 'REQ-009' })).toBe(
      'ORD-012 for LP-000009 / REQ-009',
    );
    expect(formatShopOrder({ id: 'ORD-013', reference: 'PO-000003', requestId: null })).toBe('ORD-013 for PO-000003');
  });

  it('names an order nothing created (or pulled before orders named it) by its number alone', () => {
    expect(formatShopOrder({ id: 'ORD-003', reference: '', requestId: null })).toBe('ORD-003');
    expect(formatShopOrder({ id: 'ORD-003' })).toBe('ORD-003');
  });

  it('always starts with the order number and carries each reference, in plain characters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 9_999_999 }),
        fc.boolean(),
        (ord, n, application) => {
          const id = `ORD-${String(ord).padStart(3, '0')}`;
          const reference = `${application ? 'LP' : 'PO'}-${String(n).padStart(6, '0')}`;
          const requestId = application ? `REQ-${String(n).padStart(3, '0')}` : null;
          const text = formatShopOrder({ id, reference, requestId });
          expect(text.startsWith(`${id} for `)).toBe(true);
          expect(text).toContain(formatOrderReferences({ reference, requestId }));
          expect(text).toMatch(/^[A-Za-z0-9 /-]+$/);
        },
      ),
    );
  });
});

describe('searchFinds', () => {
  it('finds a field by its words, whatever the case, spaces or punctuation', () => {
    expect(searchFinds('LP-000009', ['LP-000009'])).toBe(true);
    expect(searchFinds('lp000009', ['LP-000009'])).toBe(true);
    expect(searchFinds('zm 777', ['ZM777'])).toBe(true);
    expect(searchFinds('ZM-101', ['ZM 101 ABC'])).toBe(true);
    expect(searchFinds('123456/78/1', ['123456/78/1'])).toBe(true);
    expect(searchFinds('LP-000010', ['LP-000009', 'REQ-009'])).toBe(false);
  });

  it('finds a phone number written locally or internationally', () => {
    expect(searchFinds('0971 234 567', [], ['+260971234567'])).toBe(true);
    expect(searchFinds('+260 97 1234567', [], ['0971234567'])).toBe(true);
    expect(searchFinds('0961234567', [], ['+260971234567'])).toBe(false);
  });

  it('finds everything with an empty search', () => {
    expect(searchFinds('   ', [])).toBe(true);
  });

  it('finds any field that contains the search as typed', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 4 }),
        fc.string({ maxLength: 4 }),
        (mid, a, b) => {
          expect(searchFinds(mid, [`${a}${mid}${b}`])).toBe(true);
        },
      ),
    );
  });

  it('compares letters and digits only', () => {
    expect(searchKey(' Zm-777 ')).toBe('zm777');
  });
});
