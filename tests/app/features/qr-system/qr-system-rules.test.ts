import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideFlagMutation } from '../../../../src/app/features/qr-system/flag-changes';
import { flagQueue } from '../../../../src/app/features/qr-system/flag-queue';
import { countRevocations, searchRevocations } from '../../../../src/app/features/qr-system/revocation-search';
import type { LocalPlateFlag } from '../../../../src/app/store/database';

const flag = (id: string, status: LocalPlateFlag['status'], createdAt: string, decidedAt?: string): LocalPlateFlag => ({
  id,
  plateNumber: 'ZM-123-ABC',
  suspicion: 'Suspected fake',
  note: 'n',
  status,
  createdAt,
  ...(decidedAt ? { decidedAt } : {}),
});

describe('the QR System review queue', () => {
  it('puts open flags oldest first and decided flags newest decision first', () => {
    const queue = flagQueue([
      flag('a', 'Open', '2026-11-20T10:00:00Z'),
      flag('b', 'Revoked', '2026-11-18T10:00:00Z', '2026-11-21T09:00:00Z'),
      flag('c', 'Open', '2026-11-19T10:00:00Z'),
      flag('d', 'Dismissed', '2026-11-19T08:00:00Z', '2026-11-22T09:00:00Z'),
    ]);
    expect(queue.open.map((entry) => entry.id)).toEqual(['c', 'a']);
    expect(queue.decided.map((entry) => entry.id)).toEqual(['d', 'b']);
  });

  it('loses no flag and puts each in the list its status says', () => {
    const statuses = ['Open', 'Revoked', 'Stolen', 'Dismissed'] as const;
    fc.assert(
      fc.property(
        fc.array(fc.record({ status: fc.constantFrom(...statuses), day: fc.integer({ min: 1, max: 28 }) }), {
          maxLength: 30,
        }),
        (rows) => {
          const flags = rows.map((row, index) =>
            flag(`f${index}`, row.status, `2026-11-${String(row.day).padStart(2, '0')}T00:00:00Z`),
          );
          const queue = flagQueue(flags);
          expect(queue.open.length + queue.decided.length).toBe(flags.length);
          expect(queue.open.every((entry) => entry.status === 'Open')).toBe(true);
          expect(queue.decided.every((entry) => entry.status !== 'Open')).toBe(true);
        },
      ),
    );
  });

  it('writes a decision as the decidePlateFlag intent with the flag moved to its outcome', () => {
    const mutation = decideFlagMutation(flag('a', 'Open', '2026-11-20T10:00:00Z'), {
      flagId: 'a',
      decision: 'stolen',
      note: '',
    });
    expect(mutation).toMatchObject({
      intent: 'decidePlateFlag',
      table: 'plateFlags',
      row: { id: 'a', status: 'Stolen', decisionNote: null },
      payload: { flagId: 'a', decision: 'stolen' },
    });
  });
});

describe('the revocation list search', () => {
  const list = [
    { plateNumber: 'ZM-001-ABC', status: 'Stolen' as const, at: '2026-11-20T00:00:00Z' },
    { plateNumber: 'ZM-002-ABD', status: 'Revoked' as const, at: '2026-11-21T00:00:00Z' },
    { plateNumber: 'ZM-101-XYZ', status: 'Revoked' as const, at: '2026-11-19T00:00:00Z' },
  ];

  it('counts by status', () => {
    expect(countRevocations(list)).toEqual({ revoked: 2, stolen: 1 });
  });

  it('ignores spaces, hyphens and case, and lists the most recent first', () => {
    expect(searchRevocations(list, 'zm 00').map((entry) => entry.plateNumber)).toEqual(['ZM-002-ABD', 'ZM-001-ABC']);
    expect(searchRevocations(list, '')).toHaveLength(3);
    expect(searchRevocations(list, 'QQQ')).toEqual([]);
  });
});
