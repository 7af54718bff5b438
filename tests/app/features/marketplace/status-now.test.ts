import { describe, expect, it } from 'vitest';
import { statusNow } from '../../../../src/app/features/marketplace/use-marketplace';
import { kwacha } from '#domain/money/money';

const listing = {
  id: 'l1',
  number: 'ZM-555-NDL',
  price: kwacha(3900),
  type: 'Personalized' as const,
  featured: false,
  description: '',
};

describe('a listing’s status on the device', () => {
  it('reads Available once a reservation the device holds has run out, with no sync', () => {
    const reserved = { ...listing, status: 'Reserved' as const, reservedUntil: '2026-11-29T10:00:00.000Z' };
    expect(statusNow(reserved, new Date('2026-11-29T09:59:59.000Z')).status).toBe('Reserved');
    expect(statusNow(reserved, new Date('2026-11-29T10:00:00.000Z')).status).toBe('Available');
  });

  it('keeps Sold, and a reservation with no known end, as they are', () => {
    expect(statusNow({ ...listing, status: 'Sold' }, new Date()).status).toBe('Sold');
    expect(statusNow({ ...listing, status: 'Reserved', reservedUntil: null }, new Date('2030-01-01')).status).toBe(
      'Reserved',
    );
  });
});
