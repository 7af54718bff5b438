import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLANK_SERIAL_MAX,
  type BlankUse,
  checkBlank,
  formatBlankSerial,
  formatSerialRuns,
  isReconciled,
  parseBlankSerial,
  rangeContains,
  rangesOverlap,
  rangeSize,
  reconcileSerials,
  serialsText,
  shopReconciliation,
} from '#domain/serials/blank-serial';
import { blankSerialSchema, spoiledBlankSchema } from '#domain/serials/serial-schemas';
import { allocationInputSchema, SERIAL_RANGE_BACKWARDS, SERIAL_RANGE_INCOMPLETE } from '#domain/inventory/allocation';
import { manufacturingRecordSchema } from '#domain/agent/workspace';
import { decodeBucket, encodeBucket } from '#domain/registry/registry-copy';

const serialArb = fc.integer({ min: 1, max: BLANK_SERIAL_MAX });
const rangeArb = fc
  .tuple(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 60 }))
  .map(([first, size]) => ({ first, last: first + size - 1 }));

describe('a blank serial', () => {
  it('is written ZB- and seven digits, and reads back as the same number', () => {
    expect(formatBlankSerial(1234)).toBe('ZB-0001234');
    fc.assert(
      fc.property(serialArb, (serial) => {
        const text = formatBlankSerial(serial);
        expect(text).toMatch(/^ZB-\d{7}$/);
        expect(parseBlankSerial(text)).toEqual({ ok: true, value: serial });
      }),
    );
  });

  it('is read as typed by hand: lower case, a space or no hyphen, leading zeros left out', () => {
    for (const typed of ['zb-0001234', 'ZB 1234', 'ZB1234', ' zb-1234 '])
      expect(parseBlankSerial(typed)).toEqual({ ok: true, value: 1234 });
  });

  it('refuses what is not a serial, saying what one looks like', () => {
    expect(parseBlankSerial('', 'Front blank serial')).toEqual({ ok: false, error: 'Front blank serial is required' });
    for (const wrong of ['ZB-0000000', 'AB-0001234', 'ZB-12345678', '1234', 'ZB-12a4']) {
      expect(parseBlankSerial(wrong, 'Serial')).toEqual({
        ok: false,
        error: 'Serial must be a serial such as ZB-0001234',
      });
    }
    expect(blankSerialSchema('Rear blank serial').safeParse('zb 7').data).toBe('ZB-0000007');
  });
});

describe('serial ranges', () => {
  it('overlap exactly when some serial is in both', () => {
    fc.assert(
      fc.property(rangeArb, rangeArb, (a, b) => {
        let shared = false;
        for (let serial = a.first; serial <= a.last; serial += 1) if (rangeContains(b, serial)) shared = true;
        expect(rangesOverlap(a, b)).toBe(shared);
        expect(rangesOverlap(b, a)).toBe(shared);
      }),
    );
  });

  it('write a list of serials as runs', () => {
    expect(formatSerialRuns([5, 3, 4, 9, 3])).toBe('ZB-0000003 to ZB-0000005, ZB-0000009');
    expect(formatSerialRuns([])).toBe('');
  });
});

/** Uses of a range's serials: each serial of the range at most once, front/rear/spoiled. */
const usesArb = (range: { first: number; last: number }) =>
  fc
    .uniqueArray(
      fc.tuple(
        fc.integer({ min: range.first, max: range.last }),
        fc.constantFrom<BlankUse['use']>('front', 'rear', 'spoiled'),
      ),
      { selector: ([serial]) => serial },
    )
    .map((list) =>
      list.map(([serial, use]): BlankUse => ({ serial, use, detail: use === 'spoiled' ? 'Misprinted' : 'ZM-101-ABC' })),
    );

describe('reconciling a shop’s blanks', () => {
  it('adds up for every delivery: delivered = used + spoiled + in stock + unaccounted', () => {
    fc.assert(
      fc.property(
        rangeArb.chain((range) => fc.tuple(fc.constant(range), usesArb(range))),
        ([range, uses]) => {
          const [line] = reconcileSerials([range], uses).ranges;
          expect(line).toBeDefined();
          if (!line) return;
          expect(line.delivered).toBe(rangeSize(range));
          expect(line.used + line.spoiled + line.inStock + line.unaccounted.length).toBe(line.delivered);
          expect(line.used).toBe(uses.filter((use) => use.use !== 'spoiled').length);
          expect(line.spoiled).toBe(uses.filter((use) => use.use === 'spoiled').length);
        },
      ),
    );
  });

  it('finds no gap when blanks are taken from the stack in order', () => {
    fc.assert(
      fc.property(rangeArb, fc.nat(), (range, taken) => {
        const count = taken % (rangeSize(range) + 1);
        const uses = Array.from({ length: count }, (_, index): BlankUse => ({
          serial: range.first + index,
          use: index % 5 === 4 ? 'spoiled' : index % 2 === 0 ? 'front' : 'rear',
          detail: 'x',
        }));
        const reconciled = reconcileSerials([range], uses);
        expect(reconciled.ranges[0]?.unaccounted).toEqual([]);
        expect(reconciled.ranges[0]?.nextInStock).toBe(count === rangeSize(range) ? null : range.first + count);
        expect(isReconciled(reconciled)).toBe(true);
      }),
    );
  });

  it('names a skipped blank as unaccounted, a serial recorded twice as a duplicate, and one outside every delivery as not delivered', () => {
    const range = { first: 1, last: 10 };
    const uses: BlankUse[] = [
      { serial: 1, use: 'front', detail: 'ZM-101-ABC' },
      { serial: 2, use: 'rear', detail: 'ZM-101-ABC' },
      { serial: 4, use: 'spoiled', detail: 'Bent' },
      { serial: 2, use: 'front', detail: 'ZM-102-KLM' },
      { serial: 50, use: 'rear', detail: 'ZM-102-KLM' },
    ];
    const reconciled = reconcileSerials([range], uses);
    expect(reconciled.ranges[0]).toMatchObject({
      delivered: 10,
      used: 2,
      spoiled: 1,
      inStock: 6,
      unaccounted: [3],
      nextInStock: 5,
    });
    expect(reconciled.duplicates).toEqual([{ serial: 2, uses: [uses[1], uses[3]] }]);
    expect(reconciled.notDelivered).toEqual([uses[4]]);
    expect(isReconciled(reconciled)).toBe(false);
    expect(shopReconciliation([{ ...range, number: 7 }], uses)).toMatchObject({
      deliveries: [
        {
          allocation: 7,
          serials: 'ZB-0000001 to ZB-0000010',
          unaccounted: 1,
          unaccountedSerials: 'ZB-0000003',
          nextInStock: 'ZB-0000005',
        },
      ],
      duplicates: [{ serial: 'ZB-0000002', uses: ['rear of ZM-101-ABC', 'front of ZM-102-KLM'] }],
      notDelivered: [{ serial: 'ZB-0000050', use: 'rear of ZM-102-KLM' }],
      isReconciled: false,
    });
  });

  it('finds every serial used twice among any uses', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 40 }), (serials) => {
        const uses = serials.map((serial): BlankUse => ({ serial, use: 'front', detail: 'x' }));
        const twice = [...new Set(serials.filter((serial, index) => serials.indexOf(serial) !== index))].sort(
          (a, b) => a - b,
        );
        expect(
          reconcileSerials([{ first: 1, last: 30 }], uses).duplicates.map((duplicate) => duplicate.serial),
        ).toEqual(twice);
      }),
    );
  });
});

describe('a blank about to be used', () => {
  const ranges = [{ first: 100, last: 199 }];
  it('may be used when a delivery to the shop holds it and it is unused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 199 }), (serial) => {
        expect(checkBlank(serial, ranges, undefined)).toEqual({ ok: true });
      }),
    );
  });
  it('is refused when no delivery holds it, or it was used or spoiled, naming the serial', () => {
    expect(checkBlank(99, ranges, undefined)).toMatchObject({
      ok: false,
      reason: 'not-delivered',
      message: expect.stringContaining('ZB-0000099 was not delivered to this shop'),
    });
    expect(checkBlank(150, ranges, { serial: 150, use: 'rear', detail: 'ZM-101-ABC' })).toMatchObject({
      ok: false,
      reason: 'already-used',
      message: expect.stringContaining('ZB-0000150 is already the rear blank of ZM-101-ABC'),
    });
    expect(checkBlank(150, ranges, { serial: 150, use: 'spoiled', detail: 'Bent' })).toMatchObject({
      message: expect.stringContaining('ZB-0000150 was recorded as spoiled (Bent)'),
    });
  });
});

describe('the officers’ device copy', () => {
  it('carries a registered plate’s serials after its cover, and none for a plate without them or not yet issued', () => {
    const issued = {
      plateNumber: 'ZM-101-ABC',
      standing: 'Valid' as const,
      registrationDate: '2026-12-01',
      expiryDate: '2031-12-01',
      make: 'Toyota',
      model: 'Corolla',
      colour: 'White',
    };
    fc.assert(
      fc.property(serialArb, serialArb, fc.boolean(), (front, rear, isInsured) => {
        const cover = isInsured ? [{ insurer: 'ZSIC', startDate: '2026-12-01', endDate: '2027-11-30' }] : [];
        const rows = decodeBucket(
          encodeBucket([
            { ...issued, cover, serials: { front, rear } },
            { ...issued, plateNumber: 'ZM-102-KLM', cover },
            {
              plateNumber: 'ZM-103-TRK',
              standing: 'Made',
              registrationDate: '',
              expiryDate: '',
              make: '',
              model: '',
              colour: '',
            },
          ]),
        );
        expect(rows[0]).toEqual({ ...issued, cover, serials: { front, rear } });
        expect(rows[1]).not.toHaveProperty('serials');
        expect(rows[2]).not.toHaveProperty('serials');
      }),
    );
  });
});

describe('the forms’ rules', () => {
  const base = {
    id: '0190f5d2-0001-7000-8000-000000000001',
    plateNumber: 'ZM-101-ABC',
    batchNumber: 'B-1',
    productionDate: '2026-11-20',
  };
  it('ask the manufacturing record for two different blanks', () => {
    const schema = manufacturingRecordSchema('2026-12-06');
    expect(schema.safeParse({ ...base, frontSerial: 'zb 1', rearSerial: 'ZB-0000002' }).data).toMatchObject({
      frontSerial: 'ZB-0000001',
      rearSerial: 'ZB-0000002',
    });
    expect(schema.safeParse(base).error?.issues.map((issue) => issue.message)).toEqual([
      'Front blank serial is required',
      'Rear blank serial is required',
    ]);
    expect(schema.safeParse({ ...base, frontSerial: 'ZB-0000001', rearSerial: 'zb1' }).error?.issues).toMatchObject([
      { path: ['rearSerial'] },
    ]);
  });
  it('ask a delivery’s range for a front and a rear blank per plate, both ends or neither', () => {
    const allocation = {
      id: '0190f5d2-0001-7000-8000-000000000001',
      shopId: 'shop',
      plateType: 'Standard',
      allocatedQuantity: '3',
      note: '',
    };
    expect(
      allocationInputSchema.safeParse({ ...allocation, serialFirst: 'ZB-0000011', serialLast: 'ZB-0000016' }).data,
    ).toMatchObject({ serialFirst: 11, serialLast: 16 });
    expect(allocationInputSchema.safeParse(allocation).data).toMatchObject({ serialFirst: null, serialLast: null });
    expect(allocationInputSchema.safeParse({ ...allocation, serialFirst: 'ZB-0000011' }).error?.issues).toMatchObject([
      { message: SERIAL_RANGE_INCOMPLETE, path: ['serialLast'] },
    ]);
    expect(
      allocationInputSchema.safeParse({ ...allocation, serialFirst: 'ZB-0000016', serialLast: 'ZB-0000011' }).error
        ?.issues,
    ).toMatchObject([{ message: SERIAL_RANGE_BACKWARDS }]);
    expect(
      allocationInputSchema.safeParse({ ...allocation, serialFirst: 'ZB-0000011', serialLast: 'ZB-0000020' }).error
        ?.issues[0]?.message,
    ).toBe('The range holds 10 blanks; 3 plates need 6 (a front and a rear each)');
  });
  it('ask a spoiled blank for its reason', () => {
    const schema = spoiledBlankSchema('2026-12-06');
    expect(
      schema.safeParse({ id: base.id, serial: 'ZB-0000003', reason: '', spoiledDate: '2026-12-01' }).error?.issues[0]
        ?.message,
    ).toBe('Please say why the blank was spoiled');
    expect(
      schema.safeParse({ id: base.id, serial: 'ZB-0000003', reason: 'Bent', spoiledDate: '2026-12-07' }).error
        ?.issues[0]?.message,
    ).toBe('The date cannot be in the future');
    expect(
      schema.safeParse({ id: base.id, serial: 'ZB-0000003', reason: 'Bent', spoiledDate: '2026-02-30' }).error
        ?.issues[0]?.message,
    ).toBe('Date spoiled must be a date');
    expect(schema.safeParse({ id: base.id, serial: 'zb 3', reason: ' Bent ', spoiledDate: '2026-12-06' }).data).toEqual(
      { id: base.id, serial: 'ZB-0000003', reason: 'Bent', spoiledDate: '2026-12-06' },
    );
  });
  it('show an officer both serials', () => {
    expect(serialsText({ front: 'ZB-0100001', rear: 'ZB-0100002' })).toBe('front ZB-0100001, rear ZB-0100002');
  });
});
