// The administrator's prices-and-fees form: amounts typed in kwacha and fees in percent,
// turned into the stored settings (ngwee and basis points) with a message per field;
// and the difference between two versions, for the history of changes.
import { z } from 'zod';
import { formatKwacha, kwacha, type Ngwee } from '../money/money';
import { gatewayFeeLabel, PAYMENT_METHODS, type PaymentMethodId, type PricingSettings } from './pricing';
import { AMOUNT_INVALID, DAYS_INVALID, MAX_SETTING_KWACHA, PERCENT_INVALID, YEARS_INVALID } from './pricing-settings-schema';

export const PRICING_FORM_FIELDS = ['platePrice', 'processingFee', 'mtn', 'airtel', 'card', 'bank', 'reservationFee', 'reservationDays', 'validityYears', 'renewalFee'] as const;
export type PricingFormField = (typeof PRICING_FORM_FIELDS)[number];
export type PricingFormValues = Record<PricingFormField, string>;

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
  .transform(
    (form): PricingSettings => ({
      platePrice: form.platePrice,
      processingFee: form.processingFee,
      gatewayFeeBasisPoints: { mtn: form.mtn, airtel: form.airtel, card: form.card, bank: form.bank },
      reservationFee: form.reservationFee,
      reservationDays: form.reservationDays,
      validityYears: form.validityYears,
      renewalFee: form.renewalFee,
    }),
  );

const kwachaText = (amountInNgwee: Ngwee) => (amountInNgwee % 100 === 0 ? String(amountInNgwee / 100) : (amountInNgwee / 100).toFixed(2));
const percentText = (basisPoints: number) => String(basisPoints / 100);

/** The form filled with settings as they stand. */
export function pricingFormValues(settings: PricingSettings): PricingFormValues {
  const fees = settings.gatewayFeeBasisPoints;
  return {
    platePrice: kwachaText(settings.platePrice),
    processingFee: kwachaText(settings.processingFee),
    mtn: percentText(fees.mtn),
    airtel: percentText(fees.airtel),
    card: percentText(fees.card),
    bank: percentText(fees.bank),
    reservationFee: kwachaText(settings.reservationFee),
    reservationDays: String(settings.reservationDays),
    validityYears: String(settings.validityYears),
    renewalFee: kwachaText(settings.renewalFee),
  };
}

export interface SettingChange {
  label: string;
  from: string;
  to: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What changed from one version to the next, in the form's words ("Plate price: K300.00 → K350.00"). */
export function pricingChanges(previous: PricingSettings | null, next: PricingSettings): SettingChange[] {
  const rows: { label: string; show: (settings: PricingSettings) => string }[] = [
    { label: 'Plate price', show: (settings) => formatKwacha(settings.platePrice) },
    { label: 'Processing fee', show: (settings) => formatKwacha(settings.processingFee) },
    ...PAYMENT_METHODS.map((method) => ({ label: `Gateway fee, ${method.name}`, show: (settings: PricingSettings) => gatewayFeeLabel(method.id satisfies PaymentMethodId, settings) })),
    { label: 'Reservation fee', show: (settings) => formatKwacha(settings.reservationFee) },
    { label: 'Reservation length', show: (settings) => plural(settings.reservationDays, 'day') },
    { label: 'Plate validity', show: (settings) => plural(settings.validityYears, 'year') },
    { label: 'Renewal fee', show: (settings) => formatKwacha(settings.renewalFee) },
  ];
  return rows.flatMap((row) => {
    const to = row.show(next);
    const from = previous ? row.show(previous) : '';
    return from === to ? [] : [{ label: row.label, from, to }];
  });
}
