// The administrator's prices-and-fees form: its fields, the settings shown as typed text
// (kwacha and percent), and the difference between two versions, for the history of
// changes. The form's rules (zod) are in pricing-form.ts, so the settings screen needs no
// zod until the form is saved.
import { formatKwacha, type Ngwee } from '../money/money';
import { gatewayFeeLabel, PAYMENT_METHODS, type PaymentMethodId, type PricingSettings } from './pricing';

export const PRICING_FORM_FIELDS = [
  'platePrice',
  'processingFee',
  'mtn',
  'airtel',
  'card',
  'bank',
  'reservationFee',
  'reservationDays',
  'validityYears',
  'renewalFee',
] as const;
export type PricingFormField = (typeof PRICING_FORM_FIELDS)[number];
export type PricingFormValues = Record<PricingFormField, string>;

const kwachaText = (amountInNgwee: Ngwee) =>
  amountInNgwee % 100 === 0 ? String(amountInNgwee / 100) : (amountInNgwee / 100).toFixed(2);
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
    ...PAYMENT_METHODS.map((method) => ({
      label: `Gateway fee, ${method.name}`,
      show: (settings: PricingSettings) => gatewayFeeLabel(method.id satisfies PaymentMethodId, settings),
    })),
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
