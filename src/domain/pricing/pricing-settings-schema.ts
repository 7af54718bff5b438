// Pricing settings as a zod schema, for the administrator's settings screen and
// for reading stored settings. Apart from pricing.ts so the calculator needs no zod.
import { z } from 'zod';
import { ngwee } from '../money/money';
import type { PricingSettings } from './pricing';

const money = z.number().int().nonnegative().transform((n) => ngwee(n));
const basisPoints = z.number().int().min(0).max(10_000);

/** Settings as an administrator may edit them (amounts in ngwee); also validates stored settings. */
export const pricingSettingsSchema = z.object({
  platePrice: money,
  processingFee: money,
  gatewayFeeBasisPoints: z.object({ mtn: basisPoints, airtel: basisPoints, card: basisPoints, bank: basisPoints }),
  reservationFee: money,
  reservationDays: z.number().int().min(1).max(365),
  validityYears: z.number().int().min(1).max(50),
  renewalFee: money,
}) satisfies z.ZodType<PricingSettings, unknown>;
