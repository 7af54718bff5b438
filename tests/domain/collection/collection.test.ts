// The buyer's choice of plate shop and delivery: the delivery fee only when delivering, the
// address delivery needs, distances on the device, and the Next Step that says what was chosen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectionChoiceSchema, deliverySettingsSchema } from '#domain/collection/collection-schemas';
import {
  collectionNextStep,
  DEFAULT_DELIVERY,
  DELIVERY_ADDRESS_REQUIRED,
  deliveryAddressOf,
  deliveryFeeFor,
  deliverySettingsFrom,
  distanceKm,
  formatDistance,
  type PlateShop,
  shopsByDistance,
} from '#domain/collection/collection';
import { checkoutVehicleSchema, checkoutVehicleText } from '#domain/collection/checkout-vehicle';
import { REGISTRATION_REQUIRED } from '#domain/applications/application-form';
import { kwacha } from '#domain/money/money';

const LUSAKA = { lat: -15.4207, lng: 28.2826 };
const KITWE = { lat: -12.8119, lng: 28.2136 };
const NDOLA = { lat: -12.9587, lng: 28.6366 };

const shop = (name: string, at: { lat: number; lng: number } | null): PlateShop => ({
  id: name,
  name,
  address: `${name} Road`,
  hours: 'Mon–Fri 08:00–17:00',
  lat: at?.lat ?? null,
  lng: at?.lng ?? null,
});

describe('the collection choice', () => {
  it('needs an address only for delivery, and trims it', () => {
    expect(collectionChoiceSchema.safeParse({ delivery: true }).error?.issues[0]).toMatchObject({
      path: ['deliveryAddress'],
      message: DELIVERY_ADDRESS_REQUIRED,
    });
    expect(collectionChoiceSchema.parse({})).toEqual({ shopId: null, delivery: false, deliveryAddress: '' });
    const choice = collectionChoiceSchema.parse({ shopId: 'USR-003', delivery: true, deliveryAddress: ' 3 Lubu Rd ' });
    expect(deliveryAddressOf(choice)).toBe('3 Lubu Rd');
    expect(deliveryAddressOf({ delivery: false, deliveryAddress: '3 Lubu Rd' })).toBeNull();
  });

  it('adds the delivery fee when delivering, whatever the address, and nothing when collected', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 100_000_000 }), (address, fee) => {
        const settings = deliverySettingsSchema.parse({ offered: true, fee });
        expect(deliveryFeeFor(address, settings)).toBe(fee);
        expect(deliveryFeeFor(null, settings)).toBe(0);
      }),
    );
  });

  it('refuses a delivery fee that is negative, fractional or beyond the settings bound', () => {
    for (const fee of [-1, 1.5, 100_000_001, '5000']) {
      expect(deliverySettingsSchema.safeParse({ offered: true, fee }).success).toBe(false);
      expect(deliverySettingsFrom({ offered: true, fee })).toBeNull();
    }
    expect(deliverySettingsSchema.parse(DEFAULT_DELIVERY)).toEqual({ offered: true, fee: kwacha(50) });
  });
});

describe('distances, worked out on the device', () => {
  it('puts Lusaka to Kitwe at about 290 km and Kitwe to Ndola at about 50 km', () => {
    expect(distanceKm(LUSAKA, KITWE)).toBeGreaterThan(280);
    expect(distanceKm(LUSAKA, KITWE)).toBeLessThan(300);
    expect(distanceKm(KITWE, NDOLA)).toBeGreaterThan(45);
    expect(distanceKm(KITWE, NDOLA)).toBeLessThan(55);
  });

  it('is symmetric and zero from a place to itself', () => {
    const point = fc.record({
      lat: fc.double({ min: -89, max: 89, noNaN: true }),
      lng: fc.double({ min: -179, max: 179, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 6);
        expect(distanceKm(a, a)).toBeCloseTo(0, 6);
        expect(distanceKm(a, b)).toBeLessThanOrEqual(Math.PI * 6371 + 1e-6);
      }),
    );
  });

  it('formats metres under a kilometre and rounds further away', () => {
    expect(formatDistance(0.42)).toBe('420 m');
    expect(formatDistance(4.25)).toBe('4.3 km');
    expect(formatDistance(289.6)).toBe('290 km');
  });

  it('lists the nearest shop first once the buyer is located, shops without a place last; by name otherwise', () => {
    const shops = [shop('Lusaka Plates', LUSAKA), shop('Anywhere Plates', null), shop('Kitwe Plates', KITWE)];
    expect(shopsByDistance(shops, NDOLA).map((entry) => entry.name)).toEqual([
      'Kitwe Plates',
      'Lusaka Plates',
      'Anywhere Plates',
    ]);
    expect(shopsByDistance(shops, null).map((entry) => entry.name)).toEqual([
      'Anywhere Plates',
      'Kitwe Plates',
      'Lusaka Plates',
    ]);
  });
});

describe('the Next Step that says what was chosen', () => {
  const cairoRoad = { name: 'Cairo Road Plates', address: 'Shop 14, Cairo Road, Lusaka', hours: 'Mon–Fri 08:00–17:00' };

  it('names the chosen shop, its address and hours', () => {
    expect(collectionNextStep({ shop: cairoRoad, deliveryAddress: null }, kwacha(50))).toEqual({
      title: 'Delivery',
      text: 'Collect your plates from Cairo Road Plates, Shop 14, Cairo Road, Lusaka. Opening hours: Mon–Fri 08:00–17:00.',
    });
  });

  it('says delivery, where to and its fee', () => {
    expect(collectionNextStep({ shop: null, deliveryAddress: '3 Lubu Road, Lusaka' }, kwacha(50)).text).toBe(
      'We will deliver your plates to 3 Lubu Road, Lusaka (delivery fee K50.00).',
    );
    expect(collectionNextStep({ shop: cairoRoad, deliveryAddress: '3 Lubu Road' }, kwacha(50)).text).toMatch(
      /^Cairo Road Plates will deliver/,
    );
  });

  it('says the administrator assigns the shop when it was left to them', () => {
    expect(collectionNextStep({ shop: null, deliveryAddress: null }, kwacha(50)).text).toContain(
      'the plate shop our administrator assigns',
    );
  });
});

describe('the vehicle Buy Now asks for', () => {
  it('follows the wizard’s rules, or takes “Vehicle not yet known”', () => {
    const missing = checkoutVehicleSchema.safeParse({ vehicleMake: 'Toyota' });
    expect(missing.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['vehicleModel', 'Vehicle model is required'],
      ['vehicleRegistration', REGISTRATION_REQUIRED],
    ]);
    expect(checkoutVehicleSchema.safeParse({ vehicleNotYetKnown: true }).success).toBe(true);
    expect(
      checkoutVehicleText({ vehicleMake: 'Toyota', vehicleModel: 'Hilux', vehicleRegistration: ' bak  1234 ' }),
    ).toBe('Toyota Hilux, BAK 1234');
    expect(checkoutVehicleText({ vehicleMake: 'Toyota', vehicleModel: 'Hilux', registrationNotYetKnown: true })).toBe(
      'Toyota Hilux, registration not yet known',
    );
    expect(checkoutVehicleText({ vehicleNotYetKnown: true })).toBe('Vehicle not yet known');
    // An app installed before Buy Now asked sends none of it: the order names no vehicle, as before.
    expect(checkoutVehicleSchema.safeParse({}).success).toBe(true);
    expect(checkoutVehicleText({})).toBe('');
  });
});
