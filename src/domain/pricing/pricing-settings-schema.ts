// Pricing settings as a zod schema, for the administrator's settings screen and
// for reading stored settings. Apart from pricing.ts so the calculator needs no zod.
import { z } from 'zod';
import { ngwee } from '../money/money';
import { MAX_SETTING_KWACHA, type PricingSettings } from './pricing';

export { MAX_SETTING_KWACHA };

/** The words for each bound, the same in the form and the API (docs/payments.md). */
export const AMOUNT_INVALID =
  'Enter an amount in kwacha from 0 to 1,000,000, with at most two decimals (for example 300 or 12.50)';
export const PERCENT_INVALID = 'Enter a percentage from 0 to 100, with at most two decimals (for example 2 or 2.5)';
export const DAYS_INVALID = 'Enter a whole number of days from 1 to 365';
export const YEARS_INVALID = 'Enter a whole number of years from 1 to 50';

// Amounts in ngwee, bounded: an unbounded fee overflowed every quote into a server error.
const money = z
  .number({ error: AMOUNT_INVALID })
  .int({ error: AMOUNT_INVALID })
  .min(0, { error: AMOUNT_INVALID })
  .max(MAX_SETTING_KWACHA * 100, { error: AMOUNT_INVALID })
  .transform((n) => ngwee(n));
const basisPoints = z
  .number({ error: PERCENT_INVALID })
  .int({ error: PERCENT_INVALID })
  .min(0, { error: PERCENT_INVALID })
  .max(10_000, { error: PERCENT_INVALID });

/** Settings as an administrator may edit them (amounts in ngwee); also validates stored settings. */
export const pricingSettingsSchema = z.object({
  platePrice: money,
  processingFee: money,
  gatewayFeeBasisPoints: z.object({ mtn: basisPoints, airtel: basisPoints, card: basisPoints, bank: basisPoints }),
  reservationFee: money,
  reservationDays: z
    .number({ error: DAYS_INVALID })
    .int({ error: DAYS_INVALID })
    .min(1, { error: DAYS_INVALID })
    .max(365, { error: DAYS_INVALID }),
  validityYears: z
    .number({ error: YEARS_INVALID })
    .int({ error: YEARS_INVALID })
    .min(1, { error: YEARS_INVALID })
    .max(50, { error: YEARS_INVALID }),
  renewalFee: money,
}) satisfies z.ZodType<PricingSettings, unknown>;
