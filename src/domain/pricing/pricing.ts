// Prices, fees and durations of a plate purchase or reservation (spec section 9).
// The figures are defaults an administrator can change, so every rule takes the
// settings as an argument instead of reading constants.
import {
  addMoney,
  kwacha,
  maxMoney,
  multiplyMoney,
  percentOfBasisPoints,
  subtractMoney,
  ZERO_NGWEE,
} from '../money/money';
import type { Ngwee } from '../money/money';

export const PAYMENT_METHOD_IDS = ['mtn', 'airtel', 'card', 'bank'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export interface PaymentMethod {
  readonly id: PaymentMethodId;
  readonly name: string;
  /** The fee as shown with the default settings; use gatewayFeeLabel for configured settings. */
  readonly feeLabel: string;
}

export const PAYMENT_METHODS = [
  { id: 'mtn', name: 'MTN Mobile Money', feeLabel: '2%' },
  { id: 'airtel', name: 'Airtel Money', feeLabel: '2%' },
  { id: 'card', name: 'Credit/Debit Card', feeLabel: '3%' },
  { id: 'bank', name: 'Bank Transfer', feeLabel: 'Free' },
] as const satisfies readonly PaymentMethod[];

export function isPaymentMethodId(value: unknown): value is PaymentMethodId {
  return typeof value === 'string' && (PAYMENT_METHOD_IDS as readonly string[]).includes(value);
}

export function paymentMethodName(id: PaymentMethodId): string {
  return PAYMENT_METHODS.find((method) => method.id === id)?.name ?? id;
}

export interface PricingSettings {
  readonly platePrice: Ngwee;
  readonly processingFee: Ngwee;
  /** Gateway fee per method in basis points (200 = 2%) of the plates subtotal. */
  readonly gatewayFeeBasisPoints: Readonly<Record<PaymentMethodId, number>>;
  readonly reservationFee: Ngwee;
  readonly reservationDays: number;
  readonly validityYears: number;
  /** What renewing a plate's registration for another validityYears costs, all in (docs/decisions/018). */
  readonly renewalFee: Ngwee;
}

/** The bound of every amount in the settings (K1,000,000), the same in the form and the API (docs/payments.md). */
export const MAX_SETTING_KWACHA = 1_000_000;

const isWhole = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
const isAmount = (value: unknown): value is Ngwee => isWhole(value, 0, MAX_SETTING_KWACHA * 100);
const isBasisPoints = (value: unknown): value is number => isWhole(value, 0, 10_000);

/**
 * Settings kept on the device or sent by the server, checked without the form's rules (zod,
 * pricing-settings-schema.ts, which a property test holds this to): the settings, or null
 * when any is missing or out of bounds.
 */
export function pricingSettingsFrom(value: unknown): PricingSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const given = value as Partial<Record<keyof PricingSettings, unknown>>;
  const fees = given.gatewayFeeBasisPoints;
  if (typeof fees !== 'object' || fees === null) return null;
  const fee = fees as Partial<Record<PaymentMethodId, unknown>>;
  const { platePrice, processingFee, reservationFee, reservationDays, validityYears, renewalFee } = given;
  if (!isAmount(platePrice) || !isAmount(processingFee) || !isAmount(reservationFee) || !isAmount(renewalFee))
    return null;
  if (!isBasisPoints(fee.mtn) || !isBasisPoints(fee.airtel) || !isBasisPoints(fee.card) || !isBasisPoints(fee.bank))
    return null;
  if (!isWhole(reservationDays, 1, 365) || !isWhole(validityYears, 1, 50)) return null;
  return {
    platePrice,
    processingFee,
    gatewayFeeBasisPoints: { mtn: fee.mtn, airtel: fee.airtel, card: fee.card, bank: fee.bank },
    reservationFee,
    reservationDays,
    validityYears,
    renewalFee,
  };
}

export const DEFAULT_PRICING: PricingSettings = {
  platePrice: kwacha(300),
  processingFee: kwacha(10),
  gatewayFeeBasisPoints: { mtn: 200, airtel: 200, card: 300, bank: 0 },
  reservationFee: kwacha(200),
  reservationDays: 7,
  validityYears: 5,
  renewalFee: kwacha(300),
};

export interface PriceBreakdown {
  readonly numberOfPlates: number;
  readonly plateSubtotal: Ngwee;
  readonly processingFee: Ngwee;
  /** Null until a payment method is chosen: the screen shows the gateway line only then. */
  readonly gatewayFee: Ngwee | null;
  readonly total: Ngwee;
}

/**
 * Plates × price + processing fee + gateway fee, where the gateway fee is a percentage of
 * the plates subtotal only, never of the processing fee.
 */
export function priceBreakdown(
  numberOfPlates: number,
  method: PaymentMethodId | undefined,
  settings: PricingSettings,
): PriceBreakdown {
  if (!Number.isSafeInteger(numberOfPlates) || numberOfPlates < 1) {
    throw new RangeError(`Number of plates must be a positive whole number, got ${numberOfPlates}`);
  }
  const plateSubtotal = multiplyMoney(settings.platePrice, numberOfPlates);
  const gatewayFee =
    method === undefined ? null : percentOfBasisPoints(plateSubtotal, settings.gatewayFeeBasisPoints[method]);
  return {
    numberOfPlates,
    plateSubtotal,
    processingFee: settings.processingFee,
    gatewayFee,
    total: addMoney(plateSubtotal, settings.processingFee, gatewayFee ?? ZERO_NGWEE),
  };
}

/** '2%', '2.5%' or 'Free', from the configured basis points of the method. */
export function gatewayFeeLabel(method: PaymentMethodId, settings: PricingSettings): string {
  const bp = settings.gatewayFeeBasisPoints[method];
  if (bp === 0) return 'Free';
  const whole = Math.trunc(bp / 100);
  const hundredths = Math.abs(bp % 100);
  if (hundredths === 0) return `${whole}%`;
  return `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}%`;
}

/** What is left to pay for a reserved plate once the reservation fee is deducted; never below zero. */
export function reservationFeeDeduction(priceOfPlate: Ngwee, reservationFeePaid: Ngwee): Ngwee {
  return maxMoney(ZERO_NGWEE, subtractMoney(priceOfPlate, reservationFeePaid));
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The instant a reservation lapses: exactly reservationDays × 24 hours after it was made. */
export function reservationExpiresAt(reservedAt: Date, settings: PricingSettings): Date {
  return new Date(reservedAt.getTime() + settings.reservationDays * MS_PER_DAY);
}

export function isReservationActive(reservedAt: Date, now: Date, settings: PricingSettings): boolean {
  return now.getTime() < reservationExpiresAt(reservedAt, settings).getTime();
}

/**
 * The day a plate registered at `registeredAt` stops being valid: validityYears later on
 * the same calendar day and time (UTC). A plate registered on 29 February expires on
 * 28 February when the target year is not a leap year, so it never gains a day.
 */
export function plateExpiryDate(registeredAt: Date, settings: PricingSettings): Date {
  const year = registeredAt.getUTCFullYear() + settings.validityYears;
  const month = registeredAt.getUTCMonth();
  const daysInTargetMonth = new Date(Date.UTC(2000, month + 1, 0)).getUTCDate();
  const lastDay = month === 1 && !isLeapYear(year) ? 28 : daysInTargetMonth;
  const expiry = new Date(registeredAt.getTime());
  expiry.setUTCFullYear(year, month, Math.min(registeredAt.getUTCDate(), lastDay));
  return expiry;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
