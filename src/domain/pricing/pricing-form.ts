// The administrator's prices-and-fees form: amounts typed in kwacha and fees in percent,
// turned into the stored settings (ngwee and basis points) with a message per field. The
// rest is in pricing-changes.ts.
import { z } from 'zod';
import { kwacha } from '../money/money';
import type { PricingSettings } from './pricing';
import {
  AMOUNT_INVALID,
  DAYS_INVALID,
  MAX_SETTING_KWACHA,
  PERCENT_INVALID,
  YEARS_INVALID,
} from './pricing-settings-schema';

export * from './pricing-changes';

export { AMOUNT_INVALID, DAYS_INVALID, PERCENT_INVALID, YEARS_INVALID };

const DECIMAL = /^\d+(\.\d{1,2})?$/;

const amount = z
  .string()
  .trim()
  .refine((text) => DECIMAL.test(text) && Number(text) <= MAX_SETTING_KWACHA, { error: AMOUNT_INVALID })
  .transform((text) => kwacha(Number(text)));
const percent = z
  .string()
  .trim()
  .refine((text) => DECIMAL.test(text) && Number(text) <= 100, { error: PERCENT_INVALID })
  .transform((text) => Math.round(Number(text) * 100));
const whole = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, { error: message })
    .transform(Number);

/** The form's fields as typed; parsed, they are the settings the server stores. */
export const pricingFormSchema = z
  .object({
    platePrice: amount,
    processingFee: amount,
    mtn: percent,
    airtel: percent,
    card: percent,
    bank: percent,
    reservationFee: amount,
    reservationDays: whole(1, 365, DAYS_INVALID),
    validityYears: whole(1, 50, YEARS_INVALID),
    renewalFee: amount,
  })
  .transform((form): PricingSettings => ({
    platePrice: form.platePrice,
    processingFee: form.processingFee,
    gatewayFeeBasisPoints: { mtn: form.mtn, airtel: form.airtel, card: form.card, bank: form.bank },
    reservationFee: form.reservationFee,
    reservationDays: form.reservationDays,
    validityYears: form.validityYears,
    renewalFee: form.renewalFee,
  }));
