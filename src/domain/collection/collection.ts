// Who makes a buyer's plates and how they get them (docs/decisions/056-the-buyer-chooses-the-plate-shop.md):
// the plate shop the buyer chose from the approved shops, or none (left to the administrator,
// who gives the order to the shop with the least work); collected from that shop, or delivered
// for the delivery fee when an administrator offers delivery. The wizard and Buy Now take the
// same choice by the same rules, and the wizard's Next Steps say what was chosen.
import { formatKwacha, kwacha, type Ngwee, ngwee } from '../money/money';
import { MAX_SETTING_KWACHA } from '../pricing/pricing';

// ---------------------------------------------------------------------------------------------
// Delivery, an administrator's setting

export interface DeliverySettings {
  /** Whether buyers may ask for their plates to be delivered. */
  readonly offered: boolean;
  /** What a delivery costs, once per order, whatever the number of plates. */
  readonly fee: Ngwee;
}

/** Offered for K50 until an administrator changes it (docs/payments.md). */
export const DEFAULT_DELIVERY: DeliverySettings = { offered: true, fee: kwacha(50) };

/** The delivery settings in an answer or a stored copy, or null when they cannot be trusted. */
export function deliverySettingsFrom(value: unknown): DeliverySettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const { offered, fee } = value as Partial<Record<keyof DeliverySettings, unknown>>;
  if (typeof offered !== 'boolean' || !Number.isInteger(fee)) return null;
  const amount = fee as number;
  return amount >= 0 && amount <= MAX_SETTING_KWACHA * 100 ? { offered, fee: ngwee(amount) } : null;
}

// ---------------------------------------------------------------------------------------------
// The buyer's choice

export const DELIVERY_ADDRESS_REQUIRED = 'Enter the address to deliver to';
export const DELIVERY_ADDRESS_TOO_LONG = 'Delivery address must be at most 500 characters';
export const SHOP_NOT_TAKING_ORDERS =
  'This plate shop is not taking orders. Choose another shop, or leave it to the administrator.';
export const DELIVERY_NOT_OFFERED =
  'Delivery is not offered at the moment. Choose to collect your plates from the plate shop.';

/** Who makes the plates (null: left to the administrator) and whether and where to deliver them. */
export interface CollectionChoice {
  shopId: string | null;
  delivery: boolean;
  deliveryAddress: string;
}

export const LEFT_TO_ADMINISTRATOR: CollectionChoice = { shopId: null, delivery: false, deliveryAddress: '' };

/** The address to deliver to, or null when the plates are collected. */
export function deliveryAddressOf(choice: Pick<CollectionChoice, 'delivery' | 'deliveryAddress'>): string | null {
  return choice.delivery ? choice.deliveryAddress.trim() : null;
}

/** The delivery fee this choice adds to the price: the setting's fee when delivery is asked for, else nothing. */
export function deliveryFeeFor(deliveryAddress: string | null, settings: DeliverySettings): Ngwee {
  return deliveryAddress === null ? ngwee(0) : settings.fee;
}

/** The delivery line of a price breakdown or receipt, or none when collected. */
export function deliveryLine(
  deliveryAddress: string | null,
  settings: DeliverySettings,
): { kind: 'delivery'; label: string; amount: Ngwee } | null {
  return deliveryAddress === null ? null : { kind: 'delivery', label: 'Delivery fee', amount: settings.fee };
}

// ---------------------------------------------------------------------------------------------
// Plate shops and distance

export interface PlateShop {
  id: string;
  name: string;
  address: string | null;
  hours: string | null;
  lat: number | null;
  lng: number | null;
}

export interface Coordinates {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in kilometres (haversine). */
export function distanceKm(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** '800 m' under a kilometre, '4.2 km' under ten, '318 km' beyond. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${Math.round(km)} km`;
}

/** The shop's distance from the buyer, when both are known. */
export function shopDistanceKm(shop: PlateShop, here: Coordinates | null): number | null {
  if (!here || shop.lat === null || shop.lng === null) return null;
  return distanceKm(here, { lat: shop.lat, lng: shop.lng });
}

/** Shops nearest first when the buyer's place is known (shops without coordinates last); otherwise by name. */
export function shopsByDistance(shops: readonly PlateShop[], here: Coordinates | null): PlateShop[] {
  const byName = [...shops].sort((a, b) => a.name.localeCompare(b.name));
  if (!here) return byName;
  const far = Number.POSITIVE_INFINITY;
  return byName.sort((a, b) => (shopDistanceKm(a, here) ?? far) - (shopDistanceKm(b, here) ?? far));
}

// ---------------------------------------------------------------------------------------------
// What the buyer is told

/** The wizard's third Next Step, as the spec titles it ('Delivery'), saying what was chosen. */
export function collectionNextStep(
  choice: { shop: Pick<PlateShop, 'name' | 'address' | 'hours'> | null; deliveryAddress: string | null },
  deliveryFee: Ngwee,
): { title: 'Delivery'; text: string } {
  const shop = choice.shop;
  if (choice.deliveryAddress !== null) {
    const maker = shop ? `${shop.name} will deliver` : 'We will deliver';
    return {
      title: 'Delivery',
      text: `${maker} your plates to ${choice.deliveryAddress} (delivery fee ${formatKwacha(deliveryFee)}).`,
    };
  }
  if (!shop)
    return {
      title: 'Delivery',
      text: 'Collect your plates from the plate shop our administrator assigns; you will be told which shop when your application is approved.',
    };
  const where = shop.address ? `${shop.name}, ${shop.address}` : shop.name;
  const hours = shop.hours ? ` Opening hours: ${shop.hours}.` : '';
  return { title: 'Delivery', text: `Collect your plates from ${where}.${hours}` };
}
