import { describe, expect, it } from 'vitest';
import { kwacha } from '#domain/money/money';
import { isOpenForPurchase, LISTING_INCLUDES } from '#domain/marketplace/listing';
import { plateListingSchema } from '#domain/marketplace/listing-schema';

const listing = {
  id: '1',
  number: 'ZM-777-VIP',
  price: 550_000,
  type: 'Premium',
  status: 'Available',
  featured: true,
  description: 'Lucky sevens',
};

describe('plateListingSchema', () => {
  it('accepts a listing with its price in ngwee', () => {
    expect(plateListingSchema.parse(listing)).toEqual({ ...listing, price: kwacha(5500) });
  });

  it('rejects unknown types and statuses and fractional ngwee', () => {
    expect(plateListingSchema.safeParse({ ...listing, type: 'Vintage' }).success).toBe(false);
    expect(plateListingSchema.safeParse({ ...listing, status: 'Gone' }).success).toBe(false);
    expect(plateListingSchema.safeParse({ ...listing, price: 10.5 }).success).toBe(false);
  });
});

describe('isOpenForPurchase', () => {
  it('opens only Available plates for buying or reserving', () => {
    expect(isOpenForPurchase({ status: 'Available' })).toBe(true);
    expect(isOpenForPurchase({ status: 'Reserved' })).toBe(false);
    expect(isOpenForPurchase({ status: 'Sold' })).toBe(false);
  });
});

describe('LISTING_INCLUDES', () => {
  it('lists what comes with every plate', () => {
    expect(LISTING_INCLUDES).toEqual(['Unique QR Code', 'Registration', '5-Year Validity', 'Digital Documentation']);
  });
});
